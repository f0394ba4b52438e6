// search() choices and pulldata() files: publishing a survey whose pulldata() or search() names
// a CSV that is not attached is refused in the wrapper, naming the question and the file; once attached,
// the survey publishes, the fill page's survey data carries the rows its choices come from, and the
// server's re-validation reads the same choices (their ids stable, as the fill page encodes them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSurvey, q, type SurveyModel } from '../../engine/survey/index';
import { csvChoiceId } from '../../engine/survey/search';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { demo, personas } from '../support/personas';
import { createSurvey, storedAnswers, submit, type TestSurvey } from '../support/surveys';

const TOWNS = Buffer.from('code,town,county\nnbo,Nairobi,nairobi\nthk,Thika,kiambu\nmsa,Mombasa,mombasa\n');
const PRICES = Buffer.from('key,price\nrice,2.5\n');

let t: TestApp;
let s: TestSurvey;
let author: Session;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(
    t,
    [
      q.text('item'),
      q.calculate('price').calculation("pulldata('prices', 'price', 'key', ${item})"),
      q.select_one('county').choices('nairobi', 'kiambu', 'mombasa'),
      q.select_one('town').appearance("search('towns', 'matches', 'county', ${county})").choices({ name: 'code', label: 'town' }),
    ],
    { status: 0 },
  );
  author = await as(demo.manager);
});
afterAll(() => t.close());

const publish = () =>
  t.call<{ problems?: { code: string; name: string; property: string; file: string }[] } | null>(
    'POST',
    '/api/DataCollection/PublishSurvey',
    { session: author, body: { surveyId: s.id } },
  );

async function attach(fileName: string, bytes: Buffer) {
  const { payload, headers } = multipart([
    ['SurveyId', s.id],
    ['File', { fileName, contentType: 'text/csv', bytes }],
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/DataCollection/uploadSurveyMedia',
    payload,
    headers: { ...headers, authorization: `Bearer ${author.token}`, 'organization-id': author.organizationId },
  });
  expect(res.statusCode).toBe(200);
}

describe('publishing', () => {
  it('is refused while a named CSV is not attached, naming each question and its file', async () => {
    const r = await publish();
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ isSuccess: false, message: 'The survey has problems that must be fixed first.' });
    expect(r.body.data?.problems).toEqual([
      expect.objectContaining({ code: 'attachmentMissing', name: 'price', property: 'calculation', file: 'prices.csv' }),
      expect.objectContaining({ code: 'attachmentMissing', name: 'town', property: 'appearance', file: 'towns.csv' }),
    ]);
    expect(r.body.errors).toEqual([
      "price (calculation): The file 'prices.csv' is not attached to the survey",
      "town (appearance): The file 'towns.csv' is not attached to the survey",
    ]);

    await attach('prices.csv', PRICES);
    const still = await publish();
    expect(still.status).toBe(400);
    expect(still.body.data?.problems?.map((p) => p.file)).toEqual(['towns.csv']);
    const head = await t.db.selectFrom('surveys').select('status').where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(head.status).toBe(0);
  });

  it('goes through once every file is attached; the fill page gets the rows, and the server checks the choices', async () => {
    await attach('towns.csv', TOWNS);
    // The builder reads the survey first (cached at this version, as Editing): publishing keeps the version.
    expect(
      (await t.call<{ surveyStatusId: number }>('POST', '/api/Survey/GetById', { session: author, body: { SurveyId: s.id } })).body.data
        .surveyStatusId,
    ).toBe(0);
    const r = await publish();
    expect(r.status).toBe(200);

    const preview = await t.call<SurveyModel & { version: number }>('GET', '/api/Survey/GetPreviewData', { query: { surveyId: s.id } });
    expect(preview.status).toBe(200);
    const model = preview.body.data;
    expect(model.surveyStatusId).toBe(1);
    expect(model.attachments?.towns).toHaveLength(3);
    // What the fill page does with it: the choices are the CSV's rows.
    const filled: TestSurvey = { ...s, model, form: compileSurvey(model) };
    const town = filled.form.bindings.byName.get('town');
    expect(town?.kind === 'field' ? town.choices.map((c) => c.name) : []).toEqual(['nbo', 'thk', 'msa']);

    const ok = await submit(t, filled, { item: 'rice', county: 'kiambu', town: 'thk' });
    expect(ok.status).toBe(200);
    const rows = await storedAnswers(t, ok.body.data.id);
    const townItem = rows.find((row) => row.name === 'town');
    expect(townItem?.choice_ids).toEqual([csvChoiceId(town!.id, 'thk')]);
    expect(rows.find((row) => row.name === 'price')?.text_value).toBe('2.5');

    // A town of another county than the one answered is not among the choices the filter leaves.
    const other = await submit(t, filled, { item: 'rice', county: 'mombasa', town: 'thk' });
    if (other.status === 200) expect((await storedAnswers(t, other.body.data.id)).some((row) => row.name === 'town')).toBe(false);
    else expect(other.body.errors.join(' ')).toMatch(/town/);
  });
});
