// Organization members as the workspace, project and recycle-bin screens see them, and the membership
// state the recycle bin needs to let a deactivated user restore themselves.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { matchesMemberFilters, type MemberFilters } from './memberManagement';
import { offsetOf, type PageRequest } from './paging';

type Q = Kysely<DB>;

/** The caller's membership whatever its state: deactivated members and organizations included. */
export async function membershipInAnyState(q: Q, userId: string, organizationId: string) {
  const row = await q
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select([
      'm.id as memberId',
      'm.role_id as roleId',
      'm.deleted_at as memberDeletedAt',
      'm.deactivated_by_self as bySelf',
      'o.deactivated_at as orgDeactivatedAt',
    ])
    .where('m.user_id', '=', userId)
    .where('m.organization_id', '=', organizationId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      memberId: row.memberId,
      roleId: row.roleId,
      memberDeleted: row.memberDeletedAt !== null,
      /** Deactivated by the member themself, not removed by an admin. */
      memberDeactivatedBySelf: row.memberDeletedAt !== null && row.bySelf,
      orgDeactivated: row.orgDeactivatedAt !== null,
    }
  );
}

/** Live members of a live workspace. */
export async function workspaceMembers(q: Q, organizationId: string, workspaceId: string) {
  return q
    .selectFrom('workspace_members as wm')
    .innerJoin('organization_members as m', 'm.id', 'wm.member_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'u.full_name as fullName', 'm.role_id as roleId'])
    .where('wm.organization_id', '=', organizationId)
    .where('wm.workspace_id', '=', workspaceId)
    .where('wm.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .orderBy('u.full_name')
    .execute();
}

export interface OrganizationMemberRow {
  userId: string;
  memberId: string;
  fullName: string;
  email: string;
  roleId: number;
  deletedAt: Date | null;
}

export async function listOrganizationMembers(
  q: Q,
  o: { organizationId: string; deleted: boolean } & MemberFilters & PageRequest,
): Promise<{ rows: OrganizationMemberRow[]; total: number }> {
  const base = q
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.organization_id', '=', o.organizationId)
    .where('m.deleted_at', o.deleted ? 'is not' : 'is', null)
    .where(matchesMemberFilters(o));
  const [rows, count] = await Promise.all([
    base
      .select([
        'u.id as userId',
        'm.id as memberId',
        'u.full_name as fullName',
        'u.email',
        'm.role_id as roleId',
        'm.deleted_at as deletedAt',
      ])
      .$if(o.deleted, (qb) => qb.orderBy('m.deleted_at', 'desc'))
      .orderBy('u.full_name')
      .orderBy('m.id')
      .limit(o.pageSize)
      .offset(offsetOf(o))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The live workspaces each member belongs to, for the Workspaces column. */
export async function workspacesOfMembers(q: Q, organizationId: string, memberIds: readonly string[]) {
  const map = new Map<string, { id: string; name: string }[]>();
  if (!memberIds.length) return map;
  const rows = await q
    .selectFrom('workspace_members as wm')
    .innerJoin('workspaces as w', 'w.id', 'wm.workspace_id')
    .select(['wm.member_id as memberId', 'w.id', 'w.name'])
    .where('wm.organization_id', '=', organizationId)
    .where('wm.member_id', 'in', memberIds)
    .where('wm.deleted_at', 'is', null)
    .where('w.deleted_at', 'is', null)
    .orderBy('w.name')
    .execute();
  for (const r of rows) map.set(r.memberId, [...(map.get(r.memberId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

/** Memberships among `ids`, in whatever state; ids of other organizations are not found. */
export async function membersById(q: Q, organizationId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return q
    .selectFrom('organization_members')
    .select(['id', 'role_id as roleId', 'user_id as userId', 'deleted_at as deletedAt'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
}

export async function binnedMemberIds(q: Q, organizationId: string): Promise<string[]> {
  const rows = await q
    .selectFrom('organization_members')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

/** `bySelf`: the member deactivates their own membership, which only they (or an admin) may undo. */
export async function setMembersDeleted(
  q: Q,
  organizationId: string,
  ids: readonly string[],
  at: Date | null,
  bySelf = false,
): Promise<void> {
  if (!ids.length) return;
  await q
    .updateTable('organization_members')
    .set({ deleted_at: at, deactivated_by_self: at !== null && bySelf })
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
}

/** The membership goes; the user account stays (it may belong to other organizations). */
export async function purgeMembers(q: Q, organizationId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await q.deleteFrom('organization_members').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
}

export async function setOrganizationDeactivated(q: Q, organizationId: string, at: Date | null): Promise<void> {
  await q.updateTable('organizations').set({ deactivated_at: at }).where('id', '=', organizationId).execute();
}
