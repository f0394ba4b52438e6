// Workspaces of one organization, live or in the recycle bin. `memberId` narrows a list to the
// workspaces a member belongs to; it is left out for the roles that see every workspace.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { containsPattern, offsetOf, type PageRequest } from './paging';

type Q = Kysely<DB>;

export interface WorkspaceRow {
  id: string;
  name: string;
  description: string;
  deletedAt: Date | null;
  createdAt: Date;
}

/** Serializes the limit checks of one organization: concurrent adds and restores wait here. */
export async function lockOrganization(q: Q, organizationId: string): Promise<void> {
  await q.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
}

/** The limits of the organization's plan (its newest subscription); 0 is unlimited. */
export async function planLimits(q: Q, organizationId: string): Promise<{ workspaceLimit: number; projectsLimit: number }> {
  const row = await q
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select(['p.workspace_limit', 'p.projects_limit'])
    .where('s.organization_id', '=', organizationId)
    .orderBy('s.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  // No subscription means no access at all (sign-in refuses it), so there is nothing to limit here.
  return { workspaceLimit: row?.workspace_limit ?? 0, projectsLimit: row?.projects_limit ?? 0 };
}

export async function countLiveWorkspaces(q: Q, organizationId: string): Promise<number> {
  const r = await q
    .selectFrom('workspaces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function scoped(q: Q, o: { organizationId: string; memberId?: string | undefined }) {
  return q
    .selectFrom('workspaces as w')
    .where('w.organization_id', '=', o.organizationId)
    .$if(o.memberId !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('workspace_members as wm')
            .select('wm.workspace_id')
            .whereRef('wm.workspace_id', '=', 'w.id')
            .where('wm.member_id', '=', o.memberId!)
            .where('wm.deleted_at', 'is', null),
        ),
      ),
    );
}

export async function listWorkspaces(
  q: Q,
  o: { organizationId: string; memberId?: string | undefined; deleted: boolean; search?: string | undefined } & PageRequest,
): Promise<{ rows: WorkspaceRow[]; total: number }> {
  const pattern = containsPattern(o.search);
  const base = scoped(q, o)
    .where('w.deleted_at', o.deleted ? 'is not' : 'is', null)
    .$if(pattern !== undefined, (qb) => qb.where('w.name', 'ilike', pattern!));
  const [rows, count] = await Promise.all([
    base
      .select(['w.id', 'w.name', 'w.description', 'w.deleted_at as deletedAt', 'w.created_at as createdAt'])
      // Live cards keep their order as new ones are added; the bin shows the latest deletion first.
      .$if(o.deleted, (qb) => qb.orderBy('w.deleted_at', 'desc'))
      .orderBy('w.created_at')
      .orderBy('w.id')
      .limit(o.pageSize)
      .offset(offsetOf(o))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One workspace the caller can see, live unless `deleted` says otherwise. */
export async function findWorkspace(
  q: Q,
  o: { organizationId: string; memberId?: string | undefined; id: string; deleted?: boolean },
): Promise<WorkspaceRow | undefined> {
  return scoped(q, o)
    .select(['w.id', 'w.name', 'w.description', 'w.deleted_at as deletedAt', 'w.created_at as createdAt'])
    .where('w.id', '=', o.id)
    .where('w.deleted_at', o.deleted ? 'is not' : 'is', null)
    .executeTakeFirst();
}

/** Workspaces among `ids`, in whatever state; ids of other organizations are simply not found. */
export async function workspacesById(
  q: Q,
  organizationId: string,
  ids: readonly string[],
): Promise<{ id: string; deletedAt: Date | null }[]> {
  if (!ids.length) return [];
  return q
    .selectFrom('workspaces')
    .select(['id', 'deleted_at as deletedAt'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
}

export async function binnedWorkspaceIds(q: Q, organizationId: string): Promise<string[]> {
  const rows = await q
    .selectFrom('workspaces')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertWorkspace(
  q: Q,
  w: { organizationId: string; name: string; description: string; createdBy: string; creatorMemberId: string },
): Promise<string> {
  const row = await q
    .insertInto('workspaces')
    .values({ organization_id: w.organizationId, name: w.name, description: w.description, created_by: w.createdBy, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The creator belongs to what they made, so it is among "my workspaces" whatever their role.
  await q
    .insertInto('workspace_members')
    .values({ organization_id: w.organizationId, workspace_id: row.id, member_id: w.creatorMemberId, deleted_at: null })
    .execute();
  return row.id;
}

export async function updateWorkspace(
  q: Q,
  organizationId: string,
  id: string,
  w: { name: string; description: string },
): Promise<boolean> {
  const r = await q
    .updateTable('workspaces')
    .set({ name: w.name, description: w.description })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setWorkspacesDeleted(q: Q, organizationId: string, ids: readonly string[], at: Date | null): Promise<void> {
  if (!ids.length) return;
  await q.updateTable('workspaces').set({ deleted_at: at }).where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
}

/** Gone for good, with their projects and memberships (foreign keys cascade). */
export async function purgeWorkspaces(q: Q, organizationId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await q.deleteFrom('workspaces').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
}
