// Recurring tasks: a recurring assignment is round 1 of a series; the rounds job, with its
// clock moved, adds the next round (once, however often it runs) and stops at the end date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurrences } from '../../schemas/tasks';
import { runDueRounds } from '../../server/services/taskRounds';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { demoSurveyOf, type TestSurvey } from '../support/surveys';

let t: TestApp;
const as = personas(() => t);
let survey: TestSurvey;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  survey = await demoSurveyOf(t);
});
afterAll(() => t.close());

const roundsOf = async (seriesId: string) =>
  (
    await t.db
      .selectFrom('tasks')
      .select(['collection_round', 'status', 'end_date', 'note'])
      .where('series_id', '=', seriesId)
      .orderBy('collection_round')
      .execute()
  ).map((r) => ({
    round: r.collection_round,
    status: r.status,
    deadline: r.end_date,
    note: r.note,
  }));

describe('the rounds job', () => {
  it('adds the next round of a daily series when it falls, once, with the same deadline distance', async () => {
    const collector = t.ids.members.relief![demo.collector]!;
    const r = await t.call<{ taskIds: string[]; seriesIds: string[] }>('POST', '/api/Task/createTask', {
      session: await as(demo.manager),
      body: {
        surveyId: survey.id,
        dataCollectorIds: [collector],
        collectionType: 0,
        note: 'Daily water point check',
        recurrence: recurrences.Daily,
        tasksDeadline: new Date(Date.now() + 8 * 3_600_000).toISOString(),
      },
    });
    expect(r.status).toBe(200);
    const [seriesId] = r.body.data.seriesIds;
    expect(await roundsOf(seriesId!)).toHaveLength(1);

    expect(await runDueRounds(t.db, new Date(Date.now() + 0.5 * DAY))).toBe(0);
    const tomorrow = new Date(Date.now() + DAY + 60_000);
    expect(await runDueRounds(t.db, tomorrow)).toBeGreaterThanOrEqual(1);
    expect(await runDueRounds(t.db, tomorrow)).toBe(0);
    const rounds = await roundsOf(seriesId!);
    expect(rounds.map((x) => [x.round, x.status, x.note])).toEqual([
      [1, 0, 'Daily water point check'],
      [2, 0, 'Daily water point check'],
    ]);
    const gap = rounds[1]!.deadline!.getTime() - rounds[0]!.deadline!.getTime();
    expect(Math.abs(gap - DAY)).toBeLessThan(3_600_000);

    // The collector sees the new round among their tasks.
    const mine = await t.call<{ tasks: { collectionRound: number; recurring: boolean }[] }>(
      'GET',
      '/api/Task/GetTasksForDataCollector?PageSize=100',
      { session: await as(demo.collector) },
    );
    expect(mine.body.data.tasks.some((x) => x.collectionRound === 2 && x.recurring)).toBe(true);
  });

  it('stops a series at its end date, and when its survey is no longer published', async () => {
    const collector = t.ids.members.relief![demo.collector]!;
    const body = {
      surveyId: survey.id,
      dataCollectorIds: [collector],
      collectionType: 1,
      recurrence: recurrences.EveryXDays,
      everyXDays: 2,
      recurrenceEnd: new Date(Date.now() + 3 * DAY).toISOString(),
    };
    const [seriesId] = (await t.call<{ seriesIds: string[] }>('POST', '/api/Task/createTask', { session: await as(demo.manager), body }))
      .body.data.seriesIds;
    await runDueRounds(t.db, new Date(Date.now() + 10 * DAY));
    expect((await roundsOf(seriesId!)).map((x) => x.round)).toEqual([1, 2]);

    const weekly = { ...body, recurrence: recurrences.Weekly, everyXDays: undefined, recurrenceEnd: undefined };
    const [other] = (
      await t.call<{ seriesIds: string[] }>('POST', '/api/Task/createTask', { session: await as(demo.manager), body: weekly })
    ).body.data.seriesIds;
    await t.db.updateTable('surveys').set({ status: 2 }).where('id', '=', survey.id).execute();
    await runDueRounds(t.db, new Date(Date.now() + 8 * DAY));
    await t.db.updateTable('surveys').set({ status: 1 }).where('id', '=', survey.id).execute();
    expect((await roundsOf(other!)).map((x) => x.round)).toEqual([1]);
  });
});
