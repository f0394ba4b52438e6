// The project members page (/members), its deleted members, and the organization members table of the
// admin User Management page (/admin-user-management) (spec 001 sections 2 "Member management", 6;
// spec 000 for the admin table). The add, edit and preview dialogs are src/pages/members/: they open
// from these declarations through the address (?add, ?edit=, ?preview=), so a reload keeps them open.
import { entityTypes } from '../entityTypes';
import { genders, organizationMemberSchema, projectMemberSchema } from '../members';
import { ADMIN_ROLES, MANAGER_ROLES, ORGANIZATION_ONLY, type RoleName } from '../roles';
import { binRowActions, confirmSoftDelete } from './shared';
import type { ListFilter, ScreenDeclaration } from './types';
import { LOOKUPS_API } from '../lookups';
import { MEMBERS_API } from '../members';
import { RECYCLE_BIN_API } from '../recycleBin';

const { ProjectMember, OrganizationMember } = entityTypes;

/** Who may add on the project page: the five manager roles and the junior manager (spec 001 section 6). */
export const MEMBER_ADDERS = [...MANAGER_ROLES, 'JuniorProjectManager'] as const satisfies readonly RoleName[];
/** Row actions on the admin page (spec 001 section 6). */
const ADMIN_ROW_ROLES = ['Organization', 'SeniorProjectManager'] as const satisfies readonly RoleName[];

const genderChoices = Object.values(genders).map((value) => ({ value, label: `memberManagement.genders.${value}` }));

const memberFilters = (o: { roleParam: string; languageParam: string; genderParam: string; locationParam: string }): ListFilter[] => [
  {
    param: o.roleParam,
    label: 'memberManagement.columns.role',
    options: { call: { endpoint: LOOKUPS_API.getAllOrganizationRoles }, items: '', value: 'id', label: 'name' },
    labels: 'roles.',
  },
  {
    param: o.languageParam,
    label: 'memberManagement.columns.languages',
    options: { call: { endpoint: LOOKUPS_API.getAll }, items: '', value: 'id', label: 'name' },
  },
  { param: o.genderParam, label: 'memberManagement.columns.gender', choices: genderChoices },
  {
    param: o.locationParam,
    label: 'memberManagement.columns.location',
    options: { call: { endpoint: LOOKUPS_API.getAllCountries }, items: '', value: 'id', label: 'name' },
  },
];

const projectMembersCall = (isDeleted: boolean) =>
  ({ endpoint: MEMBERS_API.getAllProjectMembers, params: { projectId: '{ctx.projectId}' }, query: { isDeleted } }) as const;

export const deletedProjectMembersScreen: ScreenDeclaration = {
  id: 'deletedProjectMembers',
  title: 'memberManagement.deleted.title',
  entity: projectMemberSchema,
  layout: 'table',
  source: { call: projectMembersCall(true), items: 'members', total: 'totalSize', rowKey: 'projectMemberId' },
  columns: [
    { key: 'name', label: 'memberManagement.columns.name', kind: 'text', primary: true },
    { key: 'email', label: 'memberManagement.columns.email', kind: 'text', hideBelow: 'md' },
    { key: 'deletedAt', label: 'deletedItems.deletedAt', kind: 'date', hideBelow: 'md' },
  ],
  search: { placeholder: 'memberManagement.search', debounceMs: 800, param: 'Search' },
  pagination: { pageSize: 10, params: { page: 'Page', pageSize: 'PageSize' } },
  rowActions: binRowActions({
    entityType: ProjectMember,
    idField: 'projectMemberId',
    roles: MANAGER_ROLES,
    purgeWarning: 'memberManagement.deleted.purgeWarning',
    restoreFailure: 'memberManagement.deleted.restoreFailed',
    deleteFailure: 'memberManagement.deleted.deleteFailed',
  }),
  toolbar: [],
  empty: 'memberManagement.deleted.empty',
};

export const projectMembersScreen: ScreenDeclaration = {
  id: 'projectMembers',
  title: 'memberManagement.title',
  entity: projectMemberSchema,
  layout: 'table',
  source: { call: projectMembersCall(false), items: 'members', total: 'totalSize', rowKey: 'projectMemberId' },
  columns: [
    { key: 'name', label: 'memberManagement.columns.name', kind: 'text', primary: true },
    { key: 'email', label: 'memberManagement.columns.email', kind: 'text', hideBelow: 'md' },
    { key: 'role', label: 'memberManagement.columns.role', kind: 'label', labels: 'roles', hideBelow: 'md' },
    { key: 'gender', label: 'memberManagement.columns.gender', kind: 'label', labels: 'memberManagement.genders', hideBelow: 'lg' },
    { key: 'selectedLanguages', label: 'memberManagement.columns.languages', kind: 'names', hideBelow: 'lg' },
    { key: 'location', label: 'memberManagement.columns.location', kind: 'text', hideBelow: 'lg' },
  ],
  search: { placeholder: 'memberManagement.search', debounceMs: 500, param: 'Search' },
  filters: memberFilters({ roleParam: 'RoleId', languageParam: 'LanguageId', genderParam: 'Gender', locationParam: 'LocationId' }),
  pagination: { pageSize: 10, sizes: [10, 20, 50, 100], params: { page: 'Page', pageSize: 'PageSize' } },
  selection: {
    roles: MANAGER_ROLES,
    actions: [
      {
        id: 'deleteSelected',
        label: 'memberManagement.deleteSelected',
        icon: 'delete',
        tone: 'danger',
        confirm: confirmSoftDelete,
        run: {
          kind: 'call',
          call: {
            endpoint: RECYCLE_BIN_API.bulkToggleDeleteOrRestore,
            query: { entityType: ProjectMember, isDeleted: true },
            body: 'selection',
          },
        },
        success: 'deletedItems.bulkDeleted',
        failure: 'memberManagement.deleteManyFailed',
      },
    ],
  },
  rowActions: [
    {
      id: 'preview',
      label: 'memberManagement.preview',
      icon: 'open',
      roles: MANAGER_ROLES,
      run: { kind: 'navigate', to: '/members?preview={row.organizationMemberId}' },
    },
    {
      id: 'edit',
      label: 'memberManagement.edit',
      icon: 'edit',
      roles: MANAGER_ROLES,
      run: { kind: 'navigate', to: '/members?edit={row.organizationMemberId}' },
    },
    {
      id: 'delete',
      label: 'memberManagement.delete',
      icon: 'delete',
      tone: 'danger',
      roles: MANAGER_ROLES,
      confirm: confirmSoftDelete,
      run: {
        kind: 'call',
        call: {
          endpoint: RECYCLE_BIN_API.toggleDeleteOrRestore,
          params: { id: '{row.projectMemberId}' },
          query: { entityType: ProjectMember, isDeleted: true },
        },
      },
      success: 'deletedItems.bulkDeleted',
      failure: 'memberManagement.deleteFailed',
    },
  ],
  toolbar: [
    {
      id: 'deleted',
      label: 'memberManagement.deleted.open',
      icon: 'trash',
      tone: 'neutral',
      roles: MANAGER_ROLES,
      run: { kind: 'dialog', screen: 'deletedProjectMembers' },
    },
    {
      id: 'add',
      label: 'memberManagement.add',
      icon: 'add',
      tone: 'primary',
      roles: MEMBER_ADDERS,
      run: { kind: 'navigate', to: '/members?add=1' },
    },
  ],
  empty: 'memberManagement.empty',
};

export const organizationMembersScreen: ScreenDeclaration = {
  id: 'organizationMembers',
  title: 'memberManagement.adminTitle',
  entity: organizationMemberSchema,
  layout: 'table',
  source: {
    call: { endpoint: MEMBERS_API.getAllMembersOfOrganization },
    items: 'members',
    total: 'totalSize',
    rowKey: 'organizationMemberId',
  },
  columns: [
    { key: 'fullName', label: 'memberManagement.columns.name', kind: 'text', primary: true },
    { key: 'email', label: 'memberManagement.columns.email', kind: 'text', hideBelow: 'md' },
    { key: 'gender', label: 'memberManagement.columns.gender', kind: 'label', labels: 'memberManagement.genders', hideBelow: 'lg' },
    { key: 'languages', label: 'memberManagement.columns.languages', kind: 'names', hideBelow: 'lg' },
    { key: 'location', label: 'memberManagement.columns.location', kind: 'text', hideBelow: 'lg' },
    { key: 'roles', label: 'memberManagement.columns.role', kind: 'roles', hideBelow: 'md' },
    { key: 'workspaces', label: 'memberManagement.columns.workspace', kind: 'names', hideBelow: 'md' },
  ],
  search: { placeholder: 'memberManagement.search', debounceMs: 500 },
  filters: memberFilters({ roleParam: 'RoleId', languageParam: 'LanguageId', genderParam: 'Gender', locationParam: 'LocationId' }),
  pagination: { pageSize: 10, sizes: [10, 20, 50, 100], pageInQuery: true },
  selection: {
    roles: ADMIN_ROLES,
    actions: [
      {
        id: 'deleteSelected',
        label: 'memberManagement.deleteSelected',
        icon: 'delete',
        tone: 'danger',
        confirm: confirmSoftDelete,
        run: {
          kind: 'call',
          call: {
            endpoint: RECYCLE_BIN_API.bulkToggleDeleteOrRestore,
            query: { entityType: OrganizationMember, isDeleted: true },
            body: 'selection',
          },
        },
        success: 'deletedItems.bulkDeleted',
        failure: 'memberManagement.deleteManyFailed',
        problemDialogs: { memberProtected: 'memberManagement.cannotDelete' },
      },
    ],
  },
  rowActions: [
    {
      id: 'edit',
      label: 'memberManagement.edit',
      icon: 'edit',
      roles: ADMIN_ROW_ROLES,
      run: { kind: 'navigate', to: '/admin-user-management?edit={row.organizationMemberId}' },
    },
    {
      id: 'delete',
      label: 'memberManagement.delete',
      icon: 'delete',
      tone: 'danger',
      roles: ADMIN_ROW_ROLES,
      confirm: confirmSoftDelete,
      run: { kind: 'call', call: { endpoint: MEMBERS_API.delete, body: { id: '{row.organizationMemberId}' } } },
      success: 'deletedItems.bulkDeleted',
      failure: 'memberManagement.deleteFailed',
      problemDialogs: { memberProtected: 'memberManagement.cannotDelete' },
    },
  ],
  toolbar: [
    {
      id: 'add',
      label: 'memberManagement.add',
      icon: 'add',
      tone: 'primary',
      roles: ORGANIZATION_ONLY,
      run: { kind: 'navigate', to: '/admin-user-management/new-member' },
    },
  ],
  empty: 'memberManagement.empty',
};
