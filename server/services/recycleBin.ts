// The recycle bin (spec 000 "Deletion and recovery"): soft delete, restore and purge of one item, a
// selection, or everything in a bin, for every entity type that has one. Each type is a handler in one
// typed table, so a type added to `recycleBinRoles` without a handler fails the build.
//
// Retries are safe: deleting what is already in the bin and restoring what is live change nothing and
// succeed. Purging is explicit (never a second delete) and only takes what is in the bin.
import type { Kysely } from 'kysely';
import { entityTypes } from '../../schemas/entityTypes';
import { recycleBinRoles, type BinEntityType } from '../../schemas/recycleBin';
import { ADMIN_ROLES, hasAnyRole, roleById, roleByName, type RoleName } from '../../schemas/roles';
import {
  binnedPeopleIds,
  binnedTableIds,
  peopleById,
  purgePeople,
  purgeTables,
  setPeopleDeleted,
  setTablesDeleted,
  tablesById,
} from '../db/queries/beneficiaries';
import { binnedProjectMemberIds, projectMembersById, purgeProjectMembers, setProjectMembersDeleted } from '../db/queries/memberManagement';
import {
  binnedMemberIds,
  membersById,
  membershipInAnyState,
  purgeMembers,
  setMembersDeleted,
  setOrganizationDeactivated,
} from '../db/queries/orgMembers';
import {
  binnedProjectIds,
  countLiveProjects,
  projectIdsOfWorkspaces,
  projectsById,
  purgeProjects,
  setProjectsDeleted,
} from '../db/queries/projects';
import { projectRowBin, type ProjectRowTable } from '../db/queries/projectRowBin';
import { anyProjectHasSurveys } from '../db/queries/surveyCounts';
import { liveTargetOfSurveys, surveysOfTargets } from '../db/queries/targets';
import { binnedSurveyIds, purgeSurveys, setSurveysDeleted, surveysById } from '../db/queries/surveyTools';
import {
  binnedWorkspaceIds,
  countLiveWorkspaces,
  lockOrganization,
  planLimits,
  purgeWorkspaces,
  setWorkspacesDeleted,
  workspacesById,
} from '../db/queries/workspaces';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { projectScopeOf } from './projectScope';

type Q = Kysely<DB>;

export interface Tenant {
  organizationId: string;
  memberId: string;
  userId: string;
  roles: RoleName[];
}

export type BinAction = 'delete' | 'restore' | 'purge';

/** What an "all" call covers: a workspace's projects, or the whole organization. */
export interface BinScope {
  workspaceId?: string | undefined;
  projectId?: string | undefined;
}

interface BinHandler {
  /** The items among `ids` the caller may act on, in whatever state. Missing ones answer 404. */
  find(q: Q, t: Tenant, ids: readonly string[]): Promise<{ id: string; deleted: boolean }[]>;
  binned(q: Q, t: Tenant, scope: BinScope): Promise<string[]>;
  checkDelete?(q: Q, t: Tenant, ids: readonly string[]): Promise<void>;
  checkRestore?(q: Q, t: Tenant, ids: readonly string[]): Promise<void>;
  setDeleted(q: Q, t: Tenant, ids: readonly string[], at: Date | null): Promise<void>;
  purge(q: Q, t: Tenant, ids: readonly string[]): Promise<void>;
}

const OWNER_ROLE_ID = roleByName('Organization')!.id;
const seesEverything = (t: Tenant) => hasAnyRole(t.roles, ADMIN_ROLES);
const stateOf = <T extends { id: string; deletedAt: Date | null }>(rows: T[]) =>
  rows.map((r) => ({ id: r.id, deleted: r.deletedAt !== null }));

const workspaceBin: BinHandler = {
  find: async (q, t, ids) => stateOf(await workspacesById(q, t.organizationId, ids)),
  binned: (q, t) => binnedWorkspaceIds(q, t.organizationId),
  async checkDelete(q, t, ids) {
    if (await anyProjectHasSurveys(q, t.organizationId, await projectIdsOfWorkspaces(q, t.organizationId, ids)))
      throw problem('workspaceHasSurveys');
  },
  // Restoring counts against the plan like creating: otherwise delete, add, restore would pass the limit.
  async checkRestore(q, t, ids) {
    const { workspaceLimit } = await planLimits(q, t.organizationId);
    if (workspaceLimit > 0 && (await countLiveWorkspaces(q, t.organizationId)) + ids.length > workspaceLimit)
      throw problem('workspaceLimit');
  },
  setDeleted: (q, t, ids, at) => setWorkspacesDeleted(q, t.organizationId, ids, at),
  purge: (q, t, ids) => purgeWorkspaces(q, t.organizationId, ids),
};

const projectScope = (t: Tenant) => ({ organizationId: t.organizationId, memberId: seesEverything(t) ? undefined : t.memberId });

const projectBin: BinHandler = {
  find: async (q, t, ids) => stateOf(await projectsById(q, projectScope(t), ids)),
  binned: (q, t, scope) =>
    scope.workspaceId ? binnedProjectIds(q, { ...projectScope(t), workspaceId: scope.workspaceId }) : Promise.resolve([]),
  async checkRestore(q, t, ids) {
    const { projectsLimit } = await planLimits(q, t.organizationId);
    if (projectsLimit === 0) return;
    const rows = await projectsById(q, projectScope(t), ids);
    const adding = new Map<string, number>();
    for (const r of rows) adding.set(r.workspaceId, (adding.get(r.workspaceId) ?? 0) + 1);
    const live = await countLiveProjects(q, t.organizationId, [...adding.keys()]);
    for (const [workspaceId, n] of adding) if ((live.get(workspaceId) ?? 0) + n > projectsLimit) throw problem('projectLimit');
  },
  setDeleted: (q, t, ids, at) => setProjectsDeleted(q, t.organizationId, ids, at),
  purge: (q, t, ids) => purgeProjects(q, t.organizationId, ids),
};

const memberBin: BinHandler = {
  find: async (q, t, ids) => stateOf(await membersById(q, t.organizationId, ids)),
  binned: (q, t) => binnedMemberIds(q, t.organizationId),
  // The owner leaves only by deactivating the organization; an admin leaves through their own account.
  async checkDelete(q, t, ids) {
    const rows = await membersById(q, t.organizationId, ids);
    if (rows.some((r) => r.roleId === OWNER_ROLE_ID || r.id === t.memberId)) throw problem('memberProtected');
  },
  setDeleted: (q, t, ids, at) => setMembersDeleted(q, t.organizationId, ids, at),
  purge: (q, t, ids) => purgeMembers(q, t.organizationId, ids),
};

const surveyBin: BinHandler = {
  // A project role bins and restores only its own projects' surveys.
  find: async (q, t, ids) => stateOf(await surveysById(q, projectScopeOf(t), ids)),
  binned: (q, t) => binnedSurveyIds(q, projectScopeOf(t)),
  setDeleted: (q, t, ids, at) => setSurveysDeleted(q, t.organizationId, ids, at),
  purge: (q, t, ids) => purgeSurveys(q, t.organizationId, ids),
};

// A member removed from one project (ProjectMember 17): the organization membership stays.
const projectMemberBin: BinHandler = {
  find: async (q, t, ids) => stateOf(await projectMembersById(q, projectScopeOf(t), ids)),
  binned: (q, t, scope) => binnedProjectMemberIds(q, projectScopeOf(t), scope.projectId),
  setDeleted: (q, t, ids, at) => setProjectMembersDeleted(q, t.organizationId, ids, at),
  purge: (q, t, ids) => purgeProjectMembers(q, t.organizationId, ids),
};

/** Rows of one project soft-deleted in place: tasks (Task 15), messaging tasks (MessagingTask 16), targets (Target 13). */
function projectRowHandler(table: ProjectRowTable, extra: Pick<BinHandler, 'checkRestore'> = {}): BinHandler {
  const bin = projectRowBin(table);
  return {
    ...extra,
    find: async (q, t, ids) => stateOf(await bin.byId(q, projectScopeOf(t), ids)),
    binned: (q, t, scope) => bin.binnedIds(q, projectScopeOf(t), scope.projectId),
    setDeleted: (q, t, ids, at) => bin.setDeleted(q, t.organizationId, ids, at),
    purge: (q, t, ids) => bin.purge(q, t.organizationId, ids),
  };
}

// Respondent lists (14) and respondents (10). A data collector reaches none (services/beneficiaries.ts).
const noneForCollectors = (t: Tenant) => t.roles.every((r) => r === 'DataCollector');
const beneficiaryTableBin: BinHandler = {
  find: async (q, t, ids) => (noneForCollectors(t) ? [] : stateOf(await tablesById(q, projectScopeOf(t), ids))),
  binned: (q, t, scope) => (noneForCollectors(t) ? Promise.resolve([]) : binnedTableIds(q, projectScopeOf(t), scope.projectId)),
  setDeleted: (q, t, ids, at) => setTablesDeleted(q, t.organizationId, ids, at),
  purge: (q, t, ids) => purgeTables(q, t.organizationId, ids),
};
const beneficiaryBin: BinHandler = {
  find: async (q, t, ids) => (noneForCollectors(t) ? [] : stateOf(await peopleById(q, projectScopeOf(t), ids))),
  binned: (q, t, scope) => (noneForCollectors(t) ? Promise.resolve([]) : binnedPeopleIds(q, projectScopeOf(t), scope.projectId)),
  setDeleted: (q, t, ids, at) => setPeopleDeleted(q, t.organizationId, ids, at),
  purge: (q, t, ids) => purgePeople(q, t.organizationId, ids),
};

// A survey has one live target: restoring one beside another (or two of the same survey) is refused.
const targetBin = projectRowHandler('targets', {
  async checkRestore(q, t, ids) {
    const surveys = await surveysOfTargets(q, t.organizationId, ids);
    if (new Set(surveys).size < surveys.length || (await liveTargetOfSurveys(q, t.organizationId, surveys)).length)
      throw problem('targetExists');
  },
});

const handlers: Record<BinEntityType, BinHandler> = {
  [entityTypes.Beneficiary]: beneficiaryBin,
  [entityTypes.ImportedBeneficiaryTable]: beneficiaryTableBin,
  [entityTypes.Target]: targetBin,
  [entityTypes.Task]: projectRowHandler('tasks'),
  [entityTypes.MessagingTask]: projectRowHandler('messaging_tasks'),
  [entityTypes.Workspace]: workspaceBin,
  [entityTypes.Survey]: surveyBin,
  [entityTypes.Project]: projectBin,
  [entityTypes.OrganizationMember]: memberBin,
  [entityTypes.ProjectMember]: projectMemberBin,
  [entityTypes.Member]: projectMemberBin,
};

function handlerFor(t: Tenant, entityType: number): BinHandler {
  const roles = recycleBinRoles[entityType as BinEntityType] as readonly RoleName[] | undefined;
  const handler = handlers[entityType as BinEntityType] as BinHandler | undefined;
  if (!roles || !handler) throw problem('noRecycleBin');
  if (!hasAnyRole(t.roles, roles)) throw problem('forbidden');
  return handler;
}

async function run(q: Q, h: BinHandler, t: Tenant, found: { id: string; deleted: boolean }[], action: BinAction): Promise<void> {
  const live = found.filter((f) => !f.deleted).map((f) => f.id);
  const binned = found.filter((f) => f.deleted).map((f) => f.id);
  if (action === 'delete' && live.length) {
    await h.checkDelete?.(q, t, live);
    await h.setDeleted(q, t, live, new Date());
  } else if (action === 'restore' && binned.length) {
    await h.checkRestore?.(q, t, binned);
    await h.setDeleted(q, t, binned, null);
  } else if (action === 'purge') {
    if (live.length) throw problem('notInRecycleBin');
    await h.purge(q, t, binned);
  }
}

/** One item or a selection; all or nothing, and an id the caller cannot see answers 404. */
export async function apply(db: Q, t: Tenant, entityType: number, ids: readonly string[], action: BinAction): Promise<void> {
  const h = handlerFor(t, entityType);
  const unique = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    // One organization's bin changes one at a time, so two restores cannot both pass a limit.
    await lockOrganization(trx, t.organizationId);
    const found = await h.find(trx, t, unique);
    if (found.length !== unique.length) throw problem('notFound');
    await run(trx, h, t, found, action);
  });
}

/** Everything in a bin: restore all or delete all. Answers how many items it took. */
export async function applyAll(db: Q, t: Tenant, entityType: number, action: 'restore' | 'purge', scope: BinScope = {}): Promise<number> {
  const h = handlerFor(t, entityType);
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, t.organizationId);
    const ids = await h.binned(trx, t, scope);
    await run(
      trx,
      h,
      t,
      ids.map((id) => ({ id, deleted: true })),
      action,
    );
    return ids.length;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * PUT /DataCollection/{id}/toggleDeleteOrRestore. Declared for any signed-in user because a deactivated
 * member must be able to restore their own membership ('Activate account', spec 000 "Organization
 * membership") and the organization's owner to deactivate or reactivate it; everything else requires an
 * active membership with the entity type's roles, checked here against the same `organization-id` header.
 */
export async function toggle(
  db: Q,
  caller: { userId: string },
  organizationId: string | undefined,
  req: { entityType: number; id: string; isDeleted: boolean; permanent: boolean },
): Promise<string> {
  if (!organizationId) throw problem('organizationRequired');
  const m = UUID.test(organizationId) ? await membershipInAnyState(db, caller.userId, organizationId) : undefined;
  if (!m) throw problem('organizationForbidden');
  const role = roleById(m.roleId)?.name;
  const isOwner = role === 'Organization';

  if (req.entityType === entityTypes.OrganizationMember && req.id === m.memberId && !req.permanent) {
    if (m.orgDeactivated) throw problem('organizationDeactivated');
    if (req.isDeleted && isOwner) throw problem('memberProtected');
    // Removed by an admin: back only when an admin restores the membership.
    if (!req.isDeleted && m.memberDeleted && !m.memberDeactivatedBySelf) throw problem('organizationForbidden');
    if (req.isDeleted !== m.memberDeleted)
      await setMembersDeleted(db, organizationId, [m.memberId], req.isDeleted ? new Date() : null, true);
    return req.isDeleted ? 'Deactivated successfully' : 'Your account has been activated!';
  }
  if (req.entityType === entityTypes.Organization) {
    if (req.id !== organizationId) throw problem('notFound');
    if (!isOwner || m.memberDeleted) throw problem('forbidden');
    if (req.permanent) throw problem('noRecycleBin');
    if (req.isDeleted !== m.orgDeactivated) await setOrganizationDeactivated(db, organizationId, req.isDeleted ? new Date() : null);
    return req.isDeleted ? 'Deactivated successfully' : 'Your account has been activated!';
  }
  if (m.memberDeleted) throw problem('organizationForbidden');
  if (m.orgDeactivated) throw problem('organizationDeactivated');
  const t: Tenant = { organizationId, memberId: m.memberId, userId: caller.userId, roles: role ? [role] : [] };
  const action: BinAction = !req.isDeleted ? 'restore' : req.permanent ? 'purge' : 'delete';
  await apply(db, t, req.entityType, [req.id], action);
  return successMessage(action);
}

/** The spec's bulk texts (spec 000 section 8); one item reads the same. */
export function successMessage(action: BinAction): string {
  return action === 'restore' ? 'Entities restored successfully!' : 'Entities have been deleted successfully!';
}

/** The "all" calls' flags: isDeleted=true purges, false (or restoreAll=true) restores. */
export function allActionOf(flags: { isDeleted: boolean; restoreAll?: boolean | undefined }): 'restore' | 'purge' {
  if (flags.restoreAll && flags.isDeleted) throw problem('validation', { errors: ["'restoreAll' and 'isDeleted' cannot both be true"] });
  return flags.isDeleted ? 'purge' : 'restore';
}
