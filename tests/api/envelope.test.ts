// The API's outer behaviour: the envelope on every answer, case-insensitive paths, declared access,
// no stack traces, the bot check.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint } from '../../schemas/endpoint';
import { buildApp } from '../../server/app';
import { routeOf } from '../../server/route';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

let t: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  guarded = await createTestApp({ botCheck: 'altcha' });
});
afterAll(async () => {
  await t.close();
  await guarded.close();
});

describe('the envelope', () => {
  it('wraps an unknown API route in a 404', async () => {
    const res = await t.call('GET', '/api/NoSuch/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      isSuccess: false,
      data: null,
      message: 'Nothing left to do here.',
      errors: ['Nothing left to do here.'],
      code: 'routeNotFound',
    });
  });

  it('matches paths without regard to case', async () => {
    for (const path of [
      '/api/DataCollection/CheckOnlineStatus',
      '/api/datacollection/checkonlinestatus',
      '/API/DATACOLLECTION/CHECKONLINESTATUS',
    ]) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body).toEqual({ isSuccess: true, data: true, message: '', errors: [] });
    }
  });

  it('answers 401 in the envelope without a token', async () => {
    const res = await t.call('GET', `/api/Account/getUserOrganizations?userId=${t.ids.users['manager@demo.test']}`);
    expect(res.status).toBe(401);
    expect(res.body.isSuccess).toBe(false);
  });

  it('answers a crash with 500, its request id and no details', async () => {
    const app = await buildApp(t.app.deps);
    app.route({
      ...routeOf(endpoint({ method: 'GET', path: '/api/boom', access: 'public', answer: {} })),
      handler: async () => {
        throw new Error('secret internal detail at /srv/db.ts:12');
      },
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      isSuccess: false,
      data: null,
      message: 'Something went wrong! Please try again later.',
      errors: ['Something went wrong! Please try again later.'],
      code: 'internal',
      // What the user quotes to support: the id every log line of this request carries.
      requestId: res.headers['x-request-id'],
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('refuses to build an app with a route that declares no access', async () => {
    const app = await buildApp(t.app.deps);
    expect(() => app.get('/api/open', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('declares access on every route, and roles on every organization route', () => {
    for (const r of t.app.apiRoutes) {
      const a = r.access;
      expect(a === 'public' || a === 'user' || (Array.isArray(a) && a.length > 0), `${r.method} ${r.url}`).toBe(true);
    }
  });
});

async function solvedHeader(app: TestApp): Promise<string> {
  const res = await app.app.inject({ method: 'GET', url: '/api/BotCheck/challenge' });
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('the bot check (ALTCHA)', () => {
  const login = { email: 'manager@demo.test', password: DEMO_PASSWORD };

  it('asks for it when it is missing', async () => {
    const res = await guarded.call('POST', '/api/Account/login', { body: login });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please complete the bot check.');
  });

  it('accepts a solved challenge once, and refuses it the second time', async () => {
    const header = await solvedHeader(guarded);
    const first = await guarded.call('POST', '/api/Account/login', { body: login, headers: { 'g-recaptcha-response': header } });
    expect(first.status).toBe(200);
    const replay = await guarded.call('POST', '/api/Account/login', { body: login, headers: { 'g-recaptcha-response': header } });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('The bot check failed. Please try again.');
  });

  it('refuses a forged solution', async () => {
    const res = await guarded.call('POST', '/api/Account/forgotPassword', {
      body: { email: 'manager@demo.test' },
      headers: { 'g-recaptcha-response': Buffer.from('{"challenge":{},"solution":{}}').toString('base64') },
    });
    expect(res.body.message).toBe('The bot check failed. Please try again.');
  });

  it('guards registration, confirmation, resend and forgot-password too', async () => {
    const guardedRoutes = guarded.app.apiRoutes.filter((r) =>
      [
        '/api/Account/login',
        '/api/Account/register',
        '/api/Account/confirmEmail',
        '/api/Account/resendConfirmEmail',
        '/api/Account/forgotPassword',
      ].includes(r.url),
    );
    expect(guardedRoutes).toHaveLength(5);
    const res = await guarded.call('POST', '/api/Account/resendConfirmEmail?email=a@b.test');
    expect(res.body.message).toBe('Please complete the bot check.');
  });
});

describe('rate limits', () => {
  it('stops password guessing on one address after 10 tries in 15 minutes', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await t.call('POST', '/api/Account/login', { body: { email: 'guest@demo.test', password: `guess-${i}` } })).status;
    expect(last).toBe(429);
    // Even the right password waits now.
    const right = await t.call('POST', '/api/Account/login', { body: { email: 'guest@demo.test', password: DEMO_PASSWORD } });
    expect(right.status).toBe(429);
  });
});

describe('the development mailbox', () => {
  it('answers only the machine itself when it is on by default', async () => {
    const app = await buildApp({ ...t.app.deps, config: { ...t.config, devMailbox: true, devMailboxLoopbackOnly: true } });
    const local = await app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    const remote = await app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    await app.close();
  });
});
