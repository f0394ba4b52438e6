// The application on a fresh database seeded with the demo data, driven through inject(). Helpers
// sign in as the demo personas and call routes the way the front end does.
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { demoData, DEMO_PASSWORD } from '../../fixtures/index';
import type { Envelope } from '../../schemas/problems';
import { buildApp, type App, type AppDeps } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { seedDemo, type SeededIds } from '../../server/db/seed';
import { createBotCheck, type BotCheck } from '../../server/plugins/botCheck';
import { createMailer, type Mailer } from '../../server/plugins/mail';
import { testClock, type TestClock } from '../../server/plugins/payments/clock';
import type { PaymentProvider } from '../../server/plugins/payments/provider';
import { createTestDatabase, type TestDatabase } from './database';
import { s3Settings } from './s3';

export interface TestApp {
  app: App;
  config: Config;
  db: TestDatabase['database']['db'];
  database: TestDatabase['database'];
  /** This test's own PostgreSQL database (PostgreSQL only). */
  databaseUrl: string | undefined;
  ids: SeededIds;
  /** The billing clock: tests move it forward to end trials and renew periods. */
  clock: TestClock;
  mailer: Mailer;
  close(): Promise<void>;
  /** Signs in and chooses the persona's first organization (or the one named). */
  signIn(email: string, organization?: string): Promise<Session>;
  call<T = unknown>(
    method: string,
    url: string,
    opts?: { session?: Session; body?: unknown; headers?: Record<string, string>; query?: Record<string, string> },
  ): Promise<{ status: number; body: Envelope<T>; res: LightMyRequestResponse }>;
}

export interface Session {
  token: string;
  refreshToken: string;
  userId: string;
  organizationId: string;
}

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function createTestApp(
  opts: {
    smtpUrl?: string;
    botCheck?: 'altcha' | 'off';
    seed?: boolean;
    config?: Partial<Config>;
    paymentProvider?: PaymentProvider;
    /** Webhook deliveries: a short retry schedule and timeout, where names resolve, or the job queue. */
    webhooks?: Pick<AppDeps, 'webhookSchedule' | 'webhookResolve' | 'webhookTimeoutMs' | 'sendWebhooks'>;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(undefined, { demo: opts.seed !== false });
  const { database } = testDb;
  const base = loadConfig({
    DATA_DIR: '/tmp/fieldsurvey-test',
    JWT_SECRET: 'test-secret-of-sufficient-length-0123456789',
    BOT_CHECK: opts.botCheck ?? 'off',
    DEMO_DATA: 'on',
    DEV_MAILBOX: 'on',
  });
  // The api-s3 project: files in the run's S3 server (tests/support/s3.ts), under this app's own prefix.
  const s3Endpoint = process.env.TEST_STORAGE === 's3' ? inject('s3Endpoint') : null;
  const config: Config = {
    ...base,
    ...(s3Endpoint ? { fileStorage: s3Settings(s3Endpoint, join(base.dataDir, 'files', '.incoming')) } : {}),
    smtpUrl: opts.smtpUrl,
    ...opts.config,
  };
  const ids =
    opts.seed === false
      ? { organizations: {}, users: {}, members: {}, workspaces: {}, projects: {} }
      : (testDb.ids ?? (await seedDemo(database.db, demoData)));
  const mailer = createMailer({ db: database.db, smtpUrl: opts.smtpUrl, from: config.mailFrom, log: quietLog });
  const botCheck: BotCheck = createBotCheck({ mode: config.botCheck, hmacKey: config.altchaHmacKey, recaptchaSecret: '', db: database.db });
  const clock = testClock();
  const app = await buildApp({
    config,
    database,
    mailer,
    botCheck,
    clock,
    paymentProvider: opts.paymentProvider,
    checkResponses: true,
    ...opts.webhooks,
  });
  await app.ready();

  const call: TestApp['call'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.session) {
      headers.authorization = `Bearer ${o.session.token}`;
      headers['organization-id'] ??= o.session.organizationId;
    }
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(o.query ? { query: o.query } : {}),
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    // Downloads (xlsx) are not the envelope: their body is read from res.rawPayload.
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: json ? res.json() : (undefined as never), res };
  };

  const signIn: TestApp['signIn'] = async (email, organization) => {
    const login = await call<{
      token: string;
      refreshToken: string;
      user: { id: string };
      organizations: { organizationId: string; organizationName: string }[];
    }>('POST', '/api/Account/login', {
      body: { email, password: DEMO_PASSWORD },
    });
    if (login.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(login.body)}`);
    const d = login.body.data;
    const org = organization ? d.organizations.find((o) => o.organizationName === organization) : d.organizations[0];
    if (!org) throw new Error(`${email} has no organization ${organization ?? ''}`);
    const sel = await call<{ token: string; refreshToken: string }>(
      'GET',
      `/api/Account/selectOrganization?userId=${d.user.id}&organizationId=${org.organizationId}`,
      {
        headers: { authorization: `Bearer ${d.token}` },
      },
    );
    if (sel.status !== 200) throw new Error(`selecting ${org.organizationName} failed: ${JSON.stringify(sel.body)}`);
    return { token: sel.body.data.token, refreshToken: sel.body.data.refreshToken, userId: d.user.id, organizationId: org.organizationId };
  };

  return {
    app,
    config,
    db: database.db,
    database,
    databaseUrl: testDb.url,
    ids,
    clock,
    mailer,
    call,
    signIn,
    async close() {
      await app.close();
      mailer.close();
      await testDb.drop();
    },
  };
}

export { DEMO_PASSWORD };
