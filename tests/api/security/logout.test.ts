// Logout ends the session at once. The access token names its session; a session
// ended in the database is refused by every server process within a few seconds, by this one at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import { LIVE_ANSWER_MS } from '../../../server/auth/revocations';
import { createBotCheck } from '../../../server/plugins/botCheck';
import { createMailer } from '../../../server/plugins/mail';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { demo } from '../../support/personas';

let t: TestApp;
let other: App;
beforeAll(async () => {
  t = await createTestApp();
  other = await anotherProcess();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** A second server on the same database with a connection (and per-process cache) of its own. */
async function anotherProcess(): Promise<App> {
  const db = t.db.withPlugin({ transformQuery: (a) => a.node, transformResult: async (a) => a.result });
  const quiet = { info: () => undefined, error: () => undefined };
  const app = await buildApp({
    config: t.config,
    database: { ...t.database, db },
    mailer: createMailer({ db, smtpUrl: undefined, from: t.config.mailFrom, log: quiet }),
    botCheck: createBotCheck({ mode: 'off', hmacKey: t.config.altchaHmacKey, recaptchaSecret: '', db }),
  });
  await app.ready();
  return app;
}

const organizationsOf = (s: Session) => `/api/Account/getUserOrganizations?userId=${s.userId}`;
const onOther = async (s: Session) =>
  (await other.inject({ method: 'GET', url: organizationsOf(s), headers: { authorization: `Bearer ${s.token}` } })).statusCode;

describe('logout', () => {
  it('ends the access token at once, not 15 minutes later', async () => {
    const s = await t.signIn(demo.manager);
    expect((await t.call('GET', organizationsOf(s), { session: s })).status).toBe(200);
    expect((await t.call('POST', '/api/Account/logout', { session: s })).status).toBe(200);

    const after = await t.call('GET', organizationsOf(s), { session: s });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ isSuccess: false, message: 'Your session has expired. Please sign in again.' });
    expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces', { session: s })).status).toBe(401);
    expect((await t.call('POST', '/api/Account/refreshToken', { body: { token: s.token, refreshToken: s.refreshToken } })).status).toBe(
      401,
    );
  });

  it('is seen by the other server processes too, within a few seconds', async () => {
    const s = await t.signIn(demo.senior);
    const fresh = await t.signIn(demo.admin);
    expect(await onOther(s)).toBe(200);
    await t.call('POST', '/api/Account/logout', { session: s });
    await t.call('POST', '/api/Account/logout', { session: fresh });
    // A process that had not seen the token refuses it at once; one that had, once its short cache runs out.
    expect(await onOther(fresh)).toBe(401);
    await new Promise((r) => setTimeout(r, LIVE_ANSWER_MS + 200));
    expect(await onOther(s)).toBe(401);
  });

  it('ends only the session it was called from', async () => {
    const phone = await t.signIn(demo.junior);
    const laptop = await t.signIn(demo.junior);
    await t.call('POST', '/api/Account/logout', { session: phone });
    expect((await t.call('GET', organizationsOf(laptop), { session: laptop })).status).toBe(200);
    expect((await t.call('GET', organizationsOf(phone), { session: phone })).status).toBe(401);
  });
});
