import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/Account/login', () => {
  it('answers a token, the user and their organizations for a good password', async () => {
    const { status, body } = await t.call<Record<string, unknown>>('POST', '/api/account/login', {
      body: { email: 'organization@demo.test', password: DEMO_PASSWORD },
    });
    expect(status).toBe(200);
    expect(body.isSuccess).toBe(true);
    expect(body.errors).toEqual([]);
    const data = body.data as {
      token: string;
      refreshToken: string;
      tokenExpire: string;
      user: { email: string; fullName: string };
      organizations: { organizationName: string; roles: { name: string }[] }[];
    };
    expect(data.token).toMatch(/^ey/);
    expect(data.refreshToken.length).toBeGreaterThan(30);
    expect(new Date(data.tokenExpire).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(data.user).toMatchObject({ email: 'organization@demo.test', fullName: 'Olivia Organization' });
    expect(data.organizations).toEqual([
      expect.objectContaining({ organizationName: 'Demo Relief Organization', roles: [{ name: 'Organization' }] }),
    ]);
  });

  it('matches the e-mail without regard to case and surrounding spaces', async () => {
    const { status } = await t.call('POST', '/api/Account/login', { body: { email: '  Manager@Demo.TEST ', password: DEMO_PASSWORD } });
    expect(status).toBe(200);
  });

  it("answers 'Invalid login attempt!' for a wrong password and for an unknown address alike", async () => {
    const wrong = await t.call('POST', '/api/Account/login', { body: { email: 'admin@demo.test', password: 'nope' } });
    const unknown = await t.call('POST', '/api/Account/login', { body: { email: 'nobody@demo.test', password: 'nope' } });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        isSuccess: false,
        data: null,
        message: 'Invalid login attempt!',
        errors: ['Invalid login attempt!'],
        code: 'invalidLogin',
      });
    }
  });

  it('lists both organizations of a member of two', async () => {
    const { body } = await t.call<{ organizations: { organizationName: string }[] }>('POST', '/api/Account/login', {
      body: { email: 'multi@demo.test', password: DEMO_PASSWORD },
    });
    expect(body.data.organizations.map((o) => o.organizationName).sort()).toEqual(['Demo Relief Organization', 'Second Demo Organization']);
  });

  it('lists a deactivated organization as such to its owner', async () => {
    const { status, body } = await t.call<{ organizations: { isDeletedOrg: boolean }[] }>('POST', '/api/Account/login', {
      body: { email: 'former@demo.test', password: DEMO_PASSWORD },
    });
    expect(status).toBe(200);
    expect(body.data.organizations).toEqual([expect.objectContaining({ isDeletedOrg: true })]);
  });
});
