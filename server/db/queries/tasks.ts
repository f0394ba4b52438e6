// Tasks: the collector's own tasks and their statistics, a project's task list with its
// filters, status changes, the data collectors of a project, location groups, recurring series, and
// the recycle bin of tasks. Every query names the organization; project lists also the caller's scope.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { containsPattern, offsetOf, type PageRequest } from './paging';
import { projectsOfMember, type ProjectScope } from './projectScope';

type Q = Kysely<DB>;

export interface NewTask {
  organizationId: string;
  projectId: string;
  surveyId: string;
  collectorId: string;
  seriesId: string | null;
  collectionRound: number;
  collectionType: number;
  endDate: Date | null;
  locationId: number | null;
  locationGroupId: string | null;
  note: string;
  createdBy: string | null;
  createdAt?: Date;
}

export async function insertTasks(q: Q, rows: readonly NewTask[]): Promise<string[]> {
  if (!rows.length) return [];
  const out = await q
    .insertInto('tasks')
    .values(
      rows.map((r) => ({
        organization_id: r.organizationId,
        project_id: r.projectId,
        survey_id: r.surveyId,
        collector_id: r.collectorId,
        series_id: r.seriesId,
        collection_round: r.collectionRound,
        collection_type: r.collectionType,
        end_date: r.endDate,
        location_id: r.locationId,
        location_group_id: r.locationGroupId,
        note: r.note,
        created_by: r.createdBy,
        ...(r.createdAt ? { created_at: r.createdAt } : {}),
      })),
    )
    // A series' round exists once: a job that runs twice adds nothing the second time.
    .onConflict((oc) => oc.columns(['series_id', 'collection_round']).doNothing())
    .returning('id')
    .execute();
  return out.map((r) => r.id);
}

/** The columns of a task row as every table shows it. */
function taskRows(q: Q) {
  return q
    .selectFrom('tasks as t')
    .innerJoin('surveys as s', 's.id', 't.survey_id')
    .innerJoin('organization_members as m', 'm.id', 't.collector_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('languages as l', 'l.id', 's.default_language_id')
    .leftJoin('countries as c', 'c.id', 't.location_id')
    .leftJoin('location_groups as lg', 'lg.id', 't.location_group_id')
    .select([
      't.id',
      't.survey_id as surveyId',
      's.name as surveyName',
      'l.code as languageCode',
      't.collection_round as collectionRound',
      't.collection_type as collectionType',
      't.status',
      't.note',
      't.end_date as endDate',
      'c.name as countryName',
      'lg.name as locationGroupName',
      'u.full_name as enumeratorName',
      't.rejection_reason as rejectionReason',
      't.series_id as seriesId',
      't.deleted_at as deletedAt',
    ]);
}

export type TaskRowDb = Awaited<ReturnType<ReturnType<typeof taskRows>['execute']>>[number];

export interface CollectorFilters extends PageRequest {
  deleted: boolean;
  status?: number | undefined;
  surveyId?: string | undefined;
  search?: string | undefined;
  collectionType?: number | undefined;
  locationId?: number | undefined;
}

/** The collector's own tasks, newest first. Tasks of a deleted survey are gone with it. */
export async function collectorTasks(q: Q, organizationId: string, memberId: string, f: CollectorFilters) {
  const pattern = containsPattern(f.search);
  const base = taskRows(q)
    .where('t.organization_id', '=', organizationId)
    .where('t.collector_id', '=', memberId)
    .where('s.deleted_at', 'is', null)
    .where('t.deleted_at', f.deleted ? 'is not' : 'is', null)
    .$if(f.status !== undefined, (b) => b.where('t.status', '=', f.status!))
    .$if(f.surveyId !== undefined, (b) => b.where('t.survey_id', '=', f.surveyId!))
    .$if(f.collectionType !== undefined, (b) => b.where('t.collection_type', '=', f.collectionType!))
    .$if(f.locationId !== undefined, (b) => b.where('t.location_id', '=', f.locationId!))
    .$if(pattern !== undefined, (b) => b.where((eb) => eb.or([eb('s.name', 'ilike', pattern!), eb('t.note', 'ilike', pattern!)])));
  const [rows, total] = await Promise.all([
    base.orderBy('t.created_at', 'desc').orderBy('t.id').limit(f.pageSize).offset(offsetOf(f)).execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** How many of the collector's live tasks are in each status. */
export async function collectorStats(q: Q, organizationId: string, memberId: string): Promise<Map<number, number>> {
  const rows = await q
    .selectFrom('tasks as t')
    .innerJoin('surveys as s', 's.id', 't.survey_id')
    .select(['t.status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.organization_id', '=', organizationId)
    .where('t.collector_id', '=', memberId)
    .where('t.deleted_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .groupBy('t.status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** The surveys of the collector's tasks (the survey filter of /mytasks). */
export async function collectorSurveys(q: Q, organizationId: string, memberId: string, deleted: boolean) {
  return q
    .selectFrom('tasks as t')
    .innerJoin('surveys as s', 's.id', 't.survey_id')
    .select(['s.id as surveyId', 's.name as surveyName'])
    .distinct()
    .where('t.organization_id', '=', organizationId)
    .where('t.collector_id', '=', memberId)
    .where('s.deleted_at', 'is', null)
    .where('t.deleted_at', deleted ? 'is not' : 'is', null)
    .orderBy('s.name')
    .limit(500)
    .execute();
}

export async function collectorLocations(q: Q, organizationId: string, memberId: string, deleted: boolean) {
  return q
    .selectFrom('tasks as t')
    .innerJoin('countries as c', 'c.id', 't.location_id')
    .select(['c.id', 'c.name'])
    .distinct()
    .where('t.organization_id', '=', organizationId)
    .where('t.collector_id', '=', memberId)
    .where('t.deleted_at', deleted ? 'is not' : 'is', null)
    .orderBy('c.name')
    .limit(500)
    .execute();
}

/** Task ids of a survey assigned to a member that still take a submission (Assigned, In Progress). */
export async function openTaskIds(q: Q, organizationId: string, surveyId: string, memberId: string): Promise<string[]> {
  const rows = await q
    .selectFrom('tasks')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('survey_id', '=', surveyId)
    .where('collector_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', [0, 2])
    .orderBy('created_at', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => r.id);
}

/** One live task of the collector, locked for a status change. */
export async function collectorTaskForUpdate(q: Q, organizationId: string, memberId: string, id: string) {
  return q
    .selectFrom('tasks')
    .select(['id', 'status'])
    .where('organization_id', '=', organizationId)
    .where('collector_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function setTaskStatus(
  q: Q,
  organizationId: string,
  id: string,
  status: number,
  o: { reason?: string; at: Date },
): Promise<void> {
  await q
    .updateTable('tasks')
    .set({
      status,
      rejection_reason: status === 1 ? (o.reason ?? null) : null,
      ...(status === 2 ? { started_at: o.at } : {}),
      ...(status === 3 ? { completed_at: o.at } : {}),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}

/** The task a submission names: of this survey and organization, live, with its collector's user. */
export async function taskForSubmission(q: Q, organizationId: string, surveyId: string, taskId: string) {
  return q
    .selectFrom('tasks as t')
    .innerJoin('organization_members as m', 'm.id', 't.collector_id')
    .select(['t.id', 't.status', 'm.user_id as userId', 'm.deleted_at as memberDeletedAt'])
    .where('t.organization_id', '=', organizationId)
    .where('t.survey_id', '=', surveyId)
    .where('t.id', '=', taskId)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** After a submission through the task: Completed (Finished), unless it was rejected meanwhile. */
export async function completeTask(q: Q, organizationId: string, taskId: string, at: Date): Promise<void> {
  await q
    .updateTable('tasks')
    .set({ status: 3, completed_at: at })
    .where('organization_id', '=', organizationId)
    .where('id', '=', taskId)
    .where('status', 'in', [0, 2])
    .execute();
}

export interface ProjectTaskFilters extends PageRequest {
  projectId: string;
  deleted: boolean;
  search?: string | undefined;
  surveyId?: string | undefined;
  collectionType?: number | undefined;
  status?: number | undefined;
  collectionRound?: number | undefined;
  collectorId?: string | undefined;
  locationGroupId?: string | undefined;
  /** The deadline's day, YYYY-MM-DD, in UTC. */
  deadline?: string | undefined;
}

/**
 * A project's tasks for the task management page, within the caller's projects. Two steps, so that
 * 10,000 tasks page in well under 200 ms: the filters and the page run on the tasks table alone (the
 * search and the live-survey rule as semi-joins), then only the page's rows are joined for display.
 */
export async function projectTasks(q: Q, scope: ProjectScope, f: ProjectTaskFilters) {
  const pattern = containsPattern(f.search);
  const base = q
    .selectFrom('tasks as t')
    .where('t.organization_id', '=', scope.organizationId)
    .where('t.project_id', '=', f.projectId)
    .$if(scope.memberId !== undefined, (b) => b.where('t.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
    .where('t.survey_id', 'in', q.selectFrom('surveys').select('id').where('project_id', '=', f.projectId).where('deleted_at', 'is', null))
    .where('t.deleted_at', f.deleted ? 'is not' : 'is', null)
    .$if(f.surveyId !== undefined, (b) => b.where('t.survey_id', '=', f.surveyId!))
    .$if(f.collectionType !== undefined, (b) => b.where('t.collection_type', '=', f.collectionType!))
    .$if(f.status !== undefined, (b) => b.where('t.status', '=', f.status!))
    .$if(f.collectionRound !== undefined, (b) => b.where('t.collection_round', '=', f.collectionRound!))
    .$if(f.collectorId !== undefined, (b) => b.where('t.collector_id', '=', f.collectorId!))
    .$if(f.locationGroupId !== undefined, (b) => b.where('t.location_group_id', '=', f.locationGroupId!))
    .$if(f.deadline !== undefined, (b) =>
      b
        .where('t.end_date', '>=', new Date(`${f.deadline!}T00:00:00Z`))
        .where('t.end_date', '<', new Date(new Date(`${f.deadline!}T00:00:00Z`).getTime() + 86_400_000)),
    )
    .$if(pattern !== undefined, (b) =>
      b.where((eb) =>
        eb.or([
          eb('t.note', 'ilike', pattern!),
          eb(
            't.survey_id',
            'in',
            q.selectFrom('surveys').select('id').where('project_id', '=', f.projectId).where('name', 'ilike', pattern!),
          ),
          eb(
            't.collector_id',
            'in',
            q
              .selectFrom('organization_members as sm')
              .innerJoin('users as su', 'su.id', 'sm.user_id')
              .select('sm.id')
              .where('sm.organization_id', '=', scope.organizationId)
              .where('su.full_name', 'ilike', pattern!),
          ),
        ]),
      ),
    );
  const order = f.deleted ? 't.deleted_at' : 't.created_at';
  const [ids, total] = await Promise.all([
    base.select('t.id').orderBy(order, 'desc').orderBy('t.id').limit(f.pageSize).offset(offsetOf(f)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const rows = ids.length
    ? await taskRows(q)
        .where(
          't.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()
    : [];
  const at = new Map(ids.map((r, i) => [r.id, i]));
  rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  return { rows, total: Number(total.n) };
}

/** The live Data Collector members of a project (role 7), for the assign form and its filters. */
function projectCollectorsBase(q: Q, organizationId: string, projectId: string) {
  return q
    .selectFrom('project_members as pm')
    .innerJoin('organization_members as m', 'm.id', 'pm.member_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('countries as c', 'c.id', 'm.location_id')
    .where('pm.organization_id', '=', organizationId)
    .where('pm.project_id', '=', projectId)
    .where('pm.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .where('m.role_id', '=', 7);
}

export async function enumeratorNames(q: Q, organizationId: string, projectId: string) {
  return projectCollectorsBase(q, organizationId, projectId)
    .select(['m.id', 'u.full_name as name'])
    .orderBy('u.full_name')
    .limit(1000)
    .execute();
}

/** The data collector table: those whose location is the task's come first, marked suggested. */
export async function projectCollectors(
  q: Q,
  organizationId: string,
  f: PageRequest & { projectId: string; locationId?: number | undefined; search?: string | undefined; gender?: number | undefined },
) {
  const pattern = containsPattern(f.search);
  const base = projectCollectorsBase(q, organizationId, f.projectId)
    .$if(pattern !== undefined, (b) => b.where('u.full_name', 'ilike', pattern!))
    .$if(f.gender !== undefined, (b) => b.where('m.gender', '=', f.gender!));
  const suggested = f.locationId === undefined ? sql<boolean>`false` : sql<boolean>`coalesce(m.location_id = ${f.locationId}, false)`;
  const [rows, total] = await Promise.all([
    base
      .select([
        'm.id as memberId',
        'u.full_name as enumeratorName',
        'm.gender',
        'c.name as location',
        'm.location_id as locationId',
        suggested.as('suggested'),
      ])
      // PostgreSQL refuses a constant in ORDER BY: without a location nobody is suggested first.
      .$if(f.locationId !== undefined, (b) => b.orderBy(suggested, 'desc'))
      .orderBy('u.full_name')
      .orderBy('m.id')
      .limit(f.pageSize)
      .offset(offsetOf(f))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Which of `memberIds` are live Data Collectors of the project. */
export async function collectorsInProject(
  q: Q,
  organizationId: string,
  projectId: string,
  memberIds: readonly string[],
): Promise<Set<string>> {
  if (!memberIds.length) return new Set();
  const rows = await projectCollectorsBase(q, organizationId, projectId).select('m.id').where('m.id', 'in', memberIds).execute();
  return new Set(rows.map((r) => r.id));
}

export async function locationGroups(q: Q, organizationId: string, f: PageRequest & { workspaceId: string; search?: string | undefined }) {
  const pattern = containsPattern(f.search);
  const base = q
    .selectFrom('location_groups as lg')
    .leftJoin('countries as c', 'c.id', 'lg.country_id')
    .where('lg.organization_id', '=', organizationId)
    .where('lg.workspace_id', '=', f.workspaceId)
    .where('lg.deleted_at', 'is', null)
    .$if(pattern !== undefined, (b) => b.where('lg.name', 'ilike', pattern!));
  const [rows, total] = await Promise.all([
    base
      .select([
        'lg.id',
        'lg.name',
        'c.name as countryName',
        'lg.state',
        'lg.city',
        'lg.district',
        'lg.subdistrict',
        'lg.village_neighborhood as village_Neighborhood',
        'lg.address_line1 as addressLine1',
        'lg.location_type as locationType',
      ])
      .orderBy('lg.name')
      .orderBy('lg.id')
      .limit(f.pageSize)
      .offset(offsetOf(f))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function locationGroupInWorkspace(q: Q, organizationId: string, workspaceId: string, id: string): Promise<boolean> {
  const r = await q
    .selectFrom('location_groups')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return r !== undefined;
}
