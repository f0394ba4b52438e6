// Projects (spec 000 section 3 "Project (list)" and "Project (create payload)"): the entity, the form
// fields and the payloads of the Projects calls.
import type { FromSchema } from 'json-schema-to-ts';
import { SINGLE_LINE, date, doneSchema, pageSize, positiveInt, uuid } from './common';
import { endpoint } from './endpoint';
import { idParams } from './recycleBin';
import { ALL_BUT_COLLECTOR, MANAGER_ROLES } from './roles';
import { idBody, listQuery } from './workspaces';

const name = { type: 'string', maxLength: 200 } as const;
const person = { type: 'object', required: ['id', 'fullName'], properties: { id: uuid, fullName: name } } as const;
/** An unpaged list (a project's team, the organization's projects): more than any organization has. */
const MANY = 100000;
const count = { type: 'integer', minimum: 0 } as const;

/** One row of the 'Project List' (spec 000 section 3 "Project (list)"). */
const projectRow = {
  type: 'object',
  required: [
    'id',
    'name',
    'description',
    'workspaceId',
    'typeId',
    'manager',
    'countOfSurveys',
    'projectMembers',
    'importedBeneficiaryTableIds',
    'startDate',
    'endDate',
    'deletedAt',
  ],
  properties: {
    id: uuid,
    name,
    description: { type: 'string', maxLength: 4000 },
    workspaceId: uuid,
    typeId: positiveInt,
    manager: { anyOf: [person, { type: 'null' }] },
    countOfSurveys: count,
    projectMembers: { type: 'array', maxItems: MANY, items: person },
    importedBeneficiaryTableIds: { type: 'array', maxItems: 1000, items: uuid },
    startDate: date,
    endDate: date,
    countryIds: { type: 'array', maxItems: 300, items: positiveInt },
    deletedAt: { type: ['string', 'null'], format: 'date-time', maxLength: 40 },
  },
} as const;

export const projectSchema = { $id: 'Project', ...projectRow } as const;
export type Project = FromSchema<typeof projectSchema>;

/** GET /Projects/getMyProjectsInWorkspace/{workspaceId}: a page of the 'Project List', or of the bin. */
export const projectListSchema = {
  type: 'object',
  required: ['projects', 'totalSize'],
  properties: { projects: { type: 'array', maxItems: pageSize.maximum, items: projectSchema }, totalSize: count },
} as const;

/** GET /Projects/getById/{id}: one project with what its dashboard shows besides. */
export const projectDetailSchema = {
  ...projectRow,
  required: [...projectRow.required, 'workspaceName', 'countries', 'countOfMembers', 'countOfSubmissions'],
  properties: {
    ...projectRow.properties,
    workspaceName: name,
    countries: {
      type: 'array',
      maxItems: 300,
      items: {
        type: 'object',
        required: ['id', 'name', 'code'],
        properties: { id: positiveInt, name, code: { type: 'string', maxLength: 10 } },
      },
    },
    countOfMembers: count,
    countOfSubmissions: count,
  },
} as const;

/** GET /Projects/getAllProjectTypes: the types the create dialog offers, some of them shown disabled. */
export const projectTypesSchema = {
  type: 'array',
  maxItems: 100,
  items: { type: 'object', required: ['id', 'name', 'enabled'], properties: { id: positiveInt, name, enabled: { type: 'boolean' } } },
} as const;

/** GET /Projects/getProjectsOfOrganization: every live project the caller reaches, with its workspace. */
export const organizationProjectsSchema = {
  type: 'array',
  maxItems: MANY,
  items: {
    type: 'object',
    required: ['id', 'name', 'workspaceId', 'workspaceName'],
    properties: { id: uuid, name, workspaceId: uuid, workspaceName: name },
  },
} as const;

/**
 * POST /Projects/add. Every field the form requires is optional here so that the server answers the
 * form's own sentences (spec 000 section 5 "Project form") rather than a generic "is required".
 */
export const addProjectBody = {
  type: 'object',
  required: ['workspaceId', 'typeId'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 200, pattern: SINGLE_LINE },
    description: { type: 'string', maxLength: 4000 },
    managerId: uuid,
    members: { type: 'array', maxItems: 1000, uniqueItems: true, items: uuid },
    workspaceId: uuid,
    typeId: positiveInt,
    countryIds: { type: 'array', maxItems: 300, uniqueItems: true, items: positiveInt },
    startDate: date,
    endDate: date,
  },
} as const;
export type AddProjectBody = FromSchema<typeof addProjectBody>;

export const workspaceIdParams = { type: 'object', required: ['workspaceId'], properties: { workspaceId: uuid } } as const;

/** Roles that may not manage a project (spec 000 section 5: "Choices exclude ... DataCollector or Guest"). */
export const NOT_MANAGER_ROLES = ['DataCollector', 'Guest'] as const;

/**
 * The project calls (spec 000 section 7 "Projects"); getById is not in the spec's list: what /dashboard
 * shows for the chosen project. The deleted-projects bin (isDeleted=true) is for the five manager roles,
 * checked by the server.
 */
export const PROJECTS_API = {
  getMyProjectsInWorkspace: endpoint({
    method: 'GET',
    path: '/Projects/getMyProjectsInWorkspace/:workspaceId',
    access: ALL_BUT_COLLECTOR,
    params: workspaceIdParams,
    query: listQuery,
    answer: projectListSchema,
  }),
  add: endpoint({ method: 'POST', path: '/Projects/add', access: MANAGER_ROLES, body: addProjectBody, answer: uuid }),
  delete: endpoint({ method: 'POST', path: '/Projects/delete', access: MANAGER_ROLES, body: idBody, answer: doneSchema }),
  getAllProjectTypes: endpoint({
    method: 'GET',
    path: '/Projects/getAllProjectTypes',
    access: ALL_BUT_COLLECTOR,
    answer: projectTypesSchema,
  }),
  getProjectsOfOrganization: endpoint({
    method: 'GET',
    path: '/Projects/getProjectsOfOrganization',
    access: ALL_BUT_COLLECTOR,
    answer: organizationProjectsSchema,
  }),
  getById: endpoint({
    method: 'GET',
    path: '/Projects/getById/:id',
    access: ALL_BUT_COLLECTOR,
    params: idParams,
    answer: projectDetailSchema,
  }),
} as const;
