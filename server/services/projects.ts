// Projects: the 'Project List' of /project-selection, the create form with its rules, the plan's
// projects-per-workspace limit, and the facts the project dashboard shows (spec 000 sections 2, 5, 7, 8).
import type { Kysely } from 'kysely';
import { entityTypes } from '../../schemas/entityTypes';
import { problems, type ProblemCode } from '../../schemas/problems';
import { NOT_MANAGER_ROLES, type AddProjectBody } from '../../schemas/projects';
import { recycleBinRoles } from '../../schemas/recycleBin';
import { ADMIN_ROLES, hasAnyRole, roleById } from '../../schemas/roles';
import type { ListQuery } from '../../schemas/workspaces';
import { workspaceMembers } from '../db/queries/orgMembers';
import {
  countLiveProjects,
  countriesOfProjects,
  existingCountryIds,
  findProject,
  insertProject,
  listProjects,
  listProjectTypes,
  membersOfProjects,
  projectsById,
  projectsOfOrganization,
  projectType,
  type ProjectRow,
} from '../db/queries/projects';
import { tableIdsOfProjects } from '../db/queries/beneficiaries';
import { countsOfProjects, type ProjectCounts } from '../db/queries/surveyCounts';
import { findWorkspace, lockOrganization, planLimits } from '../db/queries/workspaces';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { projectScopeOf } from './projectScope';
import { apply, applyAll, type Tenant } from './recycleBin';
import { workspaceScope } from './workspaces';

type Q = Kysely<DB>;

function toProject(r: ProjectRow, members: { id: string; fullName: string }[], counts: ProjectCounts | undefined, tableIds: string[] = []) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    workspaceId: r.workspaceId,
    typeId: r.typeId,
    manager: r.managerId ? { id: r.managerId, fullName: r.managerName ?? '' } : null,
    countOfSurveys: counts?.surveys ?? 0,
    projectMembers: members,
    importedBeneficiaryTableIds: tableIds,
    startDate: r.startDate,
    endDate: r.endDate,
    deletedAt: r.deletedAt ? new Date(r.deletedAt).toISOString() : null,
  };
}

/** The respondent lists of projects; a data collector's are none (services/beneficiaries.ts). */
function respondentListsOf(db: Q, t: Tenant, ids: string[]) {
  return t.roles.every((r) => r === 'DataCollector')
    ? Promise.resolve(new Map<string, string[]>())
    : tableIdsOfProjects(db, t.organizationId, ids);
}

async function visibleWorkspace(db: Q, t: Tenant, workspaceId: string) {
  const w = await findWorkspace(db, { ...workspaceScope(t), id: workspaceId });
  if (!w) throw problem('notFound');
  return w;
}

export async function list(db: Q, t: Tenant, workspaceId: string, q: ListQuery) {
  const deleted = q.isDeleted ?? false;
  if (deleted && !hasAnyRole(t.roles, recycleBinRoles[entityTypes.Project])) throw problem('forbidden');
  await visibleWorkspace(db, t, workspaceId);
  const { rows, total } = await listProjects(db, {
    ...projectScopeOf(t),
    workspaceId,
    deleted,
    search: q.search,
    page: q.page ?? 1,
    pageSize: q.pageSize ?? 10,
  });
  const ids = rows.map((r) => r.id);
  const [members, counts, tables] = await Promise.all([
    membersOfProjects(db, t.organizationId, ids),
    countsOfProjects(db, t.organizationId, ids),
    respondentListsOf(db, t, ids),
  ]);
  return { projects: rows.map((r) => toProject(r, members.get(r.id) ?? [], counts.get(r.id), tables.get(r.id))), totalSize: total };
}

/** One project with what its dashboard shows: name, manager, dates, countries and counts. */
export async function detail(db: Q, t: Tenant, id: string) {
  const r = await findProject(db, { ...projectScopeOf(t), id });
  if (!r) throw problem('notFound');
  const [members, counts, countries, workspace, tables] = await Promise.all([
    membersOfProjects(db, t.organizationId, [id]),
    countsOfProjects(db, t.organizationId, [id]),
    countriesOfProjects(db, t.organizationId, [id]),
    findWorkspace(db, { organizationId: t.organizationId, id: r.workspaceId }),
    respondentListsOf(db, t, [id]),
  ]);
  const c = counts.get(id);
  const projectMembers = members.get(id) ?? [];
  return {
    ...toProject(r, projectMembers, c, tables.get(id)),
    workspaceName: workspace?.name ?? '',
    countries: countries.get(id) ?? [],
    countOfMembers: projectMembers.length,
    countOfSubmissions: c?.submissions ?? 0,
  };
}

export const ofOrganization = (db: Q, t: Tenant) => projectsOfOrganization(db, projectScopeOf(t));
export const types = (db: Q) => listProjectTypes(db);

/** The create form's own rules, every broken one reported at once in the form's words. */
function formErrors(body: AddProjectBody): ProblemCode[] {
  const errors: ProblemCode[] = [];
  if (!body.name?.trim()) errors.push('projectTitleRequired');
  if (!body.managerId) errors.push('projectManagerRequired');
  if (!body.countryIds?.length) errors.push('projectCountryRequired');
  if (!body.startDate || !body.endDate || body.endDate < body.startDate) errors.push('projectTimelineRequired');
  return errors;
}

export async function add(db: Q, t: Tenant, body: AddProjectBody): Promise<string> {
  const errors = formErrors(body);
  if (errors[0]) throw problem(errors[0], { errors: errors.map((e) => problems[e].message) });
  const managerId = body.managerId!;
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, t.organizationId);
    await visibleWorkspace(trx, t, body.workspaceId);
    const type = await projectType(trx, body.typeId);
    if (!type) throw problem('notFound');
    if (!type.enabled) throw problem('projectTypeUnavailable');

    const inWorkspace = new Map((await workspaceMembers(trx, t.organizationId, body.workspaceId)).map((m) => [m.id, m]));
    const manager = inWorkspace.get(managerId);
    const managerRole = manager && roleById(manager.roleId)?.name;
    if (!managerRole || (NOT_MANAGER_ROLES as readonly string[]).includes(managerRole)) throw problem('projectManagerNotAllowed');
    const members = body.members ?? [];
    if (members.some((id) => !inWorkspace.has(id))) throw problem('projectMemberNotInWorkspace');
    const countryIds = body.countryIds!;
    const known = await existingCountryIds(trx, countryIds);
    if (countryIds.some((id) => !known.has(id))) throw problem('projectCountryRequired');

    const { projectsLimit } = await planLimits(trx, t.organizationId);
    const live = (await countLiveProjects(trx, t.organizationId, [body.workspaceId])).get(body.workspaceId) ?? 0;
    if (projectsLimit > 0 && live >= projectsLimit) throw problem('projectLimit');

    // The manager is on the team; so is a creator who would otherwise not see the project they made.
    const team = new Set([managerId, ...members]);
    if (!hasAnyRole(t.roles, ADMIN_ROLES)) team.add(t.memberId);
    return insertProject(trx, {
      organizationId: t.organizationId,
      workspaceId: body.workspaceId,
      typeId: body.typeId,
      name: body.name!.trim(),
      description: body.description?.trim() ?? '',
      managerId,
      memberIds: [...team],
      countryIds,
      startDate: body.startDate!,
      endDate: body.endDate!,
    });
  });
}

/**
 * POST /DataCollection/permanentlyDeleteOrRestoreAllProjectsInWorkspace: everything in one workspace's
 * project bin, or just `projectId` in it.
 */
export async function binOfWorkspace(
  db: Q,
  t: Tenant,
  q: { workspaceId: string; projectId?: string | undefined; action: 'restore' | 'purge' },
): Promise<number> {
  await visibleWorkspace(db, t, q.workspaceId);
  if (!q.projectId) return applyAll(db, t, entityTypes.Project, q.action, { workspaceId: q.workspaceId });
  const [p] = await projectsById(db, projectScopeOf(t), [q.projectId]);
  if (p?.workspaceId !== q.workspaceId) throw problem('notFound');
  await apply(db, t, entityTypes.Project, [q.projectId], q.action);
  return 1;
}
