// Targets (schemas/targets.ts): listing a project's surveys with their targets and progress, one
// survey's, and saving one. Rules the server enforces whatever the form offered:
//   - the survey and its project are live and reachable by the caller (else 404);
//   - a stratum is a live location group of the project's workspace, named once;
//   - the strata's targets add up to no more than the whole;
//   - a survey has one live target: saving again replaces it.
// A survey without a saved target shows its builder's collection goal, counted from its creation.
import type { Kysely } from 'kysely';
import { percentOf, progressOf } from '../../engine/sampling/progress';
import type { Calculation, SaveTargetBody, TargetRow, TargetsQuery } from '../../schemas/targets';
import { findProject } from '../db/queries/projects';
import * as tq from '../db/queries/targets';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';

type Q = Kysely<DB>;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Counts = Awaited<ReturnType<typeof tq.submissionCounts>>;

function rowOf(s: tq.SurveyTargetDb, strata: tq.StratumDb[], counts: Counts, now: Date): TargetRow {
  const t = s.target;
  const approvedOnly = t?.approvedOnly ?? false;
  const mine = counts.filter((c) => c.surveyId === s.surveyId);
  const n = (c: Counts[number]) => (approvedOnly ? c.approved : c.all);
  const counted = mine.reduce((a, c) => a + n(c), 0);
  const byGroup = new Map(mine.map((c) => [c.locationGroupId, n(c)]));
  const total = t?.total ?? s.collectionGoal;
  const start = t?.startDate ?? isoDay(t?.createdAt ?? s.surveyCreatedAt);
  const progress = progressOf({ total: Math.max(total, 0), counted, start, deadline: t?.deadline ?? null, now });
  const own = strata.map((x) => {
    const got = byGroup.get(x.locationGroupId) ?? 0;
    return {
      locationGroupId: x.locationGroupId,
      name: x.name,
      target: x.target,
      population: x.population,
      counted: got,
      percent: x.target > 0 ? percentOf(got, x.target) : null,
    };
  });
  return {
    id: t?.id ?? null,
    surveyId: s.surveyId,
    surveyName: s.surveyName,
    source: !t ? 'goal' : t.calculation ? 'calculator' : 'manual',
    total,
    startDate: t?.startDate ?? null,
    deadline: t?.deadline ?? null,
    approvedOnly,
    calculation: (t?.calculation as Calculation | null | undefined) ?? null,
    counted,
    percent: progress.percent,
    expectedByNow: progress.expectedByNow,
    // A goal of 0 (the builder allows it) is no target to reach or miss.
    status: total > 0 ? progress.status : 'open',
    strata: own,
    outsideStrata: counted - own.reduce((a, x) => a + x.counted, 0),
    deletedAt: t?.deletedAt ? t.deletedAt.toISOString() : null,
  };
}

async function rowsOf(db: Q, organizationId: string, surveys: tq.SurveyTargetDb[], now: Date): Promise<TargetRow[]> {
  const ids = surveys.flatMap((s) => (s.target ? [s.target.id] : []));
  const [strata, counts] = await Promise.all([
    tq.strataOf(db, organizationId, ids),
    tq.submissionCounts(
      db,
      organizationId,
      surveys.map((s) => s.surveyId),
    ),
  ]);
  return surveys.map((s) =>
    rowOf(
      s,
      strata.filter((x) => x.targetId === s.target?.id),
      counts,
      now,
    ),
  );
}

/** GET /Targets/getTargets: the project's surveys, each with its target and progress; isDeleted lists the bin. */
export async function targetsOfProject(db: Q, t: Tenant, q: TargetsQuery, now = new Date()) {
  const scope = projectScopeOf(t);
  if (!(await findProject(db, { ...scope, id: q.ProjectId }))) throw problem('notFound');
  const { rows, total } = await tq.targetsOfProject(db, scope, {
    projectId: q.ProjectId,
    binned: q.isDeleted ?? false,
    page: q.Page ?? 1,
    pageSize: q.PageSize ?? 10,
  });
  return { targets: await rowsOf(db, t.organizationId, rows, now), totalSize: total };
}

/** GET /Targets/getSurveyTarget: one survey's target (its collection goal while none is saved). */
export async function targetOfSurvey(db: Q, t: Tenant, surveyId: string, now = new Date()): Promise<TargetRow> {
  const s = await tq.surveyTarget(db, projectScopeOf(t), surveyId);
  if (!s) throw problem('notFound');
  return (await rowsOf(db, t.organizationId, [s], now))[0]!;
}

/** POST /Targets/save: creates or replaces the survey's target. */
export async function saveTarget(db: Q, t: Tenant, body: SaveTargetBody): Promise<TargetRow> {
  const scope = projectScopeOf(t);
  const s = await tq.surveyTarget(db, scope, body.surveyId);
  if (!s || !(await findProject(db, { ...scope, id: s.projectId }))) throw problem('notFound');
  const strata = body.strata ?? [];
  const errors: string[] = [];
  const startDate = body.startDate ?? null;
  const deadline = body.deadline ?? null;
  if (startDate && deadline && deadline < startDate) errors.push("'deadline' must not be before 'startDate'");
  const seen = new Set<string>();
  strata.forEach((x, i) => {
    if (seen.has(x.locationGroupId)) errors.push(`'strata[${i}].locationGroupId' names a location group twice`);
    seen.add(x.locationGroupId);
  });
  if (errors.length) throw problem('validation', { errors });
  const workspaceId = await tq.workspaceOfProject(db, t.organizationId, s.projectId);
  const live = new Set(workspaceId ? await tq.groupsInWorkspace(db, t.organizationId, workspaceId, [...seen]) : []);
  const unknown = strata.findIndex((x) => !live.has(x.locationGroupId));
  if (unknown >= 0)
    throw problem('validation', { errors: [`'strata[${unknown}].locationGroupId' is not a location group of this workspace`] });
  if (strata.reduce((a, x) => a + x.target, 0) > body.total) throw problem('targetStrataOverTotal');
  await db.transaction().execute((trx) =>
    tq.writeTarget(trx, {
      organizationId: t.organizationId,
      projectId: s.projectId,
      surveyId: s.surveyId,
      total: body.total,
      startDate,
      deadline,
      approvedOnly: body.approvedOnly ?? false,
      calculation: body.calculation ? JSON.stringify(body.calculation) : null,
      createdBy: t.userId,
      strata: strata.map((x) => ({ locationGroupId: x.locationGroupId, target: x.target, population: x.population ?? null })),
    }),
  );
  return targetOfSurvey(db, t, s.surveyId);
}
