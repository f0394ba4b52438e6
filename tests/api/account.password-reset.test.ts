// Forgot password end to end over real SMTP: e-mail, code, new password, sign-in with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type TestApp } from '../support/app';
import { startAppWithSmtp, stopAppWithSmtp } from '../support/mailApp';
import type { SmtpPeer } from '../support/smtp';

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => ({ t, smtp } = await startAppWithSmtp()));
afterAll(() => stopAppWithSmtp(t, smtp));

const NEW = 'New-Field-Pass-9!';

describe('password reset', () => {
  it('resets the password with the e-mailed code and signs out the old sessions', async () => {
    const old = await t.signIn('junior@demo.test');
    const forgot = await t.call<{ userId: string }>('POST', '/api/Account/forgotPassword', { body: { email: 'junior@demo.test' } });
    expect(forgot.body.message).toBe('Email sent!');
    const code = await smtp.codeFor('junior@demo.test');

    const wrong = await t.call('POST', '/api/Account/checkResetPasswordCode', {
      body: { userId: forgot.body.data.userId, code: code === '123456' ? '654321' : '123456' },
    });
    expect(wrong.body.message).toBe('Invalid code. Please try again');
    const good = await t.call<{ resetToken: string }>('POST', '/api/Account/checkResetPasswordCode', {
      body: { userId: forgot.body.data.userId, code },
    });
    expect(good.body.message).toBe('Code is valid');
    const { resetToken } = good.body.data;

    const weak = await t.call('POST', '/api/Account/resetPassword', {
      body: { resetToken, userId: forgot.body.data.userId, newPassword: 'weak', confirmPassword: 'weak' },
    });
    expect(weak.body.message).toBe(
      'Password must include uppercase, lowercase, number, and special character and minimum length of password - 8',
    );
    const reset = await t.call('POST', '/api/Account/resetPassword', {
      body: { resetToken, userId: forgot.body.data.userId, newPassword: NEW, confirmPassword: NEW },
    });
    expect(reset.status).toBe(200);

    expect(
      (await t.call('POST', '/api/Account/login', { body: { email: 'junior@demo.test', password: DEMO_PASSWORD } })).body.message,
    ).toBe('Invalid login attempt!');
    expect((await t.call('POST', '/api/Account/login', { body: { email: 'junior@demo.test', password: NEW } })).status).toBe(200);
    const refresh = await t.call('POST', '/api/Account/refreshToken', { body: { refreshToken: old.refreshToken } });
    expect(refresh.status).toBe(401);

    // The reset token was used up: it cannot reset the password a second time.
    const replay = await t.call('POST', '/api/Account/resetPassword', {
      body: { resetToken, newPassword: 'Another-Pass-1!', confirmPassword: 'Another-Pass-1!' },
    });
    expect(replay.body.message).toBe('Invalid code. Please try again');
  });

  it('cannot reset without the reset token of a code check', async () => {
    const forgot = await t.call<{ userId: string }>('POST', '/api/Account/forgotPassword', { body: { email: 'guest@demo.test' } });
    const none = await t.call('POST', '/api/Account/resetPassword', {
      body: { userId: forgot.body.data.userId, newPassword: NEW, confirmPassword: NEW },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([expect.stringContaining('resetToken')]);
    const forged = await t.call('POST', '/api/Account/resetPassword', {
      body: { resetToken: 'not-a-token', userId: forgot.body.data.userId, newPassword: NEW, confirmPassword: NEW },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Invalid code. Please try again');
  });

  it('answers an unknown address the same way, with a stand-in id that no code opens', async () => {
    const a = await t.call<{ userId: string }>('POST', '/api/Account/forgotPassword', { body: { email: 'ghost@demo.test' } });
    const b = await t.call<{ userId: string }>('POST', '/api/Account/forgotPassword', { body: { email: 'ghost@demo.test' } });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('Email sent!');
    // Fresh each time, as a known address's are (each request issues a new code).
    expect(a.body.data.userId).not.toBe(b.body.data.userId);
    const check = await t.call('POST', '/api/Account/checkResetPasswordCode', { body: { userId: a.body.data.userId, code: '123456' } });
    expect(check.body.message).toBe('Invalid code. Please try again');
    expect(smtp.mails.some((m) => m.to.includes('ghost@demo.test'))).toBe(false);
  });

  it('refuses mismatched passwords', async () => {
    const res = await t.call('POST', '/api/Account/resetPassword', {
      body: { resetToken: 'any', newPassword: NEW, confirmPassword: `${NEW}x` },
    });
    expect(res.body.message).toBe('The two passwords do not match!');
  });
});
