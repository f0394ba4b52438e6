// The rounds job: every recurring series whose next round is due gets that round's task,
// then its next date. Run by pg-boss on a schedule (server/plugins/jobs.ts); `runDueRounds` is callable
// on its own so tests can move the clock.
import type { Kysely } from 'kysely';
import type { Recurrence } from '../../schemas/tasks';
import { advanceSeries, dueSeries } from '../db/queries/taskSeries';
import { insertTasks } from '../db/queries/tasks';
import type { DB } from '../db/schema';
import { dueRounds } from './recurrence';

const HOUR = 3_600_000;
/** Series handled per transaction; the job loops until none is due. */
const BATCH = 200;

/** Creates the due rounds; answers how many tasks it created. */
export async function runDueRounds(db: Kysely<DB>, now: Date = new Date()): Promise<number> {
  let created = 0;
  for (;;) {
    const { handled, added } = await db.transaction().execute(async (trx) => {
      const series = await dueSeries(trx, now, BATCH);
      let n = 0;
      for (const s of series) {
        const r = dueRounds(
          {
            recurrence: s.recurrence as Recurrence,
            everyXDays: s.every_x_days,
            weekday: s.weekday,
            anchor: s.starts_at,
            firstRound: s.first_round,
            lastRound: s.last_round,
            until: s.until_at,
          },
          now,
        );
        if (r.due) {
          const ids = await insertTasks(trx, [
            {
              organizationId: s.organization_id,
              projectId: s.project_id,
              surveyId: s.survey_id,
              collectorId: s.collector_id,
              seriesId: s.id,
              collectionRound: r.due.round,
              collectionType: s.collection_type,
              endDate: s.round_hours ? new Date(r.due.startsAt.getTime() + s.round_hours * HOUR) : null,
              locationId: s.location_id,
              locationGroupId: s.location_group_id,
              note: s.note,
              createdBy: s.created_by,
              createdAt: r.due.startsAt,
            },
          ]);
          n += ids.length;
        }
        await advanceSeries(trx, s.id, r.lastRound, r.nextRoundAt);
      }
      return { handled: series.length, added: n };
    });
    created += added;
    if (handled < BATCH) return created;
  }
}
