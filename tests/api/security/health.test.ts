// GET /api/health: what a load balancer asks. 200 when the database answers and
// the job queue runs, 503 in the envelope with Retry-After otherwise, and nothing an attacker could use.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import type { DB } from '../../../server/db/schema';
import { createBotCheck } from '../../../server/plugins/botCheck';
import { startJobs, type Jobs } from '../../../server/plugins/jobs';
import { createMailer } from '../../../server/plugins/mail';
import { createTestApp, type TestApp } from '../../support/app';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('503 while no job queue runs, saying only which part is missing', async () => {
    const { status, body, res } = await t.call('GET', '/api/health');
    expect(status).toBe(503);
    expect(body).toEqual({
      isSuccess: false,
      data: null,
      message: 'The service is briefly unavailable. Please try again in a moment.',
      errors: ['queue unavailable'],
      code: 'serviceUnavailable',
    });
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('200 once the queue runs; public, with no details', async () => {
    let jobs: Jobs | undefined;
    try {
      jobs = await startJobs(t.database, quiet);
      // pg-boss stamps its scheduler's heartbeat right after it starts.
      let reply = await t.call('GET', '/api/health');
      for (let i = 0; i < 50 && reply.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        reply = await t.call('GET', '/api/health');
      }
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ isSuccess: true, data: { status: 'ok' }, message: '', errors: [] });
    } finally {
      await jobs?.stop();
    }
  });

  describe('with the database out of reach', () => {
    let app: App;
    let pool: pg.Pool;
    beforeAll(async () => {
      // Nothing listens on port 1: every connection is refused, as when PostgreSQL is down.
      pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 1000 });
      const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
      const database = { ...t.database, db };
      app = await buildApp({
        config: t.config,
        database,
        mailer: createMailer({ db, smtpUrl: undefined, from: t.config.mailFrom, log: quiet }),
        botCheck: createBotCheck({ mode: 'off', hmacKey: 'k', recaptchaSecret: '', db }),
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await pool.end();
    });

    it('health is 503: database and queue', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ isSuccess: false, data: null, errors: ['database unavailable', 'queue unavailable'] });
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    });

    it('any other request is a 503 in the envelope with Retry-After, not a 500', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/Languages/getAll' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        isSuccess: false,
        data: null,
        message: 'The service is briefly unavailable. Please try again in a moment.',
        errors: ['The service is briefly unavailable. Please try again in a moment.'],
        code: 'serviceUnavailable',
      });
    });
  });
});
