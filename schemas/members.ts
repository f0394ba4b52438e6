// Organization members as the workspace, project and recycle-bin screens list them (spec 000 section 3
// "Workspace member" and "Organization member in admin lists").
import type { FromSchema } from 'json-schema-to-ts';
import { doneSchema, genderCodes, genders, page, pageSize, uuid } from './common';
import { endpoint } from './endpoint';
import { failureEnvelope } from './envelope';
import { allMembersQuery, binCountSchema, idParams } from './recycleBin';
import { ADMIN_ROLES, ALL_BUT_COLLECTOR, MANAGER_ROLES, roles, type RoleName } from './roles';
import { idBody } from './workspaces';

const name = { type: 'string', maxLength: 200 } as const;
const email = { type: 'string', maxLength: 254 } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time', maxLength: 40 } as const;
/** Unpaged lists of people, and a member's workspaces: more than any organization has. */
const MANY = 100000;
/** A member's role, in a list as the spec has it (one role per membership today). */
const named = { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } } as const;
const memberRoles = { type: 'array', maxItems: roles.length, items: named } as const;
const workspaceRefs = {
  type: 'array',
  maxItems: MANY,
  items: { type: 'object', required: ['id', 'name'], properties: { id: uuid, name } },
} as const;
/** A member's languages: at most every language there is (some 250). */
const languageRefs = {
  type: 'array',
  maxItems: 1000,
  items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name } },
} as const;
const gender = { type: ['integer', 'null'] } as const;
const location = { type: ['string', 'null'], maxLength: 200 } as const;

export const workspaceMemberSchema = {
  $id: 'WorkspaceMember',
  type: 'object',
  required: ['id', 'fullName', 'roles'],
  properties: { id: uuid, fullName: name, roles: memberRoles },
} as const;
export type WorkspaceMember = FromSchema<typeof workspaceMemberSchema>;

/** GET /Members/getAllOrgMembersInWorkspace: everyone in the workspace (the project form's choices). */
export const workspaceMembersSchema = { type: 'array', maxItems: MANY, items: workspaceMemberSchema } as const;

/** `id` is the user, `organizationMemberId` the membership: the recycle bin acts on the membership. */
export const organizationMemberSchema = {
  $id: 'OrganizationMember',
  type: 'object',
  required: ['id', 'organizationMemberId', 'fullName', 'email', 'roles', 'workspaces', 'deletedAt', 'gender', 'location', 'languages'],
  properties: {
    id: uuid,
    organizationMemberId: uuid,
    fullName: name,
    email,
    roles: memberRoles,
    workspaces: workspaceRefs,
    deletedAt: nullableDateTime,
    gender,
    location,
    languages: languageRefs,
  },
} as const;
export type OrganizationMember = FromSchema<typeof organizationMemberSchema>;

/** GET /Members/getAllMembersOfOrganization: a page of the admin table, or of the bin. */
export const organizationMemberListSchema = {
  type: 'object',
  required: ['members', 'totalSize'],
  properties: {
    members: { type: 'array', maxItems: pageSize.maximum, items: organizationMemberSchema },
    totalSize: { type: 'integer', minimum: 0 },
  },
} as const;

export const workspaceMembersQuery = { type: 'object', required: ['WorkSpaceId'], properties: { WorkSpaceId: uuid } } as const;

// ---- Member management (spec 001 sections 3 "Members", 5 "Member forms", 6 and 7) ----

/** Gender codes of spec 001 section 3 (declared in ./common, which schemas/tasks.ts reads them from). */
export { genders, genderCodes };

/**
 * The roles each role may give a member it adds or edits (spec 001 sections 5 and 6). The forms offer a
 * subset per page (`roleOptionsFor`); the server enforces this table. The owner and the organization-wide
 * admins may grant every project role; a senior manager up to Project Manager; a project manager Data
 * Collector and Junior Manager; a junior manager only Data Collector.
 */
export const rolesAddableBy: Record<RoleName, readonly RoleName[]> = {
  Organization: ['SeniorProjectManager', 'ProjectManager', 'JuniorProjectManager', 'DataCollector', 'Guest'],
  SuperAdmin: ['SeniorProjectManager', 'ProjectManager', 'JuniorProjectManager', 'DataCollector', 'Guest'],
  AdminOfOrganization: ['SeniorProjectManager', 'ProjectManager', 'JuniorProjectManager', 'DataCollector', 'Guest'],
  SeniorProjectManager: ['DataCollector', 'JuniorProjectManager', 'ProjectManager'],
  ProjectManager: ['DataCollector', 'JuniorProjectManager'],
  JuniorProjectManager: ['DataCollector'],
  DataCollector: [],
  Guest: [],
  OrgSuperAdmin: [],
};

export type MemberFormPage = 'admin' | 'project' | 'enumerators';

/** The role options a form shows (spec 001 section 5 "Role options"), always within `rolesAddableBy`. */
export function roleOptionsFor(page: MemberFormPage, callerRoles: readonly RoleName[]): RoleName[] {
  const allowed = new Set(callerRoles.flatMap((r) => rolesAddableBy[r]));
  const offered: readonly RoleName[] =
    page === 'enumerators'
      ? ['DataCollector']
      : page === 'admin'
        ? ['SeniorProjectManager', 'ProjectManager', 'Guest']
        : callerRoles.includes('SeniorProjectManager')
          ? ['DataCollector', 'JuniorProjectManager', 'ProjectManager']
          : ['DataCollector', 'JuniorProjectManager'];
  return offered.filter((r) => allowed.has(r));
}

const memberFields = {
  fullName: { type: 'string', minLength: 1, maxLength: 200 },
  roleId: { type: 'integer', minimum: 1, maximum: 9 },
  workspaceIds: { type: 'array', maxItems: 100, uniqueItems: true, items: uuid },
  languages: { type: 'array', minItems: 1, maxItems: 50, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 100000 } },
  locationId: { type: 'integer', minimum: 1, maximum: 100000 },
  gender: { type: 'integer', enum: genderCodes },
} as const;

/** POST /Members/add: the member payload. `projectId` from the project and enumerators pages. */
export const addMemberBody = {
  type: 'object',
  required: ['fullName', 'email', 'roleId', 'languages', 'locationId', 'gender'],
  additionalProperties: false,
  properties: { ...memberFields, email: { type: 'string', minLength: 1, maxLength: 254 }, projectId: uuid },
} as const;
export type AddMemberBody = FromSchema<typeof addMemberBody>;

/** POST /Members/edit: `id` is the organizationMemberId; the e-mail is not editable. */
export const editMemberBody = {
  type: 'object',
  required: ['id', 'fullName', 'roleId', 'languages', 'locationId', 'gender'],
  additionalProperties: false,
  properties: { ...memberFields, id: uuid, email: { type: 'string', maxLength: 254 }, projectId: uuid },
} as const;
export type EditMemberBody = FromSchema<typeof editMemberBody>;

/** The filters of the member tables (spec 001 section 3 "Data collection filter fields"). */
const memberFilters = {
  Search: { type: 'string', maxLength: 200 },
  RoleId: { type: 'integer', minimum: 1, maximum: 9 },
  LanguageId: { type: 'integer', minimum: 1, maximum: 100000 },
  Gender: { type: 'integer', enum: genderCodes },
  LocationId: { type: 'integer', minimum: 1, maximum: 100000 },
  isDeleted: { type: 'boolean', default: false },
  Page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  PageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
} as const;

/**
 * GET /Members/getAllMembersOfOrganization: the admin list's paging and search (lower case, as the
 * recycle bin sends them) with the member filters of the project list, and a workspace.
 */
export const organizationMembersQuery = {
  type: 'object',
  properties: {
    isDeleted: { type: 'boolean', default: false },
    search: { type: 'string', maxLength: 200 },
    page,
    pageSize,
    RoleId: memberFilters.RoleId,
    LanguageId: memberFilters.LanguageId,
    Gender: memberFilters.Gender,
    LocationId: memberFilters.LocationId,
    WorkspaceId: uuid,
  },
} as const;
export type OrganizationMembersQuery = FromSchema<typeof organizationMembersQuery>;

/** GET /Projects/getAllProjectMembers/{projectId}. */
export const projectMembersQuery = { type: 'object', properties: { ...memberFilters, ProjectId: uuid } } as const;
export type ProjectMembersQuery = FromSchema<typeof projectMembersQuery>;
export const projectIdParams = { type: 'object', required: ['projectId'], properties: { projectId: uuid } } as const;

/** POST /account/acceptInvitation: the e-mailed link's token and the first password. */
export const acceptInvitationBody = {
  type: 'object',
  required: ['token', 'newPassword', 'confirmPassword'],
  properties: {
    token: { type: 'string', minLength: 20, maxLength: 100 },
    newPassword: { type: 'string', minLength: 1, maxLength: 128 },
    confirmPassword: { type: 'string', minLength: 1, maxLength: 128 },
  },
} as const;

/** One row of the project members table (spec 001 section 3 "Project member"). */
export const projectMemberSchema = {
  $id: 'ProjectMember',
  type: 'object',
  required: [
    'memberId',
    'projectMemberId',
    'organizationMemberId',
    'name',
    'email',
    'gender',
    'location',
    'locationId',
    'role',
    'roleId',
    'selectedLanguages',
    'deletedAt',
  ],
  properties: {
    memberId: uuid,
    projectMemberId: uuid,
    organizationMemberId: uuid,
    name,
    email,
    gender,
    location,
    locationId: { type: ['integer', 'null'] },
    role: { type: 'string', maxLength: 40 },
    roleId: { type: 'integer' },
    selectedLanguages: languageRefs,
    deletedAt: nullableDateTime,
  },
} as const;
export type ProjectMember = FromSchema<typeof projectMemberSchema>;

/** GET /Projects/getAllProjectMembers/{projectId}: a page of the project's members, or of its bin. */
export const projectMemberListSchema = {
  type: 'object',
  required: ['members', 'totalSize'],
  properties: {
    members: { type: 'array', maxItems: memberFilters.PageSize.maximum, items: projectMemberSchema },
    totalSize: { type: 'integer', minimum: 0 },
  },
} as const;

/** GET /Members/getById/{id}: one member for the edit and preview dialogs. */
export const memberDetailSchema = {
  type: 'object',
  required: [
    'id',
    'fullName',
    'email',
    'roleId',
    'role',
    'gender',
    'locationId',
    'location',
    'languages',
    'selectedLanguages',
    'workspaceIds',
    'workspaces',
    'isSelf',
  ],
  properties: {
    /** The membership (organizationMemberId). */
    id: uuid,
    fullName: name,
    email,
    roleId: { type: 'integer' },
    role: { type: 'string', maxLength: 40 },
    gender,
    locationId: { type: ['integer', 'null'] },
    location,
    languages: { type: 'array', maxItems: 1000, items: { type: 'integer' } },
    selectedLanguages: languageRefs,
    workspaceIds: { type: 'array', maxItems: MANY, items: uuid },
    workspaces: workspaceRefs,
    /** The caller's own membership: the dialog keeps them from changing their own role. */
    isSelf: { type: 'boolean' },
  },
} as const;
export type MemberDetail = FromSchema<typeof memberDetailSchema>;

/** POST /Members/add: the membership, and whether an invitation e-mail went out (not to one already in). */
export const addedMemberSchema = {
  type: 'object',
  required: ['organizationMemberId', 'invited'],
  properties: { organizationMemberId: uuid, invited: { type: 'boolean' } },
} as const;

/** POST /Members/addMembers: the rows read from the workbook (1,000 at most, spec 001 section 5). */
export const addMembersBody = { type: 'array', minItems: 1, maxItems: 1000, items: addMemberBody } as const;
export const templateQuery = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { type: 'string', enum: ['users', 'members'] } },
} as const;

/**
 * POST /Members/addMembers: how many went in, and each refused row with the reason: the catalogue's
 * problem code with its message, or a message of its own (no code) when it names a detail.
 */
export const bulkAddResultSchema = {
  type: 'object',
  required: ['added', 'failed'],
  additionalProperties: false,
  properties: {
    added: { type: 'integer', minimum: 0 },
    failed: {
      type: 'array',
      maxItems: addMembersBody.maxItems,
      items: {
        type: 'object',
        required: ['email', 'message'],
        additionalProperties: false,
        properties: { email, message: { type: 'string', maxLength: 500 }, code: failureEnvelope.properties.code },
      },
    },
  },
} as const;

/** Who may open the add-member dialog (spec 001 section 6): the five manager roles and the junior manager. */
export const MEMBER_EDITORS = [...MANAGER_ROLES, 'JuniorProjectManager'] as const satisfies readonly RoleName[];

/**
 * The member calls: the lists the workspace, project and recycle-bin screens read (server/routes/orgMembers.ts)
 * and member management (server/routes/memberManagement.ts). getMembersTemplate answers a workbook.
 */
export const MEMBERS_API = {
  getAllOrgMembersInWorkspace: endpoint({
    method: 'GET',
    path: '/Members/getAllOrgMembersInWorkspace',
    access: ALL_BUT_COLLECTOR,
    query: workspaceMembersQuery,
    answer: workspaceMembersSchema,
  }),
  getAllMembersOfOrganization: endpoint({
    method: 'GET',
    path: '/Members/getAllMembersOfOrganization',
    access: ADMIN_ROLES,
    query: organizationMembersQuery,
    answer: organizationMemberListSchema,
  }),
  /** `id` is the organizationMemberId (the membership), as the recycle bin names it. */
  delete: endpoint({ method: 'POST', path: '/Members/delete', access: ADMIN_ROLES, body: idBody, answer: doneSchema }),
  permanentlyDeleteOrRestoreAllOrganizationMembers: endpoint({
    method: 'POST',
    path: '/Members/permanentlyDeleteOrRestoreAllOrganizationMembers',
    access: ADMIN_ROLES,
    query: allMembersQuery,
    answer: binCountSchema,
  }),
  add: endpoint({ method: 'POST', path: '/Members/add', access: MEMBER_EDITORS, body: addMemberBody, answer: addedMemberSchema }),
  addMembers: endpoint({
    method: 'POST',
    path: '/Members/addMembers',
    access: MEMBER_EDITORS,
    body: addMembersBody,
    answer: bulkAddResultSchema,
  }),
  getMembersTemplate: endpoint({
    method: 'GET',
    path: '/Members/getMembersTemplate',
    access: MEMBER_EDITORS,
    query: templateQuery,
    answer: { file: 'the template workbook (.xlsx)' },
  }),
  edit: endpoint({ method: 'POST', path: '/Members/edit', access: MEMBER_EDITORS, body: editMemberBody, answer: doneSchema }),
  getById: endpoint({
    method: 'GET',
    path: '/Members/getById/:id',
    access: ALL_BUT_COLLECTOR,
    params: idParams,
    answer: memberDetailSchema,
  }),
  getAllProjectMembers: endpoint({
    method: 'GET',
    path: '/Projects/getAllProjectMembers/:projectId',
    access: ALL_BUT_COLLECTOR,
    params: projectIdParams,
    query: projectMembersQuery,
    answer: projectMemberListSchema,
  }),
  /** Not in the spec: the link of the invitation e-mail. */
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/Account/acceptInvitation',
    access: 'public',
    body: acceptInvitationBody,
    answer: doneSchema,
  }),
} as const;
