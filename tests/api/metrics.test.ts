// GET /api/metrics: not there without METRICS_TOKEN; with it, only for the bearer of the token (a wrong
// one refused and counted per address); the answer is Prometheus' text format, which a Prometheus
// parser reads: requests by declared route and status (an address nobody declared is 'unmatched', so a
// caller cannot add series), submissions stored, webhook deliveries, the database pool, the process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { createSurvey, submit } from '../support/surveys';

const TOKEN = 'metrics-token-of-the-tests-0123456789abcdef';
let t: TestApp;
let plain: TestApp;

const scrape = (app: TestApp, token?: string) =>
  app.app.inject({ method: 'GET', url: '/api/metrics', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

/** The samples of a text exposition, as Prometheus reads them: name{labels} value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const out: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(m, line).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const l of (m![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m![1]!, labels, value: Number(m![3]) });
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
  plain = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

describe('/api/metrics', () => {
  it('is not found without METRICS_TOKEN, whatever is sent', async () => {
    for (const token of [undefined, TOKEN, '']) {
      const res = await scrape(plain, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ isSuccess: false, code: 'notFound' });
    }
  });

  it('refuses a missing or wrong token, and an address that keeps guessing', async () => {
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, `${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(t, TOKEN.slice(0, -1))).statusCode).toBe(401);
    let last = 0;
    for (let i = 0; i < 30; i++) last = (await scrape(t, `wrong-${i}`)).statusCode;
    expect(last).toBe(429);
    // The token itself still opens it from another address.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(other.statusCode).toBe(200);
  });

  it('counts requests by declared route and status, and stored submissions', async () => {
    const as = personas(() => t);
    const s = await createSurvey(t, [q.text('name').label('Name')]);
    expect((await submit(t, s, { name: 'Amina' })).status).toBe(200);
    await t.call('GET', `/api/DataCollection/getSubmissionById/${s.id}`, { session: await as(demo.manager) });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route/attacker-chosen-label-value' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '203.0.113.10',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('attacker-chosen-label-value');
    const all = samples(res.body);
    const of = (name: string, labels: Record<string, string> = {}) =>
      all.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
    expect(of('fieldsurvey_http_requests_total', { route: '/api/DataCollection/getSubmissionById/:id', status: '404' })[0]?.value).toBe(1);
    expect(of('fieldsurvey_http_requests_total', { route: 'unmatched', status: '404' })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(of('fieldsurvey_http_request_duration_seconds_count', { route: '/api/Account/login' })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(of('fieldsurvey_submissions_stored_total', { via: 'web' })[0]?.value).toBe(1);
    expect(of('fieldsurvey_webhook_deliveries', { status: 'pending' })).toHaveLength(1);
    expect(of('fieldsurvey_database_connections', { kind: 'total' })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(of('fieldsurvey_process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0);
  });

  it('says its request id on every answer', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
