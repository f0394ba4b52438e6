// Targets and their progress (schemas/targets.ts). Every statement filters by organization, and for the
// project roles by the caller's projects (./projectScope.ts).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { projectsOfMember, type ProjectScope } from './projectScope';

type Q = Kysely<DB>;

export interface TargetDb {
  id: string;
  surveyId: string;
  total: number;
  startDate: string | null;
  deadline: string | null;
  approvedOnly: boolean;
  calculation: unknown;
  createdAt: Date;
  deletedAt: Date | null;
}

/** A survey of the page with its live target (or, listing the bin, its binned one). */
export interface SurveyTargetDb {
  surveyId: string;
  surveyName: string;
  collectionGoal: number;
  surveyCreatedAt: Date;
  target: TargetDb | null;
}

/**
 * A page of the project's live surveys with their live targets; `binned` lists the binned targets
 * instead (with their surveys, live ones).
 */
export async function targetsOfProject(
  q: Q,
  scope: ProjectScope,
  o: { projectId: string; binned: boolean; page: number; pageSize: number },
): Promise<{ rows: SurveyTargetDb[]; total: number }> {
  const base = q
    .selectFrom('surveys as s')
    .leftJoin('targets as t', (j) =>
      j
        .onRef('t.survey_id', '=', 's.id')
        .on('t.organization_id', '=', scope.organizationId)
        .on(o.binned ? sql<boolean>`t.deleted_at is not null` : sql<boolean>`t.deleted_at is null`),
    )
    .where('s.organization_id', '=', scope.organizationId)
    .where('s.project_id', '=', o.projectId)
    .where('s.deleted_at', 'is', null)
    .$if(scope.memberId !== undefined, (b) => b.where('s.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
    .$if(o.binned, (b) => b.where('t.id', 'is not', null));
  const [{ n }] = (await base.select(sql<number>`count(*)::int`.as('n')).execute()) as [{ n: number }];
  const rows = await base
    .select(['s.id as sid', 's.name as surveyName', 's.collection_goal as collectionGoal', 's.created_at as surveyCreatedAt'])
    .select([
      't.id',
      't.total',
      sql<string | null>`to_char(t.start_date, 'YYYY-MM-DD')`.as('startDate'),
      sql<string | null>`to_char(t.deadline, 'YYYY-MM-DD')`.as('deadline'),
      't.approved_only as approvedOnly',
      't.calculation',
      't.created_at as createdAt',
      't.deleted_at as deletedAt',
    ])
    // The targets last set come first (the one just saved is on the first page however many surveys
    // the project has); the surveys still on their builder's goal follow, newest first.
    .orderBy(sql`t.id is null`)
    .orderBy(sql`coalesce(t.deleted_at, t.updated_at, t.created_at)`, (ob) => ob.desc().nullsLast())
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id')
    .limit(o.pageSize)
    .offset((o.page - 1) * o.pageSize)
    .execute();
  return {
    total: n,
    rows: rows.map((r) => ({
      surveyId: r.sid,
      surveyName: r.surveyName,
      collectionGoal: r.collectionGoal,
      surveyCreatedAt: r.surveyCreatedAt,
      target:
        r.id === null
          ? null
          : {
              id: r.id,
              surveyId: r.sid,
              total: r.total!,
              startDate: r.startDate,
              deadline: r.deadline,
              approvedOnly: r.approvedOnly!,
              calculation: r.calculation,
              createdAt: r.createdAt!,
              deletedAt: r.deletedAt ?? null,
            },
    })),
  };
}

/** One live survey the caller reaches, with its live target. */
export async function surveyTarget(
  q: Q,
  scope: ProjectScope,
  surveyId: string,
): Promise<(SurveyTargetDb & { projectId: string }) | undefined> {
  const r = await q
    .selectFrom('surveys as s')
    .leftJoin('targets as t', (j) =>
      j.onRef('t.survey_id', '=', 's.id').on('t.organization_id', '=', scope.organizationId).on('t.deleted_at', 'is', null),
    )
    .select([
      's.id as sid',
      's.name as surveyName',
      's.project_id as projectId',
      's.collection_goal as collectionGoal',
      's.created_at as surveyCreatedAt',
    ])
    .select(['t.id', 't.total', 't.approved_only as approvedOnly', 't.calculation', 't.created_at as createdAt'])
    .select([
      sql<string | null>`to_char(t.start_date, 'YYYY-MM-DD')`.as('startDate'),
      sql<string | null>`to_char(t.deadline, 'YYYY-MM-DD')`.as('deadline'),
    ])
    .where('s.organization_id', '=', scope.organizationId)
    .where('s.id', '=', surveyId)
    .where('s.deleted_at', 'is', null)
    .$if(scope.memberId !== undefined, (b) => b.where('s.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    surveyId: r.sid,
    surveyName: r.surveyName,
    projectId: r.projectId,
    collectionGoal: r.collectionGoal,
    surveyCreatedAt: r.surveyCreatedAt,
    target:
      r.id === null
        ? null
        : {
            id: r.id,
            surveyId: r.sid,
            total: r.total!,
            startDate: r.startDate,
            deadline: r.deadline,
            approvedOnly: r.approvedOnly!,
            calculation: r.calculation,
            createdAt: r.createdAt!,
            deletedAt: null,
          },
  };
}

export interface StratumDb {
  targetId: string;
  locationGroupId: string;
  name: string;
  target: number;
  population: number | null;
}

export async function strataOf(q: Q, organizationId: string, targetIds: readonly string[]): Promise<StratumDb[]> {
  if (!targetIds.length) return [];
  return q
    .selectFrom('target_strata as ts')
    .innerJoin('location_groups as g', 'g.id', 'ts.location_group_id')
    .select(['ts.target_id as targetId', 'ts.location_group_id as locationGroupId', 'g.name', 'ts.target', 'ts.population'])
    .where('ts.organization_id', '=', organizationId)
    .where('ts.target_id', 'in', targetIds)
    .orderBy('ts.target_id')
    .orderBy('ts.position')
    .execute();
}

/**
 * Live submissions of the surveys by the location group of their task (null: no task, or a task without
 * one): every submission and the approved ones.
 */
export async function submissionCounts(
  q: Q,
  organizationId: string,
  surveyIds: readonly string[],
): Promise<{ surveyId: string; locationGroupId: string | null; all: number; approved: number }[]> {
  if (!surveyIds.length) return [];
  return q
    .selectFrom('submissions as x')
    .leftJoin('tasks as k', (j) => j.onRef('k.id', '=', 'x.task_id').on('k.organization_id', '=', organizationId))
    .select([
      'x.survey_id as surveyId',
      'k.location_group_id as locationGroupId',
      sql<number>`count(*)::int`.as('all'),
      sql<number>`(count(*) filter (where x.review_status = 1))::int`.as('approved'),
    ])
    .where('x.organization_id', '=', organizationId)
    .where('x.survey_id', 'in', surveyIds)
    .where('x.deleted_at', 'is', null)
    .groupBy(['x.survey_id', 'k.location_group_id'])
    .execute();
}

/** The live location groups among `ids` in the workspace. */
export async function groupsInWorkspace(q: Q, organizationId: string, workspaceId: string, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await q
    .selectFrom('location_groups')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

export async function workspaceOfProject(q: Q, organizationId: string, projectId: string): Promise<string | undefined> {
  const r = await q
    .selectFrom('projects')
    .select('workspace_id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', projectId)
    .executeTakeFirst();
  return r?.workspace_id;
}

export interface TargetWrite {
  organizationId: string;
  projectId: string;
  surveyId: string;
  total: number;
  startDate: string | null;
  deadline: string | null;
  approvedOnly: boolean;
  calculation: string | null;
  createdBy: string;
  strata: { locationGroupId: string; target: number; population: number | null }[];
}

/** Replaces the survey's live target (its strata with it); answers the target's id. Inside a transaction. */
export async function writeTarget(trx: Q, w: TargetWrite): Promise<string> {
  const live = await trx
    .selectFrom('targets')
    .select('id')
    .where('organization_id', '=', w.organizationId)
    .where('survey_id', '=', w.surveyId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  const values = {
    total: w.total,
    start_date: w.startDate,
    deadline: w.deadline,
    approved_only: w.approvedOnly,
    calculation: w.calculation,
  };
  let id: string;
  if (live) {
    id = live.id;
    await trx
      .updateTable('targets')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('target_strata').where('organization_id', '=', w.organizationId).where('target_id', '=', id).execute();
  } else {
    id = (
      await trx
        .insertInto('targets')
        .values({ ...values, organization_id: w.organizationId, project_id: w.projectId, survey_id: w.surveyId, created_by: w.createdBy })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  if (w.strata.length)
    await trx
      .insertInto('target_strata')
      .values(
        w.strata.map((s, position) => ({
          organization_id: w.organizationId,
          target_id: id,
          location_group_id: s.locationGroupId,
          target: s.target,
          population: s.population,
          position,
        })),
      )
      .execute();
  return id;
}

/** Whether the survey has a live target: a restore of another must not make two. */
export async function liveTargetOfSurveys(q: Q, organizationId: string, surveyIds: readonly string[]): Promise<string[]> {
  if (!surveyIds.length) return [];
  const rows = await q
    .selectFrom('targets')
    .select('survey_id')
    .where('organization_id', '=', organizationId)
    .where('survey_id', 'in', surveyIds)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.survey_id);
}

export async function surveysOfTargets(q: Q, organizationId: string, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await q
    .selectFrom('targets')
    .select('survey_id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.survey_id);
}
