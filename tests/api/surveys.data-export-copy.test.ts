// Exports read each submission's compact copy (migration 0014), not the answers table: a submission
// made through SubmitSurvey is in the export by its copy, a correction changes what is exported, and
// the migration's backfill writes the same copy SubmitSurvey does, for every kind of answer.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, repeat, section } from '../../engine/survey/index';
import { copyBackfill } from '../../server/db/migrations/0014_submission_data';
import { createTestApp, type TestApp } from '../support/app';
import { parseCsv } from '../support/csv';
import { demo, personas } from '../support/personas';
import { completeDemoAnswers, createSurvey, demoSurveyOf, storedAnswers, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
let as: ReturnType<typeof personas>;
let s: TestSurvey;

/** A survey's exported CSV, each row by its _id and header. */
async function exported(surveyId: string, query = ''): Promise<Map<string, Record<string, string>>> {
  const session = await as(demo.owner);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/DataCollection/exportSubmissions/${surveyId}?format=csv${query}`,
    headers: { authorization: `Bearer ${session.token}`, 'organization-id': session.organizationId },
  });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = await parseCsv(res.body);
  return new Map(rows.map((r) => [r[0]!, Object.fromEntries(header!.map((h, i) => [h, r[i]!]))]));
}

const copyOf = (submissionId: string) =>
  t.db.selectFrom('submission_data').select(['top', 'repeats']).where('submission_id', '=', submissionId).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
  s = await createSurvey(t, [
    q.text('comment'),
    q.integer('age'),
    q.select_one('region').choices('north', 'south'),
    repeat('members', q.text('member_name')),
  ]);
});
afterAll(() => t.close());

describe('a submission through SubmitSurvey', () => {
  it('is exported from its compact copy, written with it', async () => {
    const sent = await submit(t, s, { comment: 'first', age: 30, region: 'north', members: [{ member_name: 'Ann' }] });
    expect(sent.status).toBe(200);
    const id = sent.body.data.id;
    const copy = await copyOf(id);
    expect(copy).toBeDefined();
    expect(JSON.parse(copy!.top)).toEqual(expect.arrayContaining(['first', 30]));
    expect(JSON.parse(copy!.repeats!)).toEqual(expect.arrayContaining(['1', 'Ann']));
    expect((await exported(s.id)).get(id)).toMatchObject({ comment: 'first', age: '30', region: 'north' });
    // The export reads the copy, not the answers: a change of the answer row alone does not reach it.
    await t.db
      .updateTable('answers')
      .set({ text_value: 'changed behind its back' })
      .where('submission_id', '=', id)
      .where('text_value', '=', 'first')
      .execute();
    expect((await exported(s.id)).get(id)!.comment).toBe('first');
  });
});

describe('a correction', () => {
  it('changes the exported value, at the top and inside a repeat group', async () => {
    const sent = await submit(t, s, { comment: 'typo', age: 4, region: 'south', members: [{ member_name: 'Bob' }] });
    const id = sent.body.data.id;
    const byName = (name: string) => s.form.bindings.byName.get(name)!.id;
    const owner = await as(demo.owner);
    const review = await t.call('POST', '/api/DataCollection/reviewSubmission', {
      session: owner,
      body: {
        id,
        comment: 'Checked by phone',
        corrections: [
          { questionId: byName('comment'), value: 'fixed' },
          { questionId: byName('age'), value: 40 },
          { questionId: byName('region'), value: ['north'] },
          { questionId: byName('member_name'), repeatPath: '1', value: 'Bobby' },
        ],
      },
    });
    expect(review.status).toBe(200);
    expect((await exported(s.id)).get(id)).toMatchObject({ comment: 'fixed', age: '40', region: 'north' });
    expect(JSON.parse((await copyOf(id))!.repeats!)).toEqual(expect.arrayContaining(['1', 'Bobby']));
    // The table's filters still select through the answers, and the corrected row is then read from its copy.
    const north = await exported(s.id, '&Filter=age:eq:40');
    expect([...north.keys()]).toEqual([id]);
    expect(north.get(id)!.region).toBe('north');
  });
});

describe('the streamed XLSX', () => {
  it('reads back in ExcelJS with typed cells, markup and control characters safe, a bold frozen header', async () => {
    const sent = await submit(t, s, { comment: 'a < b & c > "d"\u0007 ok', age: 12, region: 'south' });
    const session = await as(demo.owner);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/DataCollection/exportSubmissions/${s.id}?format=xlsx`,
      headers: { authorization: `Bearer ${session.token}`, 'organization-id': session.organizationId },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('submissions')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    let row = 0;
    sheet.eachRow((r, n) => {
      if (r.getCell(1).value === sent.body.data.id) row = n;
    });
    const at = (name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1).value;
    // XML 1.0 cannot hold the bell character: it is dropped, everything else kept.
    expect(at('comment')).toBe('a < b & c > "d" ok');
    expect(at('age')).toBe(12);
    expect(at('region')).toBe('south');
  });
});

describe('the migration backfill', () => {
  it('writes the copy SubmitSurvey writes, for every kind of answer of the demo survey', async () => {
    const survey = await demoSurveyOf(t);
    const sent = await submit(t, survey, completeDemoAnswers);
    expect(sent.status).toBe(200);
    const id = sent.body.data.id;
    const written = (await copyOf(id))!;
    const before = await exported(survey.id);
    await t.db.deleteFrom('submission_data').where('submission_id', '=', id).execute();
    await t.database.exec(copyBackfill);
    const backfilled = (await copyOf(id))!;
    expect(JSON.parse(backfilled.top)).toEqual(JSON.parse(written.top));
    const triples = (text: string | null) => {
      const flat = JSON.parse(text ?? '[]') as unknown[];
      return Array.from({ length: flat.length / 3 }, (_, i) => JSON.stringify(flat.slice(i * 3, i * 3 + 3))).sort();
    };
    expect(triples(backfilled.repeats)).toEqual(triples(written.repeats));
    expect(await exported(survey.id)).toEqual(before);
    const row = before.get(id)!;
    // Coordinates, rankings, ratings and a select multiple came through the copy as cells.
    expect(row.location).toMatch(/^3\.1 35\.6/);
    expect(row.need_ranking).toBe('water food shelter');
    expect(row.priority_needs).toBe('food water');
  });
});

describe('the same name in two groups', () => {
  it('is stored, validated and exported as two questions, headed by their group paths', async () => {
    const twice = await createSurvey(t, [
      section('household', q.text('name').required(), q.integer('size')),
      section('member', q.text('name')),
    ]);
    const refused = await submit(t, twice, { 'member~name': 'Sara' });
    expect(refused.body.errors).toEqual(['household~name: This field is required']);
    const sent = await submit(t, twice, { 'household~name': 'Ali', 'member~name': 'Sara', size: 4 });
    expect(sent.status).toBe(200);
    const rows = await storedAnswers(t, sent.body.data.id);
    expect(rows.map((a) => [a.name, a.text_value ?? a.number_value]).sort()).toEqual([
      ['name', 'Ali'],
      ['name', 'Sara'],
      ['size', 4],
    ]);
    // Only the repeated name takes its path: 'size' is headed as before.
    expect((await exported(twice.id)).get(sent.body.data.id)).toMatchObject({ 'household/name': 'Ali', size: '4', 'member/name': 'Sara' });
  });
});
