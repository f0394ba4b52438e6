// The account area's calls: login information changes confirmed by an e-mailed code (read from
// a real SMTP server), the profile picture (checked before it is held), deleting or deactivating with the
// organization-wide effect for the owner, and the account summary's statistics computed from real rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStatistics } from '../../schemas/accountArea';
import { DEMO_PASSWORD, type Session, type TestApp } from '../support/app';
import { multipart, type FilePart } from '../support/multipart';
import { PNG } from '../support/files';
import { demo, personas } from '../support/personas';
import { startAppWithSmtp, stopAppWithSmtp } from '../support/mailApp';
import type { SmtpPeer } from '../support/smtp';

let t: TestApp;
let smtp: SmtpPeer;
const as = personas(() => t);
beforeAll(async () => ({ t, smtp } = await startAppWithSmtp()));
afterAll(() => stopAppWithSmtp(t, smtp));

const loginOk = async (email: string, password: string) =>
  (await t.call('POST', '/api/Account/login', { body: { email, password } })).status === 200;

describe('update e-mail', () => {
  it('mails a code to the new address, changes the e-mail with it, and ends the sessions', async () => {
    const s = await t.signIn(demo.admin);
    const newEmail = 'amina.new@relief.test';
    const sent = await t.call('POST', '/api/account/sendUpdateEmailCode', { session: s, body: { userId: s.userId, newEmail } });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('A verification code has been sent to your email.');
    const code = await smtp.codeFor(newEmail);
    const wrong = await t.call('POST', '/api/Account/updateEmail', {
      session: s,
      body: { userId: s.userId, newEmail, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.message).toBe('Wrong code');
    const other = await t.call('POST', '/api/Account/updateEmail', {
      session: s,
      body: { userId: s.userId, newEmail: 'someone.else@relief.test', code },
    });
    expect(other.status).toBe(400);
    // The code stays good for its address after a try at another (four tries left).
    const code2 = await (async () => {
      await t.call('POST', '/api/account/sendUpdateEmailCode', { session: s, body: { userId: s.userId, newEmail } });
      return smtp.codeFor(newEmail);
    })();
    const r = await t.call('POST', '/api/Account/updateEmail', { session: s, body: { userId: s.userId, newEmail, code: code2 } });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Your email has been updated successfully.');
    expect(await loginOk(newEmail, DEMO_PASSWORD)).toBe(true);
    expect(await loginOk(demo.admin, DEMO_PASSWORD)).toBe(false);
    expect((await t.call('POST', '/api/Account/refreshToken', { body: { token: s.token, refreshToken: s.refreshToken } })).status).toBe(
      401,
    );
  });

  it("refuses a taken address, another user's id, and too many sends", async () => {
    const s = await t.signIn(demo.senior);
    expect(
      (await t.call('POST', '/api/account/sendUpdateEmailCode', { session: s, body: { userId: s.userId, newEmail: demo.owner } })).body
        .message,
    ).toBe('An account with this email already exists.');
    expect(
      (
        await t.call('POST', '/api/account/sendUpdateEmailCode', {
          session: s,
          body: { userId: t.ids.users[demo.owner]!, newEmail: 'x.y@relief.test' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/account/sendUpdateEmailCode', { session: s, body: { userId: s.userId, newEmail: '1bad' } })).status,
    ).toBe(400);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await t.call('POST', '/api/account/sendUpdateEmailCode', {
            session: s,
            body: { userId: s.userId, newEmail: 'sara.new@relief.test' },
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('update password with a code', () => {
  it('checks the form, mails a code to the current address, and changes the password with it', async () => {
    const s = await t.signIn(demo.manager);
    const form = { oldPassword: DEMO_PASSWORD, newPassword: 'Field-Work-2027!', confirmPassword: 'Field-Work-2027!' };
    expect(
      (await t.call('POST', '/api/Account/sendChangePasswordCode', { session: s, body: { ...form, oldPassword: 'Wrong-2026!' } })).body
        .message,
    ).toBe('Your old password is incorrect.');
    expect(
      (
        await t.call('POST', '/api/Account/sendChangePasswordCode', {
          session: s,
          body: { ...form, newPassword: 'weak', confirmPassword: 'weak' },
        })
      ).status,
    ).toBe(400);
    expect((await t.call('POST', '/api/Account/sendChangePasswordCode', { session: s, body: form })).status).toBe(200);
    const code = await smtp.codeFor(demo.manager);
    expect(
      (
        await t.call('POST', '/api/account/changePassword', {
          session: s,
          body: { ...form, code: code === '999999' ? '888888' : '999999' },
        })
      ).body.message,
    ).toBe('Wrong code');
    const r = await t.call('POST', '/api/account/changePassword', { session: s, body: { ...form, code } });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Your password has been updated successfully.');
    expect(await loginOk(demo.manager, 'Field-Work-2027!')).toBe(true);
    expect(await loginOk(demo.manager, DEMO_PASSWORD)).toBe(false);
  });
});

describe('profile picture', () => {
  const upload = (s: Session, file?: FilePart, userId = s.userId) => {
    // No file: the field sent empty, the spec's "empty to delete".
    const { payload, headers } = multipart([
      ['UserId', userId],
      ['ProfilePicture', file ?? ''],
    ]);
    return t.call<{ profilePictureUrl: string | null }>('POST', '/api/Account/addOrUpdateProfilePicture', {
      session: s,
      body: payload,
      headers,
    });
  };

  it('stores a png, serves it at its address (which the login answers), and deletes it on an empty file', async () => {
    const s = await as(demo.junior);
    const r = await upload(s, { fileName: 'me.png', contentType: 'image/png', bytes: PNG });
    expect(r.body.errors).toEqual([]);
    const url = r.body.data.profilePictureUrl!;
    expect(url).toMatch(new RegExp(`^/api/FileData/profilePicture/${s.userId}/[0-9a-f-]{36}$`));
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);
    const login = await t.call<{ user: { profilePictureUrl: string } }>('POST', '/api/Account/login', {
      body: { email: demo.junior, password: DEMO_PASSWORD },
    });
    expect(login.body.data.user.profilePictureUrl).toBe(url);
    // A guessed version finds nothing.
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/[0-9a-f-]{36}$/, '00000000-0000-4000-8000-000000000000') })).statusCode,
    ).toBe(404);
    const removed = await upload(s);
    expect(removed.body.data.profilePictureUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses another type, a renamed file, a file over 20MB and another user', async () => {
    const s = await as(demo.junior);
    expect((await upload(s, { fileName: 'me.gif', contentType: 'image/gif', bytes: PNG })).body.message).toBe(
      'The profile picture must be a png, jpg or jpeg image.',
    );
    expect((await upload(s, { fileName: 'me.png', contentType: 'image/png', bytes: Buffer.from('<svg onload=alert(1)>') })).status).toBe(
      400,
    );
    const big = await upload(s, {
      fileName: 'me.png',
      contentType: 'image/png',
      bytes: Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]),
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The profile picture can be at most 20MB.');
    expect((await upload(s, { fileName: 'me.png', contentType: 'image/png', bytes: PNG }, t.ids.users[demo.owner]!)).status).toBe(403);
  });
});

describe('account summary', () => {
  it("counts the organization's workspaces, projects, collectors and surveys, with the plan's limits", async () => {
    const owner = await as(demo.owner);
    const r = await t.call<DashboardStatistics>('GET', '/api/Organizations/getDashboardStatistics', {
      session: owner,
      query: { organizationId: owner.organizationId },
    });
    expect(r.status).toBe(200);
    const org = owner.organizationId;
    const workspaces = await t.db
      .selectFrom('workspaces')
      .select('id')
      .where('organization_id', '=', org)
      .where('deleted_at', 'is', null)
      .execute();
    const projects = await t.db
      .selectFrom('projects')
      .select('id')
      .where('organization_id', '=', org)
      .where('deleted_at', 'is', null)
      .execute();
    const collectors = await t.db
      .selectFrom('organization_members')
      .select('id')
      .where('organization_id', '=', org)
      .where('role_id', '=', 7)
      .where('deleted_at', 'is', null)
      .execute();
    const plan = await t.db
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .select(['p.workspace_limit', 'p.database_limit'])
      .where('s.organization_id', '=', org)
      .executeTakeFirstOrThrow();
    expect(r.body.data).toMatchObject({
      currentWorkspaces: workspaces.length,
      totalProjects: projects.length,
      totalEnumerators: collectors.length,
      workspaceLimit: plan.workspace_limit,
      dataUsageLimit: plan.database_limit,
    });
    expect(r.body.data.totalSurveys).toBeGreaterThan(0);
    // A year with nothing in it: no surveys, no respondents.
    const y2023 = await t.call<DashboardStatistics>('GET', '/api/Organizations/getDashboardStatistics', {
      session: owner,
      query: { organizationId: org, year: '2023' },
    });
    expect(y2023.body.data).toMatchObject({ totalSurveys: 0, totalBeneficiaries: 0 });
  });

  it('is for the Organization role of the organization only', async () => {
    const owner = await as(demo.owner);
    expect(
      (
        await t.call('GET', '/api/Organizations/getDashboardStatistics', {
          session: await as(demo.superAdmin),
          query: { organizationId: owner.organizationId },
        })
      ).status,
    ).toBe(403);
    const other = await as(demo.other);
    expect(
      (
        await t.call('GET', '/api/Organizations/getDashboardStatistics', {
          session: other,
          query: { organizationId: owner.organizationId },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('GET', '/api/Organizations/getDashboardStatistics', {
          session: owner,
          query: { organizationId: owner.organizationId, year: '2019' },
        })
      ).body.errors.join(' '),
    ).toMatch(/year/);
  });
});

describe('delete or deactivate', () => {
  it("deactivates a member's own membership only, and requires the reasons", async () => {
    const s = await as(demo.superAdmin);
    expect(
      (await t.call('POST', '/api/Account/deactivateAccount', { session: s, body: { reason: 3, feedback: 'x' } })).body.errors.join(' '),
    ).toMatch(/customReason/);
    expect((await t.call('POST', '/api/Account/deactivateAccount', { session: s, body: { reason: 1 } })).status).toBe(400);
    expect(
      (
        await t.call('POST', '/api/Account/deactivateAccount', {
          session: await as(demo.guest),
          body: { reason: 1, feedback: 'Back after the season.' },
        })
      ).status,
    ).toBe(403);
    const junior = await t.signIn(demo.junior);
    const r = await t.call('POST', '/api/Account/deactivateAccount', {
      session: junior,
      body: { reason: 1, feedback: 'Back after the season.' },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Deactivated successfully');
    const m = await t.db
      .selectFrom('organization_members')
      .select(['deleted_at', 'deactivated_by_self'])
      .where('id', '=', t.ids.members.relief![demo.junior]!)
      .executeTakeFirstOrThrow();
    expect(m.deleted_at).not.toBeNull();
    expect(m.deactivated_by_self).toBe(true);
    const org = await t.db
      .selectFrom('organizations')
      .select(['deactivated_at', 'deleted_at'])
      .where('id', '=', junior.organizationId)
      .executeTakeFirstOrThrow();
    expect(org).toEqual({ deactivated_at: null, deleted_at: null });
  });

  it("deletes the whole organization for its owner; another user's delete takes only their membership", async () => {
    const other = await t.signIn(demo.other);
    expect(
      (
        await t.call('DELETE', '/api/Account/permanentlyDeleteUser', {
          session: other,
          query: { userId: other.userId },
          body: { reason: 1, feedback: 'x' },
        })
      ).status,
    ).toBe(403);
    const wrongOrg = await t.call('DELETE', '/api/Organizations/permanentlyDeleteOrg', {
      session: other,
      query: { organizationId: t.ids.organizations.relief! },
      body: { reason: 1, feedback: 'x' },
    });
    expect(wrongOrg.status).toBe(404);
    const r = await t.call('DELETE', '/api/Organizations/permanentlyDeleteOrg', {
      session: other,
      query: { organizationId: other.organizationId },
      body: { reason: 4, customReason: 'Merged with another NGO', feedback: 'Thank you.' },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Organization deleted successfully');
    expect(
      (await t.db.selectFrom('organizations').select('deleted_at').where('id', '=', other.organizationId).executeTakeFirstOrThrow())
        .deleted_at,
    ).not.toBeNull();
    expect(
      (await t.db.selectFrom('organizations').select('deleted_at').where('id', '=', t.ids.organizations.relief!).executeTakeFirstOrThrow())
        .deleted_at,
    ).toBeNull();
    const closure = await t.db
      .selectFrom('account_closures')
      .selectAll()
      .where('organization_id', '=', other.organizationId)
      .executeTakeFirstOrThrow();
    expect(closure).toMatchObject({
      whole_organization: true,
      option: 1,
      reason: 4,
      custom_reason: 'Merged with another NGO',
      feedback: 'Thank you.',
    });

    const senior = await t.signIn(demo.senior);
    const d = await t.call('DELETE', '/api/Account/permanentlyDeleteUser', {
      session: senior,
      query: { userId: senior.userId },
      body: { reason: 2, feedback: 'Privacy.' },
    });
    expect(d.body.message).toBe('User deleted successfully');
    const m = await t.db
      .selectFrom('organization_members')
      .select(['deleted_at', 'deactivated_by_self'])
      .where('id', '=', t.ids.members.relief![demo.senior]!)
      .executeTakeFirstOrThrow();
    expect(m.deleted_at).not.toBeNull();
    expect(m.deactivated_by_self).toBe(false);
  });
});

describe('states and cities', () => {
  it("answers a country's states and a state's cities, with the AL and XK fixes", async () => {
    const s = await as(demo.owner);
    const get = (path: string, query: Record<string, string>) =>
      t.call<{ code: string; name: string }[]>('GET', `/api/Languages/${path}`, { session: s, query });
    const kenya = (await get('getStates', { countryCode: 'KE' })).body.data;
    const turkana = kenya.find((x) => x.name === 'Turkana')!;
    expect(turkana).toBeTruthy();
    expect((await get('getCities', { countryCode: 'KE', stateCode: turkana.code })).body.data.map((c) => c.name)).toContain('Lodwar');
    const albania = (await get('getStates', { countryCode: 'AL' })).body.data;
    expect(albania.length).toBeGreaterThan(0);
    expect(albania.every((x) => !/\d/.test(x.code))).toBe(true);
    const kosovo = (await get('getStates', { countryCode: 'XK' })).body.data.map((x) => x.name);
    expect(kosovo).toContain('Prizren');
    expect(kosovo).toContain('Pristina');
    expect(kosovo.some((n) => /District/.test(n))).toBe(false);
    expect((await get('getCities', { countryCode: 'XK', stateCode: 'XPR' })).body.data).toEqual([]);
    expect((await get('getStates', { countryCode: 'KEN' })).body.errors.join(' ')).toMatch(/countryCode/);
  });
});
