// Survey reports on the dashboard: GET DataCollection/getSurveyReport counts per day, per
// collector and per task, the collection goal, choice counts with percentages and number histograms,
// all aggregated in SQL; the data table's filters apply; a Guest reads, a DataCollector counts only their
// own, another organization gets 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { createSurvey, demoSurveyOf, submit, type TestSurvey } from '../support/surveys';

interface Report {
  totalSubmissions: number;
  goal: { target: number; reached: number; percent: number | null };
  perDay: { day: string; count: number }[];
  perCollector: { id: string | null; name: string | null; count: number }[];
  perTask: { id: string | null; count: number }[];
  selectQuestions: {
    name: string;
    label: string;
    multiple: boolean;
    answered: number;
    choices: { name: string; label: string; count: number; percent: number }[];
  }[];
  numberQuestions: {
    name: string;
    answered: number;
    min: number | null;
    max: number | null;
    mean: number | null;
    bins: { from: number; to: number; count: number }[];
  }[];
}

let t: TestApp;
let as: ReturnType<typeof personas>;
let s: TestSurvey;

const report = async (query: Record<string, string | string[]> = {}, who: string = demo.owner, surveyId?: string) => {
  const qs = new URLSearchParams();
  qs.set('SurveyId', surveyId ?? s.id);
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) qs.append(k, one);
  return t.call<Report>('GET', `/api/DataCollection/getSurveyReport?${qs}`, { session: await as(who) });
};

/** The UTC days on which the three submissions below were made (the day may turn between them). */
let firstDay = '';
let lastDay = '';
const utcDay = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
  s = await createSurvey(t, [
    q.text('name').label('Name'),
    q.integer('age').label('Age'),
    q.decimal('weight').label('Weight'),
    q.select_one('region').label('Region').choices('north', 'south'),
    q.select_multiple('needs').label('Needs').choices('food', 'water', 'shelter'),
  ]);
  firstDay = utcDay();
  expect((await submit(t, s, { name: 'Amina', age: 34, weight: 60.5, region: 'north', needs: 'food water' })).status).toBe(200);
  expect((await submit(t, s, { name: 'Bashir', age: 19, weight: 80, region: 'south', needs: 'shelter' })).status).toBe(200);
  expect(
    (await submit(t, s, { name: 'Chidi', age: 52, region: 'north' }, { session: await as(demo.collector), linkUuid: null })).status,
  ).toBe(200);
  lastDay = utcDay();
});
afterAll(() => t.close());

describe('the survey report', () => {
  it('counts submissions per day, per collector and per task, and against the goal of 15', async () => {
    const { status, body } = await report();
    expect(status).toBe(200);
    const r = body.data;
    expect(r.totalSubmissions).toBe(3);
    expect(r.goal).toEqual({ target: 15, reached: 3, percent: 20 });
    if (firstDay === lastDay) expect(r.perDay).toEqual([{ day: firstDay, count: 3 }]);
    else {
      for (const d of r.perDay) expect([firstDay, lastDay]).toContain(d.day);
      expect(r.perDay.reduce((n, d) => n + d.count, 0)).toBe(3);
    }
    expect(r.perCollector.map((c) => c.count)).toEqual([2, 1]);
    expect(r.perCollector.find((c) => c.name === 'Chidi Collector')?.count).toBe(1);
    expect(r.perTask).toEqual([{ id: null, count: 3 }]);
  });

  it('counts each choice with its percentage of the submissions that answered', async () => {
    const r = (await report()).body.data;
    const region = r.selectQuestions.find((x) => x.name === 'region')!;
    expect(region).toMatchObject({ label: 'Region', multiple: false, answered: 3 });
    expect(region.choices.map((c) => [c.name, c.count, c.percent])).toEqual([
      ['north', 2, 66.7],
      ['south', 1, 33.3],
    ]);
    const needs = r.selectQuestions.find((x) => x.name === 'needs')!;
    expect(needs).toMatchObject({ multiple: true, answered: 2 });
    expect(needs.choices.map((c) => [c.name, c.count, c.percent])).toEqual([
      ['food', 1, 50],
      ['water', 1, 50],
      ['shelter', 1, 50],
    ]);
  });

  it('draws a histogram of each number question in bounded bins', async () => {
    const r = (await report({ Bins: '3' })).body.data;
    const age = r.numberQuestions.find((x) => x.name === 'age')!;
    expect(age).toMatchObject({ answered: 3, min: 19, max: 52, mean: 35 });
    expect(age.bins).toEqual([
      { from: 19, to: 30, count: 1 },
      { from: 31, to: 42, count: 1 },
      { from: 43, to: 54, count: 1 },
    ]);
    const weight = r.numberQuestions.find((x) => x.name === 'weight')!;
    expect(weight.answered).toBe(2);
    expect(weight.bins.map((b) => b.count)).toEqual([1, 0, 1]);
    expect(weight.bins.at(-1)!.to).toBe(80);
    expect((await report({ Bins: '31' })).status).toBe(400);
  });

  it('labels questions and choices in the survey language asked for, else the base language', async () => {
    const demoSurvey = await demoSurveyOf(t);
    const fr = await t.db.selectFrom('languages').select('id').where('code', '=', 'fr').executeTakeFirstOrThrow();
    const inFrench = (await report({ LanguageId: String(fr.id) }, demo.owner, demoSurvey.id)).body.data;
    expect(inFrench.selectQuestions.find((x) => x.name === 'region')!.label).toBe('Région');
    expect(inFrench.selectQuestions.find((x) => x.name === 'priority_needs')!.choices.map((c) => c.label)).toContain('Nourriture');
    // A label quoting an answer shows an ellipsis in its place.
    expect(inFrench.selectQuestions.find((x) => x.name === 'district')!.label).toBe('District de …');
    const unknown = (await report({ LanguageId: '999999' }, demo.owner, demoSurvey.id)).body.data;
    expect(unknown.selectQuestions.find((x) => x.name === 'region')!.label).toBe('Region');
  });

  it('applies the data table filters', async () => {
    const north = (await report({ Filter: 'region:in:north' })).body.data;
    expect(north.totalSubmissions).toBe(2);
    expect(north.numberQuestions.find((x) => x.name === 'age')!.answered).toBe(2);
    expect((await report({ From: '2000-01-01', To: '2000-01-02' })).body.data.totalSubmissions).toBe(0);
    expect((await report({ From: '2000-01-02', To: '2000-01-01' })).status).toBe(400);
  });
});

describe('who reads which report', () => {
  it('lets a Guest read it', async () => {
    const { status, body } = await report({}, demo.guest);
    expect(status).toBe(200);
    expect(body.data.totalSubmissions).toBe(3);
  });

  it('counts only their own submissions for a DataCollector', async () => {
    const r = (await report({}, demo.collector)).body.data;
    expect(r.totalSubmissions).toBe(1);
    expect(r.perCollector).toEqual([expect.objectContaining({ name: 'Chidi Collector', count: 1 })]);
    expect(r.selectQuestions.find((x) => x.name === 'region')!.choices.map((c) => c.count)).toEqual([1, 0]);
  });

  it('answers 404 to another organization and for an unknown survey', async () => {
    expect((await report({}, demo.other)).status).toBe(404);
    expect((await report({}, demo.owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
