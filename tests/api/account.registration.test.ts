// Registration step 0 through the code the server e-mails, over real SMTP, to a trial and a sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { startAppWithSmtp, stopAppWithSmtp } from '../support/mailApp';
import type { SmtpPeer } from '../support/smtp';

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => ({ t, smtp } = await startAppWithSmtp()));
afterAll(() => stopAppWithSmtp(t, smtp));

const PASSWORD = 'Field-Work-2026!';
const body = (email: string) => ({
  adminFullName: 'Nadia Haddad',
  roleWithinOrganization: 'Programme Manager',
  phoneNumber: '+1 202 555 0147',
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  organizationName: 'Relief Without Borders',
  typeId: 2,
  countryId: 1,
});

async function register(email: string) {
  const res = await t.call<{ userId: string; organizationId: string }>('POST', '/api/Account/register', { body: body(email) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('registration', () => {
  it('creates the user and organization and e-mails a 6-digit code', async () => {
    const res = await register('nadia@relief.test');
    expect(res.message).toBe('Please confirm the code in your email');
    expect(res.data.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await smtp.codeFor('nadia@relief.test')).toMatch(/^\d{6}$/);
  });

  it('refuses to sign in before the address is confirmed, giving the user id for the code pop-up', async () => {
    await register('early@relief.test');
    const login = await t.call<{ userId: string }>('POST', '/api/Account/login', {
      body: { email: 'early@relief.test', password: PASSWORD },
    });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe('User has not confirmed their email!');
    expect(login.body.data.userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 'Wrong code' for a wrong code and locks the code after five tries", async () => {
    const { data } = await register('typo@relief.test');
    const code = await smtp.codeFor('typo@relief.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await t.call('POST', '/api/Account/confirmEmail', { body: { userId: data.userId, code: wrong } });
    expect(first.body.message).toBe('Wrong code');
    for (let i = 0; i < 3; i++) await t.call('POST', '/api/Account/confirmEmail', { body: { userId: data.userId, code: wrong } });
    const fifth = await t.call('POST', '/api/Account/confirmEmail', { body: { userId: data.userId, code: wrong } });
    expect(fifth.body.message).toBe('Too many wrong attempts. Please request a new code.');
    const right = await t.call('POST', '/api/Account/confirmEmail', { body: { userId: data.userId, code } });
    expect(right.body.message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('refuses an expired code', async () => {
    const { data } = await register('late@relief.test');
    const code = await smtp.codeFor('late@relief.test');
    await t.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', data.userId)
      .execute();
    const res = await t.call('POST', '/api/Account/confirmEmail', { body: { userId: data.userId, code } });
    expect(res.body.message).toBe('The code has expired. Please request a new one.');
  });

  it('goes from the e-mailed code through the free trial to a session', async () => {
    const email = 'complete@relief.test';
    const { data } = await register(email);
    const code = await smtp.codeFor(email);
    const confirmed = await t.call<{ registrationToken: string; organizationId: string }>('POST', '/api/Account/confirmEmail', {
      body: { userId: data.userId, code },
    });
    expect(confirmed.body.message).toBe('Account created successfully');
    expect(confirmed.body.data.organizationId).toBe(data.organizationId);

    // Confirmed but no plan yet: sign-in answers no token and the data to resume the registration.
    const midway = await t.call<{ token: null; organizationNotPaid: { registerStepOneData: { name: string; email: string } } }>(
      'POST',
      '/api/Account/login',
      { body: { email, password: PASSWORD } },
    );
    expect(midway.status).toBe(200);
    expect(midway.body.data.token).toBeNull();
    expect(midway.body.data.organizationNotPaid.registerStepOneData).toMatchObject({ name: 'Relief Without Borders', email });

    const trial = await t.call<{ status: string; subscriptionEndsAt: string }>('POST', '/api/payment/stripe/createSubscription', {
      headers: { authorization: `Bearer ${confirmed.body.data.registrationToken}` },
      body: { organizationId: data.organizationId, packetId: 1, isMonthlySubscription: false },
    });
    expect(trial.status, JSON.stringify(trial.body)).toBe(200);
    expect(trial.body.data.status).toBe('trialing');
    const days = (new Date(trial.body.data.subscriptionEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);

    const again = await t.call('POST', '/api/payment/stripe/createSubscription', {
      headers: { authorization: `Bearer ${confirmed.body.data.registrationToken}` },
      body: { organizationId: data.organizationId, packetId: 2 },
    });
    expect(again.status).toBe(409);

    const login = await t.call<{ token: string; organizations: { organizationName: string; roles: { name: string }[] }[] }>(
      'POST',
      '/api/Account/login',
      { body: { email, password: PASSWORD } },
    );
    expect(login.body.data.token).toMatch(/^ey/);
    expect(login.body.data.organizations).toEqual([
      expect.objectContaining({ organizationName: 'Relief Without Borders', roles: [{ name: 'Organization' }] }),
    ]);
  });

  it("a registration token opens only its own organization's trial", async () => {
    const a = await register('owner-a@relief.test');
    const codeA = await smtp.codeFor('owner-a@relief.test');
    const tokenA = (
      await t.call<{ registrationToken: string }>('POST', '/api/Account/confirmEmail', { body: { userId: a.data.userId, code: codeA } })
    ).body.data.registrationToken;
    const b = await register('owner-b@relief.test');
    const res = await t.call('POST', '/api/payment/stripe/createSubscription', {
      headers: { authorization: `Bearer ${tokenA}` },
      body: { organizationId: b.data.organizationId, packetId: 1 },
    });
    expect(res.status).toBe(403);
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const res = await t.call('POST', '/api/Account/register', { body: body('ORGANIZATION@demo.test') });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('An account with this email already exists.');
  });

  it('names every field rule that fails, in the form texts', async () => {
    const res = await t.call('POST', '/api/Account/register', {
      body: { ...body('1bad@relief'), password: 'short', confirmPassword: 'other', phoneNumber: '12', countryId: 9999 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        'Please enter a valid email address',
        'Password must include uppercase, lowercase, number, and special character and minimum length of password - 8',
        "Oops! It seems like there's a mismatch between the passwords you entered.",
        'Invalid phone number',
        'Please input your Country!',
      ]),
    );
    const users = await t.db.selectFrom('users').select('id').where('email', '=', '1bad@relief').execute();
    expect(users).toEqual([]);
  });

  it('resends a code, and limits how often', async () => {
    await register('resend@relief.test');
    const first = await t.call('POST', '/api/Account/resendConfirmEmail?email=resend@relief.test');
    expect(first.status).toBe(200);
    // The registration mail and this resend used 2 of the 3 sends allowed per 15 minutes.
    await t.call('POST', '/api/Account/resendConfirmEmail?email=resend@relief.test');
    const over = await t.call('POST', '/api/Account/resendConfirmEmail?email=resend@relief.test');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('answers a resend for an unknown address like any other, revealing nothing', async () => {
    const res = await t.call('POST', '/api/Account/resendConfirmEmail?email=nobody@relief.test');
    expect(res.status).toBe(200);
  });
});
