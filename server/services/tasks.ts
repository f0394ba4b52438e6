// Tasks (spec 001 sections 3, 4 and 7): assigning a Deployed survey to data collectors, the
// collector's own tasks and their statistics, rejecting (with a reason, for good) and starting a task,
// and the task management lists. Rules the server enforces whatever a form offered:
//   - a task's survey is a live, Deployed survey of one of the caller's projects (else 404);
//   - its collectors are live Data Collectors of that survey's project;
//   - only the collector changes their task's status; Completed comes from a submission only
//     (./taskAccess.ts); a rejected or completed task does not change again.
import type { Kysely } from 'kysely';
import {
  recurrences,
  TASK_STATUS_NAMES,
  taskStatuses,
  type CollectorTasksQuery,
  type CreateTaskBody,
  type ProjectCollectorsQuery,
  type ProjectTasksQuery,
  type Recurrence,
  type TaskStatus,
  type UpdateStatusBody,
} from '../../schemas/tasks';
import { findProject } from '../db/queries/projects';
import { findSurveyHead } from '../db/queries/surveys';
import { insertSeries } from '../db/queries/taskSeries';
import * as tq from '../db/queries/tasks';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { projectScopeOf } from './projectScope';
import { roundStart } from './recurrence';
import type { Tenant } from './recycleBin';

type Q = Kysely<DB>;

/** A task row as the API answers it: the spec's names (endDate and tasksDeadline are the same date). */
export function taskOut(r: tq.TaskRowDb) {
  const { countryName, seriesId, deletedAt, endDate, ...rest } = r;
  const deadline = endDate ? endDate.toISOString() : null;
  return {
    ...rest,
    statusName: TASK_STATUS_NAMES[r.status as TaskStatus],
    endDate: deadline,
    tasksDeadline: deadline,
    locationName: r.locationGroupName ?? countryName,
    recurring: seriesId !== null,
    deletedAt: deletedAt ? deletedAt.toISOString() : null,
  };
}

// ---- The data collector's side ----

export async function tasksForCollector(db: Q, t: Tenant, query: CollectorTasksQuery) {
  const { rows, total } = await tq.collectorTasks(db, t.organizationId, t.memberId, {
    page: query.Page ?? 1,
    pageSize: query.PageSize ?? 10,
    deleted: query.isDeleted ?? false,
    status: query.Status,
    surveyId: query.SurveyId,
    search: query.Search,
    collectionType: query.CollectionType,
    locationId: query.LocationId,
  });
  return { tasks: rows.map(taskOut), totalSize: total };
}

/** GET Task/GetTaskStatsticsByDataCollector: the donut's figures (In Progress too, for the tab). */
export async function statsForCollector(db: Q, t: Tenant) {
  const by = await tq.collectorStats(db, t.organizationId, t.memberId);
  const n = (s: TaskStatus) => by.get(s) ?? 0;
  return {
    assigned: n(taskStatuses.Assigned),
    rejected: n(taskStatuses.Rejected),
    inProgress: n(taskStatuses.InProgress),
    completed: n(taskStatuses.Completed),
  };
}

/** POST /Task/updateTaskStatus: reject (reason required, irreversible) or start an Assigned task. */
export async function updateStatus(
  db: Q,
  t: Tenant,
  body: UpdateStatusBody,
  now: Date = new Date(),
): Promise<{ id: string; status: number }> {
  const reason = body.rejectionReason?.trim() ?? '';
  if (body.newStatus === taskStatuses.Rejected && !reason)
    throw problem('rejectionReasonRequired', { errors: ["'rejectionReason' is required"] });
  return db.transaction().execute(async (trx) => {
    const task = await tq.collectorTaskForUpdate(trx, t.organizationId, t.memberId, body.id);
    if (!task) throw problem('notFound');
    if (task.status === body.newStatus) return { id: task.id, status: task.status };
    // Rejected and Completed are final; an In Progress task is not rejected any more (spec: "Assigned can be rejected").
    const allowed = task.status === taskStatuses.Assigned;
    if (!allowed) throw problem('taskClosed');
    await tq.setTaskStatus(trx, t.organizationId, task.id, body.newStatus, { reason, at: now });
    return { id: task.id, status: body.newStatus };
  });
}

/** GET Task/GetAssignedTaskIdsForSurveyAndDataCollector: a collector asks for themselves only. */
export async function assignedTaskIds(db: Q, t: Tenant, q: { surveyId: string; userId?: string | undefined }): Promise<string[]> {
  if (q.userId !== undefined && q.userId !== t.userId) throw problem('notFound');
  return tq.openTaskIds(db, t.organizationId, q.surveyId, t.memberId);
}

// ---- The manager's side ----

async function projectInScope(db: Q, t: Tenant, projectId: string) {
  const p = await findProject(db, { ...projectScopeOf(t), id: projectId });
  if (!p) throw problem('notFound');
  return p;
}

export async function tasksOfProject(db: Q, t: Tenant, q: ProjectTasksQuery) {
  await projectInScope(db, t, q.ProjectId);
  const { rows, total } = await tq.projectTasks(db, projectScopeOf(t), {
    projectId: q.ProjectId,
    page: q.Page ?? 1,
    pageSize: q.PageSize ?? 10,
    deleted: q.isDeleted ?? false,
    search: q.Search,
    surveyId: q.SurveyId,
    collectionType: q.CollectionType,
    status: q.TaskStatus,
    collectionRound: q.CollectionRound,
    collectorId: q.DataCollectorId,
    locationGroupId: q.LocationGroupId,
    deadline: q.Deadline,
  });
  return { tasks: rows.map(taskOut), totalSize: total };
}

export async function enumeratorsOfProject(db: Q, t: Tenant, projectId: string) {
  await projectInScope(db, t, projectId);
  return tq.enumeratorNames(db, t.organizationId, projectId);
}

export async function collectorsOfProject(db: Q, t: Tenant, q: ProjectCollectorsQuery) {
  await projectInScope(db, t, q.ProjectId);
  const { rows, total } = await tq.projectCollectors(db, t.organizationId, {
    projectId: q.ProjectId,
    locationId: q.LocationId,
    search: q.Search,
    gender: q.Gender,
    page: q.Page ?? 1,
    pageSize: q.PageSize ?? 10,
  });
  return { dataCollectors: rows, totalSize: total };
}

export async function locationGroupsOf(
  db: Q,
  t: Tenant,
  q: { workspaceId: string; Search?: string | undefined; Page?: number | undefined; PageSize?: number | undefined },
) {
  const ws = await db
    .selectFrom('workspaces')
    .select('id')
    .where('organization_id', '=', t.organizationId)
    .where('id', '=', q.workspaceId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!ws) throw problem('notFound');
  const { rows, total } = await tq.locationGroups(db, t.organizationId, {
    workspaceId: q.workspaceId,
    search: q.Search,
    page: q.Page ?? 1,
    pageSize: q.PageSize ?? 100,
  });
  return { locationGroups: rows, totalSize: total };
}

const HOUR = 3_600_000;

/**
 * POST /Task/createTask: one task per collector. With a recurrence, each collector's task is round 1
 * of a series, and the rounds job adds the next rounds; each round's deadline keeps the first one's
 * distance from its start.
 */
export async function createTasks(
  db: Q,
  t: Tenant,
  body: CreateTaskBody,
  now: Date = new Date(),
): Promise<{ taskIds: string[]; seriesIds: string[] }> {
  const survey = await findSurveyHead(db, body.surveyId, projectScopeOf(t));
  if (!survey) throw problem('notFound');
  if (survey.status !== 1) throw problem('surveyNotDeployed');
  const project = await projectInScope(db, t, survey.projectId);
  const deadline = body.tasksDeadline ? new Date(body.tasksDeadline) : null;
  if (deadline && deadline.getTime() <= now.getTime()) throw problem('validation', { errors: ["'tasksDeadline' must be in the future"] });
  const recurrence = (body.recurrence ?? recurrences.NoRecurrence) as Recurrence;
  if (recurrence === recurrences.EveryXDays && !body.everyXDays) throw problem('validation', { errors: ["'everyXDays' is required"] });
  const until = body.recurrenceEnd ? new Date(body.recurrenceEnd) : null;
  if (until && until.getTime() <= now.getTime()) throw problem('validation', { errors: ["'recurrenceEnd' must be in the future"] });
  const note = body.note?.trim() ?? '';

  return db.transaction().execute(async (trx) => {
    const collectors = await tq.collectorsInProject(trx, t.organizationId, project.id, body.dataCollectorIds);
    if (collectors.size !== body.dataCollectorIds.length)
      throw problem('validation', { errors: ["'dataCollectorIds' must be Data Collectors of the survey's project"] });
    if (body.locationGroupId && !(await tq.locationGroupInWorkspace(trx, t.organizationId, project.workspaceId, body.locationGroupId)))
      throw problem('notFound');
    if (body.locationId !== undefined) {
      const c = await trx.selectFrom('countries').select('id').where('id', '=', body.locationId).executeTakeFirst();
      if (!c) throw problem('validation', { errors: ["'locationId' is not valid"] });
    }
    const round = body.collectionRound ?? 1;
    const common = {
      organizationId: t.organizationId,
      projectId: project.id,
      surveyId: survey.id,
      collectionType: body.collectionType,
      locationId: body.locationId ?? null,
      locationGroupId: body.locationGroupId ?? null,
      note,
      createdBy: t.userId,
    };
    const seriesIds: string[] = [];
    const rows: tq.NewTask[] = [];
    for (const collectorId of body.dataCollectorIds) {
      let seriesId: string | null = null;
      if (recurrence !== recurrences.NoRecurrence) {
        const rule = { recurrence, everyXDays: body.everyXDays ?? null, weekday: body.weekday ?? null };
        const next = roundStart(rule, now, 2);
        seriesId = await insertSeries(trx, {
          ...common,
          collectorId,
          ...rule,
          recurrence,
          roundHours: deadline ? Math.max(1, Math.ceil((deadline.getTime() - now.getTime()) / HOUR)) : null,
          startsAt: now,
          untilAt: until,
          nextRoundAt: next && (!until || next.getTime() <= until.getTime()) ? next : null,
          lastRound: round,
        });
        seriesIds.push(seriesId);
      }
      rows.push({ ...common, collectorId, seriesId, collectionRound: round, endDate: deadline });
    }
    return { taskIds: await tq.insertTasks(trx, rows), seriesIds };
  });
}
