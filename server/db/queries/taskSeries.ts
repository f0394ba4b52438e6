// Recurring task series: created with their first round, advanced by the rounds job.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

type Q = Kysely<DB>;

export interface NewSeries {
  organizationId: string;
  projectId: string;
  surveyId: string;
  collectorId: string;
  recurrence: number;
  everyXDays: number | null;
  weekday: number | null;
  roundHours: number | null;
  collectionType: number;
  locationId: number | null;
  locationGroupId: string | null;
  note: string;
  startsAt: Date;
  untilAt: Date | null;
  nextRoundAt: Date | null;
  lastRound: number;
  createdBy: string | null;
}

export async function insertSeries(q: Q, s: NewSeries): Promise<string> {
  const row = await q
    .insertInto('task_series')
    .values({
      organization_id: s.organizationId,
      project_id: s.projectId,
      survey_id: s.surveyId,
      collector_id: s.collectorId,
      recurrence: s.recurrence,
      every_x_days: s.everyXDays,
      weekday: s.weekday,
      round_hours: s.roundHours,
      collection_type: s.collectionType,
      location_id: s.locationId,
      location_group_id: s.locationGroupId,
      note: s.note,
      starts_at: s.startsAt,
      until_at: s.untilAt,
      next_round_at: s.nextRoundAt,
      first_round: s.lastRound,
      last_round: s.lastRound,
      created_by: s.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Series whose next round is due, locked and skipped by other workers (any number of servers may run
 * the job). Series of a deleted survey, project or member stop: their rounds would go nowhere.
 */
export async function dueSeries(q: Q, now: Date, limit: number) {
  return q
    .selectFrom('task_series as ts')
    .innerJoin('surveys as s', 's.id', 'ts.survey_id')
    .innerJoin('projects as p', 'p.id', 'ts.project_id')
    .innerJoin('organization_members as m', 'm.id', 'ts.collector_id')
    .selectAll('ts')
    .where('ts.next_round_at', '<=', now)
    .where('ts.deleted_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .where('s.status', '=', 1)
    .where('p.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .orderBy('ts.next_round_at')
    .limit(limit)
    .forUpdate('ts')
    .skipLocked()
    .execute();
}

export async function advanceSeries(q: Q, id: string, lastRound: number, nextRoundAt: Date | null): Promise<void> {
  await q.updateTable('task_series').set({ last_round: lastRound, next_round_at: nextRoundAt }).where('id', '=', id).execute();
}
