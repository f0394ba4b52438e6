// The recycle bin (spec 000 "Deletion and recovery"): payloads of the DataCollection calls, which entity
// types have a bin, and who may act on each. Later areas (surveys, respondents, tasks) add their entity
// type to `recycleBinRoles` and a handler on the server.
import type { FromSchema } from 'json-schema-to-ts';
import { doneSchema, uuid } from './common';
import { endpoint } from './endpoint';
import { entityTypes } from './entityTypes';
import { BENEFICIARY_EDITORS } from './beneficiaries';
import { ADMIN_ROLES, MANAGER_ROLES, type RoleName } from './roles';
import { SURVEY_OWNER_ROLES } from './surveyBuilder';
import { TASK_MANAGERS } from './tasks';

/** Items in the bin are purged this many days after they were deleted (spec 000 section 9). */
export const RECYCLE_BIN_DAYS = 60;

/**
 * Who may delete, restore and purge each kind of item (spec 000 section 6). Organization (1) is absent on
 * purpose: only its owner acts on it, and only on their own organization. A user may always deactivate or
 * reactivate their own OrganizationMember record.
 */
export const recycleBinRoles = {
  [entityTypes.Workspace]: ADMIN_ROLES,
  [entityTypes.Project]: MANAGER_ROLES,
  [entityTypes.Survey]: SURVEY_OWNER_ROLES,
  [entityTypes.OrganizationMember]: ADMIN_ROLES,
  // Removing a member from one project; the project's managers act on it.
  [entityTypes.ProjectMember]: MANAGER_ROLES,
  // Tasks and messaging tasks: who assigns them removes them.
  [entityTypes.Task]: TASK_MANAGERS,
  [entityTypes.MessagingTask]: TASK_MANAGERS,
  // A survey's target: who sets targets removes them.
  [entityTypes.Target]: MANAGER_ROLES,
  // Member 7: the code the project members page of the spec's original sent for the same row; the same
  // bin (the id is the row's projectMemberId), so a client speaking either code removes and restores alike.
  [entityTypes.Member]: MANAGER_ROLES,
  // A respondent (10) and a respondent list (14): who imports and edits them removes and restores them.
  [entityTypes.Beneficiary]: BENEFICIARY_EDITORS,
  [entityTypes.ImportedBeneficiaryTable]: BENEFICIARY_EDITORS,
} as const satisfies Partial<Record<number, readonly RoleName[]>>;

export type BinEntityType = keyof typeof recycleBinRoles;
export const binEntityTypes = Object.keys(recycleBinRoles).map(Number) as BinEntityType[];

const entityTypeParam = { type: 'integer', enum: [entityTypes.Organization, ...binEntityTypes] } as const;

/**
 * PUT /DataCollection/{id}/toggleDeleteOrRestore. isDeleted=true moves the item into the bin (again: a
 * no-op), false restores it (a no-op when it is live). `permanent=true` with isDeleted=true purges an item
 * that is already in the bin: explicit, so a retried soft delete can never become a permanent one.
 */
export const toggleQuery = {
  type: 'object',
  required: ['entityType', 'isDeleted'],
  properties: { entityType: entityTypeParam, isDeleted: { type: 'boolean' }, permanent: { type: 'boolean', default: false } },
} as const;
export type ToggleQuery = FromSchema<typeof toggleQuery>;
export const idParams = { type: 'object', required: ['id'], properties: { id: uuid } } as const;

/** PUT /DataCollection/bulkToggleDeleteOrRestore: the same query, the selected ids as the body. */
export const bulkToggleQuery = {
  type: 'object',
  required: ['entityType', 'isDeleted'],
  properties: {
    entityType: { type: 'integer', enum: binEntityTypes },
    isDeleted: { type: 'boolean' },
    permanent: { type: 'boolean', default: false },
  },
} as const;
export const bulkIdsBody = { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: uuid } as const;

/**
 * The "all" calls: isDeleted=true purges everything in the bin, isDeleted=false (or restoreAll=true)
 * restores everything. restoreAll=true with isDeleted=true contradicts itself and is refused.
 */
const allFlags = { isDeleted: { type: 'boolean' }, restoreAll: { type: 'boolean' } } as const;
export const allWorkspacesQuery = { type: 'object', required: ['isDeleted'], properties: allFlags } as const;
export const allMembersQuery = allWorkspacesQuery;
export const allProjectsQuery = {
  type: 'object',
  required: ['workspaceId', 'isDeleted'],
  properties: { ...allFlags, workspaceId: uuid, projectId: uuid },
} as const;
export type AllProjectsQuery = FromSchema<typeof allProjectsQuery>;

/** Everyone who may act on at least one bin: the bulk call admits them, the entity type decides. */
export const anyBinRoles: readonly RoleName[] = [...new Set(Object.values(recycleBinRoles).flat())];

// ---- The answers ----

const count = { type: 'integer', minimum: 0 } as const;

/** The "all" calls of the workspace and member bins: how many items were restored or purged. */
export const binCountSchema = { type: 'object', required: ['count'], properties: { count } } as const;

/** POST /DataCollection/permanentlyDeleteOrRestoreAllProjectsInWorkspace: the spec's statusCode beside the count. */
export const projectBinCountSchema = {
  type: 'object',
  required: ['statusCode', 'count'],
  properties: { statusCode: { type: 'integer', minimum: 100, maximum: 599 }, count },
} as const;

/**
 * The DataCollection calls of the bins. toggleDeleteOrRestore admits any signed-in user, not a role list
 * (server/routes/recycleBin.ts says why); the entity type's roles apply in the service.
 */
export const RECYCLE_BIN_API = {
  toggleDeleteOrRestore: endpoint({
    method: 'PUT',
    path: '/DataCollection/:id/toggleDeleteOrRestore',
    access: 'user',
    params: idParams,
    query: toggleQuery,
    answer: doneSchema,
  }),
  bulkToggleDeleteOrRestore: endpoint({
    method: 'PUT',
    path: '/DataCollection/bulkToggleDeleteOrRestore',
    access: anyBinRoles,
    query: bulkToggleQuery,
    body: bulkIdsBody,
    answer: doneSchema,
  }),
  permanentlyDeleteOrRestoreAllProjectsInWorkspace: endpoint({
    method: 'POST',
    path: '/DataCollection/permanentlyDeleteOrRestoreAllProjectsInWorkspace',
    access: MANAGER_ROLES,
    query: allProjectsQuery,
    answer: projectBinCountSchema,
  }),
} as const;
