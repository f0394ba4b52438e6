// A password reset is bound to its code. forgotPassword answers an opaque id (never
// the user's), the same way and in the same time for unknown addresses; a good code gives a single-use
// reset token, which resetPassword requires; codes allow five wrong tries, expire in 15 minutes, and
// every code route is limited per account and per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_TIME_MS } from '../../../server/services/accountLimits';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../support/app';
import { callFrom } from '../../support/fromAddress';
import { demo } from '../../support/personas';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW = 'New-Field-Pass-9!';
let n = 0;
/** Each call from an address of its own unless told: the per-address limits are tested on their own. */
const nextAddress = () => `10.20.${Math.floor(++n / 250)}.${n % 250}`;

const forgot = (email: string, address = nextAddress()) =>
  callFrom<{ userId: string }>(t, address, 'POST', '/api/Account/forgotPassword', { body: { email } });
const check = (userId: string, code: string, address = nextAddress()) =>
  callFrom<{ resetToken: string }>(t, address, 'POST', '/api/Account/checkResetPasswordCode', { body: { userId, code } });
const reset = (body: Record<string, unknown>, address = nextAddress()) =>
  callFrom(t, address, 'POST', '/api/Account/resetPassword', { body });
const signIn = (email: string, password: string) => callFrom(t, nextAddress(), 'POST', '/api/Account/login', { body: { email, password } });

async function mailedCode(email: string): Promise<string> {
  const mail = await t.db
    .selectFrom('mail_outbox')
    .select('body_text')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return mail.body_text.match(/^\s+(\d{6})\s*$/m)![1]!;
}
const otherThan = (code: string) => (code === '123456' ? '654321' : '123456');

describe('forgotPassword', () => {
  it("answers an opaque id, not the user's id", async () => {
    const r = await forgot(demo.junior);
    expect(r.status).toBe(200);
    expect(r.body.data.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.data.userId).not.toBe(t.ids.users[demo.junior]);
  });

  it('answers unknown and known addresses with the same shape and in the same time', async () => {
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const bodies: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      for (const [kind, email] of [
        ['known', demo.collector],
        ['unknown', `nobody-${i}@demo.test`],
      ] as const) {
        const started = performance.now();
        const r = await forgot(email);
        times[kind].push(performance.now() - started);
        expect(r.status).toBe(200);
        bodies.push({ ...r.body, data: Object.keys(r.body.data) });
      }
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const x of [...times.known, ...times.unknown]) expect(x).toBeGreaterThanOrEqual(SAME_TIME_MS - 5);
    expect(Math.abs(mean(times.known) - mean(times.unknown))).toBeLessThan(150);
  });

  it('resendConfirmEmail answers a confirmed address like an unknown one', async () => {
    const known = await callFrom(t, nextAddress(), 'POST', `/api/Account/resendConfirmEmail?email=${demo.guest}`);
    const unknown = await callFrom(t, nextAddress(), 'POST', '/api/Account/resendConfirmEmail?email=nobody@demo.test');
    // Status and body; the Date header may fall either side of a second.
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    expect(known.status).toBe(200);
  });
});

describe('resetting the password', () => {
  it("a code someone verified does not let anyone else set the password with the user's id", async () => {
    const f = await forgot(demo.senior);
    const good = await check(f.body.data.userId, await mailedCode(demo.senior));
    expect(good.body.message).toBe('Code is valid');

    const userId = t.ids.users[demo.senior]!;
    for (const id of [userId, f.body.data.userId]) {
      const attack = await reset({ userId: id, newPassword: NEW, confirmPassword: NEW });
      expect(attack.status).toBe(400);
    }
    expect((await signIn(demo.senior, DEMO_PASSWORD)).status).toBe(200);
  });

  it('needs the reset token of a good code, which works once, and ends every session', async () => {
    const before = await t.signIn(demo.manager);
    const f = await forgot(demo.manager);
    const good = await check(f.body.data.userId, await mailedCode(demo.manager));
    const resetToken = good.body.data.resetToken;
    expect(typeof resetToken).toBe('string');

    expect((await reset({ resetToken, userId: f.body.data.userId, newPassword: NEW, confirmPassword: NEW })).status).toBe(200);
    const again = await reset({ resetToken, newPassword: 'Another-Pass-1!', confirmPassword: 'Another-Pass-1!' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid code. Please try again');
    expect((await signIn(demo.manager, NEW)).status).toBe(200);
    // The access token of a session started before the reset no longer works.
    expect((await t.call('GET', `/api/Account/getUserOrganizations?userId=${before.userId}`, { session: before })).status).toBe(401);
  });

  it("a reset token does not work with another request's id", async () => {
    const f = await forgot(demo.admin);
    const good = await check(f.body.data.userId, await mailedCode(demo.admin));
    const other = await forgot('nobody-else@demo.test');
    const r = await reset({
      resetToken: good.body.data.resetToken,
      userId: other.body.data.userId,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(r.body.message).toBe('Invalid code. Please try again');
  });
});

describe('codes', () => {
  it('allow five wrong tries, after which even the right code is refused', async () => {
    const f = await forgot(demo.owner);
    const code = await mailedCode(demo.owner);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await check(f.body.data.userId, otherThan(code))).body.message);
    expect(answers).toEqual([...Array(4).fill('Invalid code. Please try again'), 'Too many wrong attempts. Please request a new code.']);
    const right = await check(f.body.data.userId, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('expire 15 minutes after they were sent', async () => {
    const f = await forgot(demo.multi);
    const row = await t.db
      .selectFrom('verification_codes')
      .select(['created_at', 'expires_at'])
      .where('id', '=', f.body.data.userId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    await t.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', f.body.data.userId)
      .execute();
    const late = await check(f.body.data.userId, await mailedCode(demo.multi));
    expect(late.body.message).toBe('The code has expired. Please request a new one.');
  });

  it('are checked at most 15 times per account in 15 minutes, from any addresses', async () => {
    const f = await forgot(demo.other);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push((await check(f.body.data.userId, '000000')).status);
    expect(statuses.slice(0, 15).every((s) => s === 400)).toBe(true);
    expect(statuses[15]).toBe(429);
  });

  it('are checked at most 30 times per address in 15 minutes, whatever the ids', async () => {
    const address = '192.0.2.50';
    const ids = await Promise.all([1, 2, 3].map(async (i) => (await forgot(`ghost-${i}@demo.test`)).body.data.userId));
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await check(ids[i % 3]!, '000000', address)).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await check(ids[0]!, '000000', '192.0.2.51')).status).toBe(400);
  });

  it('are sent at most 10 times per address and 3 times per account in 15 minutes', async () => {
    const address = '192.0.2.60';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await forgot(`flood-${i}@demo.test`, address)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const perAccount: number[] = [];
    for (let i = 0; i < 4; i++) perAccount.push((await forgot('flood-account@demo.test')).status);
    expect(perAccount).toEqual([200, 200, 200, 429]);
  });

  it('confirmEmail is limited per account and per address too', async () => {
    const userId = t.ids.users[demo.guest]!;
    await t.db.updateTable('users').set({ email_confirmed_at: null }).where('id', '=', userId).execute();
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++)
      statuses.push((await callFrom(t, nextAddress(), 'POST', '/api/Account/confirmEmail', { body: { userId, code: '000000' } })).status);
    expect(statuses[15]).toBe(429);
    await t.db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', userId).execute();
  });
});
