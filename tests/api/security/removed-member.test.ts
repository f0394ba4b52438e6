// A member an admin removed cannot bring themself back by choosing the organization
// (or by the restore call); only a membership they deactivated themself is theirs to reactivate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTypes } from '../../../schemas/entityTypes';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../support/app';
import { demo, personas } from '../../support/personas';

let t: TestApp;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Login = { token: string; user: { id: string }; organizations: { organizationId: string; isDeletedUser: boolean }[] };
const memberOf = (email: string) => t.ids.members.relief![email]!;
const relief = () => t.ids.organizations.relief!;
const toggleUrl = (id: string, isDeleted: boolean) =>
  `/api/DataCollection/${id}/toggleDeleteOrRestore?entityType=${entityTypes.OrganizationMember}&isDeleted=${isDeleted}`;

async function signInWithoutChoosing(email: string) {
  const r = await t.call<Login>('POST', '/api/Account/login', { body: { email, password: DEMO_PASSWORD } });
  expect(r.status).toBe(200);
  return r.body.data;
}
const choose = (login: Login, organizationId: string) =>
  t.call<{ token: string }>('GET', `/api/Account/selectOrganization?userId=${login.user.id}&organizationId=${organizationId}`, {
    headers: { authorization: `Bearer ${login.token}` },
  });
const deletedAt = async (memberId: string) =>
  (await t.db.selectFrom('organization_members').select('deleted_at').where('id', '=', memberId).executeTakeFirstOrThrow()).deleted_at;

describe('a member removed by an admin', () => {
  it('is not let back in by choosing the organization', async () => {
    const id = memberOf(demo.junior);
    expect((await t.call('POST', '/api/Members/delete', { session: await as(demo.owner), body: { id } })).status).toBe(200);

    const login = await signInWithoutChoosing(demo.junior);
    expect(login.organizations.map((o) => o.organizationId)).not.toContain(relief());
    const chosen = await choose(login, relief());
    expect(chosen.status).toBe(404);
    expect(chosen.body.isSuccess).toBe(false);
    expect(await deletedAt(id)).not.toBeNull();
    const work = await t.call('GET', '/api/Workspaces/getMyWorkspaces', {
      headers: { authorization: `Bearer ${login.token}`, 'organization-id': relief() },
    });
    expect(work.status).toBe(403);
  });

  it('cannot restore their own membership either, until an admin does', async () => {
    const id = memberOf(demo.junior);
    const login = await signInWithoutChoosing(demo.junior);
    const self = await t.call('PUT', toggleUrl(id, false), {
      headers: { authorization: `Bearer ${login.token}`, 'organization-id': relief() },
    });
    expect(self.status).toBe(403);
    expect(await deletedAt(id)).not.toBeNull();

    expect((await t.call('PUT', toggleUrl(id, false), { session: await as(demo.owner) })).status).toBe(200);
    const back = await choose(await signInWithoutChoosing(demo.junior), relief());
    expect(back.status).toBe(200);
    expect(back.body.message).toBe('');
  });
});

describe('a member who deactivated themself', () => {
  it("reactivates by choosing the organization ('Activate account')", async () => {
    const guest = await t.signIn(demo.guest);
    const off = await t.call('PUT', toggleUrl(memberOf(demo.guest), true), { session: guest });
    expect(off.body.message).toBe('Deactivated successfully');

    const login = await signInWithoutChoosing(demo.guest);
    expect(login.organizations.find((o) => o.organizationId === relief())?.isDeletedUser).toBe(true);
    const chosen = await choose(login, relief());
    expect(chosen.status).toBe(200);
    expect(chosen.body.message).toBe('Your account has been activated!');
    expect(await deletedAt(memberOf(demo.guest))).toBeNull();
  });
});
