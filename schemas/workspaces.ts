// Workspaces (spec 000 section 3 "Workspace: id, name, description"): the entity, the form and the
// payloads of the Workspaces calls.
import type { FromSchema } from 'json-schema-to-ts';
import { SINGLE_LINE, doneSchema, page, pageSize, uuid } from './common';
import { endpoint } from './endpoint';
import { allWorkspacesQuery, binCountSchema, idParams } from './recycleBin';
import { ADMIN_ROLES, ALL_ROLES } from './roles';

export const workspaceFields = {
  name: { type: 'string', maxLength: 200, pattern: SINGLE_LINE },
  description: { type: 'string', maxLength: 4000 },
} as const;

export const workspaceSchema = {
  $id: 'Workspace',
  type: 'object',
  required: ['id', 'name', 'description', 'deletedAt'],
  properties: { id: uuid, ...workspaceFields, deletedAt: { type: ['string', 'null'], format: 'date-time', maxLength: 40 } },
} as const;
export type Workspace = FromSchema<typeof workspaceSchema>;

/** GET /Workspaces/getMyWorkspaces: a page of the cards, or of the bin. */
export const workspaceListSchema = {
  type: 'object',
  required: ['workspaces', 'totalSize'],
  properties: {
    workspaces: { type: 'array', maxItems: pageSize.maximum, items: workspaceSchema },
    totalSize: { type: 'integer', minimum: 0 },
  },
} as const;

/** The name is checked by the server so a blank one answers the spec's 'Workspace name is required!'. */
export const addWorkspaceBody = {
  type: 'object',
  additionalProperties: false,
  properties: workspaceFields,
} as const;
export type AddWorkspaceBody = FromSchema<typeof addWorkspaceBody>;

export const editWorkspaceBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: uuid, ...workspaceFields },
} as const;
export type EditWorkspaceBody = FromSchema<typeof editWorkspaceBody>;

export const idBody = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: uuid } } as const;

/** A list query of the recycle-bin aware lists: isDeleted switches between the live list and the bin. */
export const listQuery = {
  type: 'object',
  properties: { isDeleted: { type: 'boolean', default: false }, search: { type: 'string', maxLength: 200 }, page, pageSize },
} as const;
export type ListQuery = FromSchema<typeof listQuery>;

/**
 * The workspace calls (spec 000 section 7 "Organizations and workspaces"). Everyone lists their own
 * workspaces; the bin (isDeleted=true) is for the admin roles only, checked by the server.
 */
export const WORKSPACES_API = {
  getMyWorkspaces: endpoint({
    method: 'GET',
    path: '/Workspaces/getMyWorkspaces',
    access: ALL_ROLES,
    query: listQuery,
    answer: workspaceListSchema,
  }),
  getById: endpoint({ method: 'GET', path: '/Workspaces/getById/:id', access: ALL_ROLES, params: idParams, answer: workspaceSchema }),
  add: endpoint({ method: 'POST', path: '/Workspaces/add', access: ADMIN_ROLES, body: addWorkspaceBody, answer: uuid }),
  edit: endpoint({ method: 'POST', path: '/Workspaces/edit', access: ADMIN_ROLES, body: editWorkspaceBody, answer: doneSchema }),
  delete: endpoint({ method: 'POST', path: '/Workspaces/delete', access: ADMIN_ROLES, body: idBody, answer: doneSchema }),
  permanentlyDeleteOrRestoreAllWorkspacesOfUser: endpoint({
    method: 'POST',
    path: '/Workspaces/permanentlyDeleteOrRestoreAllWorkspacesOfUser',
    access: ADMIN_ROLES,
    query: allWorkspacesQuery,
    answer: binCountSchema,
  }),
} as const;
