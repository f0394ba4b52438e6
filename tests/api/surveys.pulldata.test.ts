// pulldata() over a CSV the author attached as survey media: the upload raises the survey's
// version; the fill page's survey data carries the file's rows, so the form computes with them offline;
// the server's re-validation reads the same rows, refusing an answer the looked-up value rules out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { demo, personas } from '../support/personas';
import { createSurvey, submissionCount, submit, type TestSurvey } from '../support/surveys';

const PRICES = Buffer.from('\ufeffkey,name,price\r\nrice,"Rice, 1 kg",2.5\r\nbeans,Beans,4\r\n');

let t: TestApp;
let s: TestSurvey;
let author: Session;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [
    q.text('item'),
    q.calculate('price').calculation("pulldata('prices', 'price', 'key', ${item})"),
    q.decimal('paid').constraint('. >= ${price}'),
  ]);
  author = await as(demo.manager);
});
afterAll(() => t.close());

const version = async () => (await t.db.selectFrom('surveys').select('version').where('id', '=', s.id).executeTakeFirstOrThrow()).version;

describe('pulldata() with an attached CSV', () => {
  it('reads the rows of the uploaded file on the fill page and in the re-validation', async () => {
    const before = await version();
    const { payload, headers } = multipart([
      ['SurveyId', s.id],
      ['File', { fileName: 'prices.csv', contentType: 'text/csv', bytes: PRICES }],
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/DataCollection/uploadSurveyMedia',
      payload,
      headers: { ...headers, authorization: `Bearer ${author.token}`, 'organization-id': author.organizationId },
    });
    expect(up.statusCode).toBe(200);
    expect(await version()).toBeGreaterThan(before);

    const preview = await t.call<{ attachments: Record<string, Record<string, string>[]>; version: number }>(
      'GET',
      '/api/Survey/GetPreviewData',
      { query: { surveyId: s.id } },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data.attachments.prices).toEqual([
      { key: 'rice', name: 'Rice, 1 kg', price: '2.5' },
      { key: 'beans', name: 'Beans', price: '4' },
    ]);

    expect((await submit(t, s, { item: 'beans', paid: 5 })).status).toBe(200);
    const refused = await submit(t, s, { item: 'beans', paid: 3 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.join(' ')).toMatch(/paid/);
    expect(await submissionCount(t, s.id)).toBe(1);
  });
});
