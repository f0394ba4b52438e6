// Projects of one organization, live or in the recycle bin. A project is reachable only through a live
// workspace. `memberId` narrows to the member's projects (./projectScope.ts); it is left out for the
// roles that see every project.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { containsPattern, offsetOf, type PageRequest } from './paging';
import { projectsOfMember, type ProjectScope } from './projectScope';

type Q = Kysely<DB>;

export interface ProjectRow {
  id: string;
  workspaceId: string;
  typeId: number;
  name: string;
  description: string;
  managerId: string | null;
  managerName: string | null;
  startDate: string;
  endDate: string;
  deletedAt: Date | null;
  createdAt: Date;
}

type Scope = ProjectScope;

function scoped(q: Q, o: Scope) {
  return q
    .selectFrom('projects as p')
    .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
    .leftJoin('organization_members as mm', 'mm.id', 'p.manager_id')
    .leftJoin('users as mu', 'mu.id', 'mm.user_id')
    .where('p.organization_id', '=', o.organizationId)
    .where('w.deleted_at', 'is', null)
    .$if(o.memberId !== undefined, (qb) => qb.where('p.id', 'in', projectsOfMember(q, o.organizationId, o.memberId!)));
}

const columns = [
  'p.id',
  'p.workspace_id as workspaceId',
  'p.type_id as typeId',
  'p.name',
  'p.description',
  'p.manager_id as managerId',
  'mu.full_name as managerName',
  'p.start_date as startDate',
  'p.end_date as endDate',
  'p.deleted_at as deletedAt',
  'p.created_at as createdAt',
] as const;

export async function listProjects(
  q: Q,
  o: Scope & { workspaceId: string; deleted: boolean; search?: string | undefined } & PageRequest,
): Promise<{ rows: ProjectRow[]; total: number }> {
  const pattern = containsPattern(o.search);
  const base = scoped(q, o)
    .where('p.workspace_id', '=', o.workspaceId)
    .where('p.deleted_at', o.deleted ? 'is not' : 'is', null)
    .$if(pattern !== undefined, (qb) => qb.where('p.name', 'ilike', pattern!));
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .$if(o.deleted, (qb) => qb.orderBy('p.deleted_at', 'desc'))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(o.pageSize)
      .offset(offsetOf(o))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findProject(q: Q, o: Scope & { id: string }): Promise<ProjectRow | undefined> {
  return scoped(q, o).select(columns).where('p.id', '=', o.id).where('p.deleted_at', 'is', null).executeTakeFirst();
}

/** Projects among `ids` the caller can reach, in whatever state. */
export async function projectsById(
  q: Q,
  o: Scope,
  ids: readonly string[],
): Promise<{ id: string; workspaceId: string; deletedAt: Date | null }[]> {
  if (!ids.length) return [];
  return scoped(q, o).select(['p.id', 'p.workspace_id as workspaceId', 'p.deleted_at as deletedAt']).where('p.id', 'in', ids).execute();
}

export async function binnedProjectIds(q: Q, o: Scope & { workspaceId: string }): Promise<string[]> {
  const rows = await scoped(q, o)
    .select('p.id')
    .where('p.workspace_id', '=', o.workspaceId)
    .where('p.deleted_at', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Every live project of the organization the caller can reach, with its workspace. */
export async function projectsOfOrganization(q: Q, o: Scope) {
  return scoped(q, o)
    .select(['p.id', 'p.name', 'p.workspace_id as workspaceId', 'w.name as workspaceName'])
    .where('p.deleted_at', 'is', null)
    .orderBy('w.name')
    .orderBy('p.name')
    .execute();
}

export async function countLiveProjects(q: Q, organizationId: string, workspaceIds: readonly string[]): Promise<Map<string, number>> {
  if (!workspaceIds.length) return new Map();
  const rows = await q
    .selectFrom('projects')
    .select(['workspace_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('organization_id', '=', organizationId)
    .where('workspace_id', 'in', workspaceIds)
    .where('deleted_at', 'is', null)
    .groupBy('workspace_id')
    .execute();
  return new Map(rows.map((r) => [r.workspace_id, Number(r.n)]));
}

export async function projectIdsOfWorkspaces(q: Q, organizationId: string, workspaceIds: readonly string[]): Promise<string[]> {
  if (!workspaceIds.length) return [];
  const rows = await q
    .selectFrom('projects')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('workspace_id', 'in', workspaceIds)
    .execute();
  return rows.map((r) => r.id);
}

/** Live project members (and live memberships) of each project, for the Members column. */
export async function membersOfProjects(q: Q, organizationId: string, projectIds: readonly string[]) {
  if (!projectIds.length) return new Map<string, { id: string; fullName: string }[]>();
  const rows = await q
    .selectFrom('project_members as pm')
    .innerJoin('organization_members as m', 'm.id', 'pm.member_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['pm.project_id as projectId', 'm.id', 'u.full_name as fullName'])
    .where('pm.organization_id', '=', organizationId)
    .where('pm.project_id', 'in', projectIds)
    .where('pm.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .orderBy('u.full_name')
    .execute();
  const map = new Map<string, { id: string; fullName: string }[]>();
  for (const r of rows) {
    const list = map.get(r.projectId) ?? [];
    list.push({ id: r.id, fullName: r.fullName });
    map.set(r.projectId, list);
  }
  return map;
}

export async function countriesOfProjects(q: Q, organizationId: string, projectIds: readonly string[]) {
  if (!projectIds.length) return new Map<string, { id: number; name: string; code: string }[]>();
  const rows = await q
    .selectFrom('project_countries as pc')
    .innerJoin('countries as c', 'c.id', 'pc.country_id')
    .select(['pc.project_id as projectId', 'c.id', 'c.name', 'c.code'])
    .where('pc.organization_id', '=', organizationId)
    .where('pc.project_id', 'in', projectIds)
    .orderBy('c.name')
    .execute();
  const map = new Map<string, { id: number; name: string; code: string }[]>();
  for (const r of rows) map.set(r.projectId, [...(map.get(r.projectId) ?? []), { id: r.id, name: r.name, code: r.code }]);
  return map;
}

export async function insertProject(
  q: Q,
  p: {
    organizationId: string;
    workspaceId: string;
    typeId: number;
    name: string;
    description: string;
    managerId: string;
    memberIds: readonly string[];
    countryIds: readonly number[];
    startDate: string;
    endDate: string;
  },
): Promise<string> {
  const row = await q
    .insertInto('projects')
    .values({
      organization_id: p.organizationId,
      workspace_id: p.workspaceId,
      type_id: p.typeId,
      name: p.name,
      description: p.description,
      manager_id: p.managerId,
      start_date: p.startDate,
      end_date: p.endDate,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await q
    .insertInto('project_countries')
    .values(p.countryIds.map((country_id) => ({ organization_id: p.organizationId, project_id: row.id, country_id })))
    .execute();
  if (p.memberIds.length) {
    await q
      .insertInto('project_members')
      .values(p.memberIds.map((member_id) => ({ organization_id: p.organizationId, project_id: row.id, member_id, deleted_at: null })))
      .execute();
  }
  return row.id;
}

export async function setProjectsDeleted(q: Q, organizationId: string, ids: readonly string[], at: Date | null): Promise<void> {
  if (!ids.length) return;
  await q.updateTable('projects').set({ deleted_at: at }).where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
}

export async function purgeProjects(q: Q, organizationId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await q.deleteFrom('projects').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
}

export const listProjectTypes = (q: Q) => q.selectFrom('project_types').select(['id', 'name', 'enabled']).orderBy('id').execute();

export async function projectType(q: Q, id: number) {
  return q.selectFrom('project_types').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
}

export async function existingCountryIds(q: Q, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await q.selectFrom('countries').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
