// The Organization Management page's calls: the caller's profile and company information
// (Organizations/getUserAndOrganizationInfo, editUserAndOrganization) and the Login Information dialog's
// password change (Account/changePassword): own records only, the owner alone changes the organization,
// the current password checked and its failures rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserAndOrganizationInfo } from '../../schemas/organizations';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';

let t: TestApp;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (s: Session, q: { organizationId?: string; userId?: string } = {}) =>
  t.call<UserAndOrganizationInfo>('GET', '/api/Organizations/getUserAndOrganizationInfo', {
    session: s,
    query: { organizationId: q.organizationId ?? s.organizationId, userId: q.userId ?? s.userId },
  });
const edit = (s: Session, body: Record<string, unknown>) =>
  t.call<{ message: string }>('POST', '/api/Organizations/editUserAndOrganization', {
    session: s,
    body: { userId: s.userId, organizationId: s.organizationId, ...body },
  });
const change = (s: Session, body: Record<string, unknown>) => t.call('POST', '/api/account/changePassword', { session: s, body });

describe('GET /api/Organizations/getUserAndOrganizationInfo', () => {
  it("answers the caller's profile and company information", async () => {
    const owner = await as(demo.owner);
    const r = await info(owner);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      userId: owner.userId,
      email: demo.owner,
      organizationName: 'Demo Relief Organization',
      role: 'Organization',
      canEditOrganization: true,
    });
    expect(r.body.data.organizationMemberId).toBe(t.ids.members.relief![demo.owner]);
    expect(r.body.data.geographicalDetail).toEqual({});
    expect((await info(await as(demo.senior))).body.data.canEditOrganization).toBe(false);
  });

  it("answers 404 for another user's or another organization's ids, 403 to a DataCollector and a Guest", async () => {
    const senior = await as(demo.senior);
    expect((await info(senior, { userId: t.ids.users[demo.owner]! })).status).toBe(404);
    expect((await info(senior, { organizationId: t.ids.organizations.other! })).status).toBe(404);
    expect((await info(await as(demo.collector))).status).toBe(403);
    expect((await info(await as(demo.guest))).status).toBe(403);
    expect((await info(senior, { userId: 'not-a-uuid' })).body.errors.join(' ')).toMatch(/userId/);
  });
});

describe('POST /api/Organizations/editUserAndOrganization', () => {
  it("saves the dialog's personal and company fields for the owner, with the spec's message", async () => {
    const owner = await as(demo.owner);
    const before = (await info(owner)).body.data;
    const r = await edit(owner, {
      userFullName: 'Olivia Owner',
      userPhoneNumber: '+254712345678',
      userRoleWithinOrganization: 'Executive Director',
      organizationName: 'Demo Relief Organization',
      organizationTypeId: before.organizationTypeId,
      organizationCountryId: before.organizationCountryId,
      geographicalDetail: { district: 'Turkana Central', cityOrCampOrVillage: 'Lodwar' },
      gender: 'Female',
      zipCode: '30500',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe('Your information has been updated successfully.');
    const after = (await info(owner)).body.data;
    expect(after).toMatchObject({
      userFullName: 'Olivia Owner',
      userPhoneNumber: '+254712345678',
      userRoleWithinOrganization: 'Executive Director',
      gender: 'Female',
      zipCode: '30500',
      geographicalDetail: { district: 'Turkana Central', cityOrCampOrVillage: 'Lodwar' },
    });
  });

  it('lets only the owner change the organization; others save their own fields', async () => {
    const senior = await as(demo.senior);
    const current = (await info(senior)).body.data;
    const refused = await edit(senior, { userFullName: 'Sam Senior', organizationName: 'Taken over' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only the organization's owner can change its name, type and country.");
    const same = await edit(senior, {
      userFullName: 'Sam Senior',
      userRoleWithinOrganization: 'Programme lead',
      organizationName: current.organizationName,
      organizationTypeId: current.organizationTypeId,
    });
    expect(same.status).toBe(200);
    expect((await info(senior)).body.data).toMatchObject({
      userFullName: 'Sam Senior',
      userRoleWithinOrganization: 'Programme lead',
      organizationName: current.organizationName,
    });
  });

  it("names the bad field, refuses another user's record and another organization (404), and a DataCollector (403)", async () => {
    const owner = await as(demo.owner);
    expect((await edit(owner, { userFullName: 'X', userPhoneNumber: '12' })).body.message).toBe('Invalid phone number');
    expect((await edit(owner, { userFullName: 'X', organizationCountryId: 999999 })).body.errors.join(' ')).toMatch(/countryId/);
    expect((await edit(owner, { userFullName: 'X', organizationTypeId: 999999 })).body.errors.join(' ')).toMatch(/organizationTypeId/);
    expect((await edit(owner, { userFullName: '' })).body.errors.join(' ')).toMatch(/userFullName/);
    expect((await edit(owner, { userFullName: 'X', zipCode: 'abc' })).body.errors.join(' ')).toMatch(/zipCode/);
    expect((await edit(owner, { userFullName: 'X', geographicalDetail: { district: 'x'.repeat(201) } })).status).toBe(400);
    expect((await edit(owner, { userId: t.ids.users[demo.admin]!, userFullName: 'Hijack' })).status).toBe(404);
    expect((await edit(owner, { organizationId: t.ids.organizations.other!, userFullName: 'Hijack' })).status).toBe(404);
    expect((await edit(await as(demo.collector), { userFullName: 'Hijack' })).status).toBe(403);
  });
});

describe('POST /api/account/changePassword', () => {
  it('checks the current password and the rules, then changes it; other sessions end, this one goes on', async () => {
    const other = await t.signIn(demo.admin);
    const s = await t.signIn(demo.admin);
    const next = 'Changed-Pass-2026!';
    expect((await change(s, { oldPassword: DEMO_PASSWORD, newPassword: next, confirmPassword: 'Different-2026!' })).body.message).toBe(
      'The two passwords do not match!',
    );
    expect((await change(s, { oldPassword: 'Wrong-Pass-2026!', newPassword: next, confirmPassword: next })).body.message).toBe(
      'Your old password is incorrect.',
    );
    expect((await change(s, { oldPassword: DEMO_PASSWORD, newPassword: 'weak', confirmPassword: 'weak' })).status).toBe(400);
    expect((await change(s, { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD })).status).toBe(400);
    expect((await change(s, { oldPassword: DEMO_PASSWORD, newPassword: '', confirmPassword: '' })).body.errors.join(' ')).toMatch(
      /newPassword/,
    );
    const r = await change(s, { oldPassword: DEMO_PASSWORD, newPassword: next, confirmPassword: next });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Your password has been updated successfully.');
    expect((await info(s)).status).toBe(200);
    expect((await info(other)).status).toBe(401);
    const login = await t.call('POST', '/api/Account/login', { body: { email: demo.admin, password: next } });
    expect(login.status).toBe(200);
  });

  it('refuses further tries after 5 wrong current passwords (429), even with the right one', async () => {
    const s = await t.signIn(demo.junior);
    for (let i = 0; i < 5; i++)
      expect(
        (await change(s, { oldPassword: `Wrong-${i}-Pass!`, newPassword: 'Next-Pass-2026!', confirmPassword: 'Next-Pass-2026!' })).status,
      ).toBe(400);
    expect(
      (await change(s, { oldPassword: DEMO_PASSWORD, newPassword: 'Next-Pass-2026!', confirmPassword: 'Next-Pass-2026!' })).status,
    ).toBe(429);
  });

  it('needs a session', async () => {
    expect(
      (await t.call('POST', '/api/account/changePassword', { body: { oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' } })).status,
    ).toBe(401);
  });
});
