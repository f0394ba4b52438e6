// The survey data feed (docs/feed.md): a manager creates a token (shown once, stored hashed),
// lists and revokes it; the feed answers CSV and JSON pages with the export's columns and the table's
// filters, authenticated by Bearer or Basic; it follows its owner's rights at every request, so a
// removed member's or a revoked token stops working; it is rate limited. Also the GPS points of the
// dashboard report and the map settings.
import { parseString } from 'fast-csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { FEED_RATE_PER_MINUTE } from '../../schemas/dataFeed';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { createSurvey, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
let as: ReturnType<typeof personas>;
let s: TestSurvey;

interface Created {
  id: string;
  token: string;
  prefix: string;
}

const feed = (token: string | null, format: 'csv' | 'json', query = '', auth: 'bearer' | 'basic' = 'bearer') =>
  t.app.inject({
    method: 'GET',
    url: `/api/DataCollection/feed/${s.id}/${format}${query}`,
    headers:
      token === null
        ? {}
        : { authorization: auth === 'bearer' ? `Bearer ${token}` : `Basic ${Buffer.from(`excel:${token}`).toString('base64')}` },
  });

/** The CSV read back with a real CSV reader, as objects by header. */
const parse = (text: string) =>
  new Promise<Record<string, string>[]>((resolve, reject) => {
    const rows: Record<string, string>[] = [];
    parseString(text, { headers: true })
      .on('data', (r: Record<string, string>) => rows.push(r))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });

const create = async (who: string = demo.manager, name = 'Power BI') =>
  t.call<Created>('POST', '/api/DataCollection/createFeedToken', { session: await as(who), body: { surveyId: s.id, name } });

beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
  s = await createSurvey(t, [
    q.text('name').label('Name'),
    q.integer('age').label('Age'),
    q.select_one('region').label('Region').choices('north', 'south'),
    q.geopoint('place').label('Place'),
  ]);
  expect((await submit(t, s, { name: '=HYPERLINK("x")', age: 34, region: 'north', place: '-1.2921 36.8219 1700 5' })).status).toBe(200);
  expect((await submit(t, s, { name: 'Bashir', age: 19, region: 'south', place: '9.03 38.74 2300 8' })).status).toBe(200);
  expect((await submit(t, s, { name: 'Chidi', age: 52, region: 'north' })).status).toBe(200);
});
afterAll(() => t.close());

describe('feed tokens', () => {
  it('are created by managers, shown once and stored only as a hash', async () => {
    const made = await create();
    expect(made.status).toBe(200);
    expect(made.body.data.token).toMatch(/^fsf_[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('feed_tokens').selectAll().where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(made.body.data.token);
    const listed = await t.call<{ tokens: Record<string, unknown>[]; totalSize: number }>(
      'GET',
      `/api/DataCollection/getFeedTokens?SurveyId=${s.id}`,
      { session: await as(demo.manager) },
    );
    expect(listed.body.data.tokens.map((x) => x.id)).toContain(made.body.data.id);
    expect(JSON.stringify(listed.body.data)).not.toContain(made.body.data.token);
  });

  it('are refused to the roles that do not manage projects', async () => {
    for (const who of [demo.junior, demo.collector, demo.guest]) expect((await create(who)).status, who).toBe(403);
  });
});

describe('the feed', () => {
  it('answers CSV with the export columns, every answer as given (the CSV for analysis), oldest first', async () => {
    const { token } = (await create()).body.data;
    const res = await feed(token, 'csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-total-count']).toBe('3');
    const rows = await parse(res.body);
    expect(rows.map((r) => r.name)).toEqual(['=HYPERLINK("x")', 'Bashir', 'Chidi']);
    expect(Object.keys(rows[0]!).slice(0, 3)).toEqual(['_id', '_submitted_at', '_started_at']);
    expect(rows.map((r) => r.region)).toEqual(['north', 'south', 'north']);
  });

  it('takes the token as a Basic password, pages with a next link, and applies the table filters', async () => {
    const { token } = (await create()).body.data;
    const first = await feed(token, 'json', '?PageSize=1&Filter=region:in:north', 'basic');
    expect(first.statusCode).toBe(200);
    const body = first.json() as { data: { totalSize: number; nextLink: string | null; value: Record<string, unknown>[] } };
    expect(body.data.totalSize).toBe(2);
    expect(body.data.value.map((r) => r.age)).toEqual([34]);
    expect(first.headers.link).toContain('rel="next"');
    const next = new URL(body.data.nextLink!);
    expect(next.searchParams.get('Page')).toBe('2');
    expect(next.searchParams.get('Filter')).toBe('region:in:north');
    const second = await feed(token, 'json', next.search, 'basic');
    expect((second.json() as typeof body).data.value.map((r) => r.age)).toEqual([52]);
    expect((second.json() as typeof body).data.nextLink).toBeNull();
  });

  it('refuses a missing, wrong or revoked token with 401, and another survey with 404', async () => {
    expect((await feed(null, 'csv')).statusCode).toBe(401);
    expect((await feed('fsf_not-a-real-token-at-all', 'csv')).statusCode).toBe(401);
    const made = (await create()).body.data;
    expect((await feed(made.token, 'csv')).statusCode).toBe(200);
    const revoked = await t.call('POST', '/api/DataCollection/revokeFeedToken', { session: await as(demo.manager), body: { id: made.id } });
    expect(revoked.status).toBe(200);
    expect((await feed(made.token, 'csv')).statusCode).toBe(401);
    // Another manager cannot revoke (or see) someone else's token.
    const mine = (await create()).body.data;
    expect(
      (await t.call('POST', '/api/DataCollection/revokeFeedToken', { session: await as(demo.senior), body: { id: mine.id } })).status,
    ).toBe(404);
    const other = await createSurvey(t, [q.text('x')]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/DataCollection/feed/${other.id}/csv`,
      headers: { authorization: `Bearer ${mine.token}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('stops working when its owner is removed from the organization', async () => {
    const { token } = (await create(demo.senior)).body.data;
    expect((await feed(token, 'csv')).statusCode).toBe(200);
    const memberId = t.ids.members.relief![demo.senior]!;
    expect((await t.call('POST', '/api/Members/delete', { session: await as(demo.owner), body: { id: memberId } })).status).toBe(200);
    expect((await feed(token, 'csv')).statusCode).toBe(401);
  });

  it(`allows ${FEED_RATE_PER_MINUTE} requests a minute per token`, async () => {
    const { token } = (await create()).body.data;
    const statuses: number[] = [];
    const minute = () => Math.floor(Date.now() / 60_000);
    const started = minute();
    for (let i = 0; i <= FEED_RATE_PER_MINUTE; i++) statuses.push((await feed(token, 'csv', '?PageSize=1')).statusCode);
    expect(statuses.slice(0, FEED_RATE_PER_MINUTE).every((x) => x === 200)).toBe(true);
    // The window is a calendar minute: a run that straddled two may see no refusal.
    if (minute() === started) expect(statuses[FEED_RATE_PER_MINUTE]).toBe(429);
  });
});

describe('GPS on the dashboard', () => {
  it('lists the points of each GPS question with how many answered', async () => {
    const r = await t.call<{ gpsQuestions: { name: string; answered: number; points: { latitude: number; longitude: number }[] }[] }>(
      'GET',
      `/api/DataCollection/getSurveyReport?SurveyId=${s.id}`,
      { session: await as(demo.guest) },
    );
    expect(r.status).toBe(200);
    const place = r.body.data.gpsQuestions.find((g) => g.name === 'place')!;
    expect(place.answered).toBe(2);
    expect(place.points.map((p) => [p.latitude, p.longitude]).sort()).toEqual([
      [-1.2921, 36.8219],
      [9.03, 38.74],
    ]);
    const filtered = await t.call<typeof r.body.data>(
      'GET',
      `/api/DataCollection/getSurveyReport?SurveyId=${s.id}&Filter=region:in:south`,
      { session: await as(demo.owner) },
    );
    expect(filtered.body.data.gpsQuestions[0]!.points).toHaveLength(1);
  });

  it('tells the front end there is no tile server unless one is configured', async () => {
    const r = await t.call<{ tileUrl: string | null }>('GET', '/api/DataCollection/getMapSettings', { session: await as(demo.guest) });
    expect(r.body.data.tileUrl).toBeNull();
  });
});
