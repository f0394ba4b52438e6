// Member management: adding and editing members, their languages, the project members
// table with its filters, project memberships in the recycle bin, and the set-password invitations.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../schema';
import { containsPattern, offsetOf, type PageRequest } from './paging';
import { projectsOfMember, type ProjectScope } from './projectScope';

type Q = Kysely<DB>;

/** The membership of the user with this e-mail in the organization, in whatever state. */
export async function membershipByEmail(q: Q, organizationId: string, email: string) {
  return q
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.role_id as roleId', 'm.deleted_at as deletedAt', 'u.id as userId'])
    .where('m.organization_id', '=', organizationId)
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function memberById(q: Q, organizationId: string, memberId: string) {
  return q
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.role_id as roleId', 'm.user_id as userId', 'u.email', 'u.full_name as fullName'])
    .where('m.organization_id', '=', organizationId)
    .where('m.id', '=', memberId)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** One live member as the edit and preview dialogs show it. */
export async function memberDetail(q: Q, organizationId: string, memberId: string) {
  const m = await q
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('countries as c', 'c.id', 'm.location_id')
    .select([
      'm.id',
      'u.full_name as fullName',
      'u.email',
      'm.role_id as roleId',
      'm.gender',
      'm.location_id as locationId',
      'c.name as location',
    ])
    .where('m.organization_id', '=', organizationId)
    .where('m.id', '=', memberId)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!m) return undefined;
  const workspaces = await q
    .selectFrom('workspace_members as wm')
    .innerJoin('workspaces as w', 'w.id', 'wm.workspace_id')
    .select(['w.id', 'w.name'])
    .where('wm.organization_id', '=', organizationId)
    .where('wm.member_id', '=', memberId)
    .where('wm.deleted_at', 'is', null)
    .where('w.deleted_at', 'is', null)
    .orderBy('w.name')
    .execute();
  return { ...m, workspaces };
}

/** Whether the member belongs to one of the projects of the scope (admin scopes reach everyone). */
export async function memberInScope(q: Q, scope: ProjectScope, memberId: string): Promise<boolean> {
  if (!scope.memberId) return true;
  const row = await q
    .selectFrom('project_members as pm')
    .select('pm.id')
    .where('pm.organization_id', '=', scope.organizationId)
    .where('pm.member_id', '=', memberId)
    .where('pm.deleted_at', 'is', null)
    .where('pm.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId))
    .executeTakeFirst();
  return row !== undefined;
}

export async function countLiveMembers(q: Q, organizationId: string): Promise<number> {
  const r = await q
    .selectFrom('organization_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function membersLimit(q: Q, organizationId: string): Promise<number> {
  const row = await q
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .select('p.members_limit')
    .where('s.organization_id', '=', organizationId)
    .orderBy('s.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.members_limit ?? 0;
}

export async function insertMembership(
  q: Q,
  m: { organizationId: string; userId: string; roleId: number; gender: number; locationId: number },
): Promise<string> {
  const row = await q
    .insertInto('organization_members')
    .values({
      organization_id: m.organizationId,
      user_id: m.userId,
      role_id: m.roleId,
      gender: m.gender,
      location_id: m.locationId,
      role_within_organization: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMembership(
  q: Q,
  organizationId: string,
  memberId: string,
  m: { roleId: number; gender: number; locationId: number },
): Promise<void> {
  await q
    .updateTable('organization_members')
    .set({ role_id: m.roleId, gender: m.gender, location_id: m.locationId })
    .where('organization_id', '=', organizationId)
    .where('id', '=', memberId)
    .execute();
}

export async function belongsElsewhere(q: Q, organizationId: string, userId: string): Promise<boolean> {
  const r = await q
    .selectFrom('organization_members')
    .select('id')
    .where('user_id', '=', userId)
    .where('organization_id', '!=', organizationId)
    .executeTakeFirst();
  return r !== undefined;
}

export async function setFullName(q: Q, userId: string, fullName: string): Promise<void> {
  await q.updateTable('users').set({ full_name: fullName }).where('id', '=', userId).execute();
}

export async function setMemberLanguages(q: Q, organizationId: string, memberId: string, languageIds: readonly number[]): Promise<void> {
  await q.deleteFrom('member_languages').where('organization_id', '=', organizationId).where('member_id', '=', memberId).execute();
  if (languageIds.length) {
    await q
      .insertInto('member_languages')
      .values(languageIds.map((language_id) => ({ organization_id: organizationId, member_id: memberId, language_id })))
      .execute();
  }
}

/** Adds workspace memberships; one that was removed comes back. */
export async function joinWorkspaces(q: Q, organizationId: string, memberId: string, workspaceIds: readonly string[]): Promise<void> {
  if (!workspaceIds.length) return;
  await q
    .insertInto('workspace_members')
    .values(workspaceIds.map((workspace_id) => ({ organization_id: organizationId, workspace_id, member_id: memberId, deleted_at: null })))
    .onConflict((oc) => oc.columns(['workspace_id', 'member_id']).doUpdateSet({ deleted_at: null }))
    .execute();
}

/** The admin page's workspace choice replaces the member's workspaces. */
export async function leaveOtherWorkspaces(q: Q, organizationId: string, memberId: string, keep: readonly string[]): Promise<void> {
  await q
    .updateTable('workspace_members')
    .set({ deleted_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .$if(keep.length > 0, (qb) => qb.where('workspace_id', 'not in', keep))
    .execute();
}

/** Adds a project membership; one in the recycle bin comes back. */
export async function joinProject(q: Q, organizationId: string, projectId: string, memberId: string): Promise<void> {
  await q
    .insertInto('project_members')
    .values({ organization_id: organizationId, project_id: projectId, member_id: memberId, deleted_at: null })
    .onConflict((oc) => oc.columns(['project_id', 'member_id']).doUpdateSet({ deleted_at: null }))
    .execute();
}

export async function liveProjectMembership(q: Q, projectId: string, memberId: string): Promise<boolean> {
  const r = await q
    .selectFrom('project_members')
    .select('id')
    .where('project_id', '=', projectId)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r !== undefined;
}

export async function existingIds(q: Q, table: 'languages' | 'countries', ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows =
    table === 'languages'
      ? await q.selectFrom('languages').select('id').where('id', 'in', ids).where('organization_id', 'is', null).execute()
      : await q.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function liveWorkspaceIds(q: Q, organizationId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await q
    .selectFrom('workspaces')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export interface MemberFilters {
  search?: string | undefined;
  roleId?: number | undefined;
  languageId?: number | undefined;
  gender?: number | undefined;
  locationId?: number | undefined;
  /** Members of this workspace (the organization members list). */
  workspaceId?: string | undefined;
}

type MemberTables = DB & { m: DB['organization_members']; u: DB['users'] };

/** The member tables' filters (spec 001 "Data collection filter fields"), on memberships `m` of users `u`. */
export function matchesMemberFilters(o: MemberFilters) {
  const pattern = containsPattern(o.search);
  return (eb: ExpressionBuilder<MemberTables, 'm' | 'u'>) => {
    const all: Expression<SqlBool>[] = [];
    if (pattern !== undefined) all.push(eb.or([eb('u.full_name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
    if (o.roleId !== undefined) all.push(eb('m.role_id', '=', o.roleId));
    if (o.gender !== undefined) all.push(eb('m.gender', '=', o.gender));
    if (o.locationId !== undefined) all.push(eb('m.location_id', '=', o.locationId));
    if (o.languageId !== undefined) {
      all.push(
        eb.exists(
          eb
            .selectFrom('member_languages as ml')
            .select('ml.member_id')
            .whereRef('ml.member_id', '=', 'm.id')
            .where('ml.language_id', '=', o.languageId),
        ),
      );
    }
    if (o.workspaceId !== undefined) {
      all.push(
        eb.exists(
          eb
            .selectFrom('workspace_members as wm')
            .select('wm.member_id')
            .whereRef('wm.member_id', '=', 'm.id')
            .where('wm.workspace_id', '=', o.workspaceId)
            .where('wm.deleted_at', 'is', null),
        ),
      );
    }
    return eb.and(all);
  };
}

/** One project's members (live, or those in the bin), filtered and paged, newest removal first in the bin. */
export async function listProjectMembers(
  q: Q,
  o: { organizationId: string; projectId: string; deleted: boolean } & MemberFilters & PageRequest,
) {
  const base = q
    .selectFrom('project_members as pm')
    .innerJoin('organization_members as m', 'm.id', 'pm.member_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('countries as c', 'c.id', 'm.location_id')
    .where('pm.organization_id', '=', o.organizationId)
    .where('pm.project_id', '=', o.projectId)
    .where('pm.deleted_at', o.deleted ? 'is not' : 'is', null)
    .where('m.deleted_at', 'is', null)
    .where(matchesMemberFilters(o));
  const [rows, count] = await Promise.all([
    base
      .select([
        'pm.id as projectMemberId',
        'm.id as memberId',
        'u.id as userId',
        'u.full_name as name',
        'u.email',
        'm.gender',
        'm.location_id as locationId',
        'c.name as location',
        'm.role_id as roleId',
        'pm.deleted_at as deletedAt',
      ])
      .$if(o.deleted, (qb) => qb.orderBy('pm.deleted_at', 'desc'))
      .orderBy('u.full_name')
      .orderBy('pm.id')
      .limit(o.pageSize)
      .offset(offsetOf(o))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function languagesOfMembers(q: Q, organizationId: string, memberIds: readonly string[]) {
  const map = new Map<string, { id: number; name: string }[]>();
  if (!memberIds.length) return map;
  const rows = await q
    .selectFrom('member_languages as ml')
    .innerJoin('languages as l', 'l.id', 'ml.language_id')
    .select(['ml.member_id as memberId', 'l.id', 'l.name'])
    .where('ml.organization_id', '=', organizationId)
    .where('ml.member_id', 'in', memberIds)
    .orderBy('l.name')
    .execute();
  for (const r of rows) map.set(r.memberId, [...(map.get(r.memberId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

/** Gender and location of memberships, for the organization members table. */
export async function detailsOfMembers(q: Q, organizationId: string, memberIds: readonly string[]) {
  if (!memberIds.length) return new Map<string, { gender: number | null; locationId: number | null; location: string | null }>();
  const rows = await q
    .selectFrom('organization_members as m')
    .leftJoin('countries as c', 'c.id', 'm.location_id')
    .select(['m.id', 'm.gender', 'm.location_id as locationId', 'c.name as location'])
    .where('m.organization_id', '=', organizationId)
    .where('m.id', 'in', memberIds)
    .execute();
  return new Map(rows.map((r) => [r.id, { gender: r.gender, locationId: r.locationId, location: r.location }]));
}

// ---- Project memberships in the recycle bin (entity type ProjectMember 17) ----

export async function projectMembersById(q: Q, scope: ProjectScope, ids: readonly string[]) {
  if (!ids.length) return [];
  return q
    .selectFrom('project_members as pm')
    .select(['pm.id', 'pm.member_id as memberId', 'pm.deleted_at as deletedAt'])
    .where('pm.organization_id', '=', scope.organizationId)
    .where('pm.id', 'in', ids)
    .$if(scope.memberId !== undefined, (qb) => qb.where('pm.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
    .execute();
}

export async function binnedProjectMemberIds(q: Q, scope: ProjectScope, projectId: string | undefined): Promise<string[]> {
  if (!projectId) return [];
  const rows = await q
    .selectFrom('project_members as pm')
    .select('pm.id')
    .where('pm.organization_id', '=', scope.organizationId)
    .where('pm.project_id', '=', projectId)
    .where('pm.deleted_at', 'is not', null)
    .$if(scope.memberId !== undefined, (qb) => qb.where('pm.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
    .execute();
  return rows.map((r) => r.id);
}

export async function setProjectMembersDeleted(q: Q, organizationId: string, ids: readonly string[], at: Date | null): Promise<void> {
  if (!ids.length) return;
  await q
    .updateTable('project_members')
    .set({ deleted_at: at })
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
}

export async function purgeProjectMembers(q: Q, organizationId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await q.deleteFrom('project_members').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
}

// ---- Invitations ----

export async function insertInvitation(
  q: Q,
  i: { userId: string; organizationId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await q
    .insertInto('member_invitations')
    .values({ user_id: i.userId, organization_id: i.organizationId, token_hash: i.tokenHash, expires_at: i.expiresAt, used_at: null })
    .execute();
}

/** Uses the invitation once: answers its user when the token is known, unused and not expired. */
export async function consumeInvitation(q: Q, tokenHash: string, now: Date): Promise<string | undefined> {
  const row = await q
    .updateTable('member_invitations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return undefined;
  // The other links sent to the same person stop working too: one password, one way in.
  await q.updateTable('member_invitations').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
  return row.user_id;
}
