import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTypes } from '../../schemas/entityTypes';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';

let t: TestApp;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = {
  id: string;
  organizationMemberId: string;
  fullName: string;
  email: string;
  roles: { name: string }[];
  workspaces: { name: string }[];
  deletedAt: string | null;
};
type List = { members: Member[]; totalSize: number };
const ws = () => t.ids.workspaces['East Africa Emergency Response']!;
const member = (email: string) => t.ids.members.relief![email]!;
const members = async (email: string, query = '') =>
  t.call<List>('GET', `/api/Members/getAllMembersOfOrganization${query}`, { session: await as(email) });
const toggleUrl = (id: string, entityType: number, isDeleted: boolean) =>
  `/api/DataCollection/${id}/toggleDeleteOrRestore?entityType=${entityType}&isDeleted=${isDeleted}`;

describe('GET /api/Members/getAllOrgMembersInWorkspace', () => {
  it("lists the workspace's members with their roles", async () => {
    const r = await t.call<{ id: string; fullName: string; roles: { name: string }[] }[]>(
      'GET',
      `/api/Members/getAllOrgMembersInWorkspace?WorkSpaceId=${ws()}`,
      {
        session: await as(demo.manager),
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toContainEqual({ id: member(demo.collector), fullName: 'Chidi Collector', roles: [{ name: 'DataCollector' }] });
    expect(r.body.data.map((m) => m.fullName)).not.toContain('Omar Other');
  });

  it("answers 404 for another organization's workspace and 403 to a DataCollector", async () => {
    const other = await t.call('GET', `/api/Members/getAllOrgMembersInWorkspace?WorkSpaceId=${t.ids.workspaces['Other Aid Workspace']}`, {
      session: await as(demo.owner),
    });
    expect(other.status).toBe(404);
    expect(
      (await t.call('GET', `/api/Members/getAllOrgMembersInWorkspace?WorkSpaceId=${ws()}`, { session: await as(demo.collector) })).status,
    ).toBe(403);
  });
});

describe('GET /api/Members/getAllMembersOfOrganization', () => {
  it('lists members with email, roles and workspaces; searches by name or email; pages', async () => {
    const all = await members(demo.admin, '?pageSize=100');
    expect(all.body.data.totalSize).toBe(9);
    expect(all.body.data.members.find((m) => m.email === 'guest@demo.test')).toMatchObject({
      id: t.ids.users[demo.guest],
      organizationMemberId: member(demo.guest),
      fullName: 'Grace Guest',
      roles: [{ name: 'Guest' }],
      workspaces: [{ id: ws(), name: 'East Africa Emergency Response' }],
      deletedAt: null,
    });
    expect((await members(demo.admin, '?search=GRACE')).body.data.members.map((m) => m.email)).toEqual(['guest@demo.test']);
    expect((await members(demo.admin, '?search=collector@demo')).body.data.totalSize).toBe(1);
    const page = await members(demo.admin, '?page=3&pageSize=4');
    expect(page.body.data.members).toHaveLength(1);
  });

  it('filters by role, language, gender, location and workspace, naming a bad filter', async () => {
    type Detailed = Member & { gender: number | null; location: string | null; languages: { name: string }[] };
    const get = async (q: string) =>
      (
        await t.call<{ members: Detailed[]; totalSize: number }>('GET', `/api/Members/getAllMembersOfOrganization?pageSize=100${q}`, {
          session: await as(demo.owner),
        })
      ).body.data;
    const all = await get('');
    const women = await get('&Gender=1');
    expect(women.members.length).toBeGreaterThan(0);
    expect(women.members.every((m) => m.gender === 1)).toBe(true);
    const kenya = (await t.db.selectFrom('countries').select('id').where('code', '=', 'KE').executeTakeFirstOrThrow()).id;
    expect((await get(`&LocationId=${kenya}`)).members.every((m) => m.location === 'Kenya')).toBe(true);
    const somali = (await t.db.selectFrom('languages').select('id').where('code', '=', 'so').executeTakeFirstOrThrow()).id;
    const speakers = await get(`&LanguageId=${somali}`);
    expect(speakers.members.every((m) => m.languages.some((l) => l.name === 'Somali'))).toBe(true);
    expect(speakers.totalSize).toBeLessThan(all.totalSize);
    expect((await get('&RoleId=7')).members.every((m) => m.roles[0]?.name === 'DataCollector')).toBe(true);
    expect((await get(`&WorkspaceId=${ws()}`)).totalSize).toBeGreaterThan(0);
    expect((await get(`&WorkspaceId=${t.ids.workspaces['Other Aid Workspace']}`)).totalSize).toBe(0);
    const bad = await t.call('GET', '/api/Members/getAllMembersOfOrganization?Gender=7', { session: await as(demo.owner) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.join(' ')).toMatch(/Gender/);
  });

  it('is for admin roles only', async () => {
    for (const email of [demo.manager, demo.junior, demo.guest, demo.collector]) expect((await members(email)).status).toBe(403);
  });
});

describe('POST /api/Members/delete and the deleted users', () => {
  it('moves a membership into the bin, where the deleted list shows it; deleting twice changes nothing', async () => {
    const s = await as(demo.owner);
    const id = member(demo.senior);
    expect((await t.call('POST', '/api/Members/delete', { session: s, body: { id } })).status).toBe(200);
    expect((await t.call('POST', '/api/Members/delete', { session: s, body: { id } })).status).toBe(200);
    const bin = await members(demo.owner, '?isDeleted=true');
    expect(bin.body.data.members).toEqual([expect.objectContaining({ organizationMemberId: id, deletedAt: expect.any(String) })]);
    expect((await members(demo.owner)).body.data.members.map((m) => m.organizationMemberId)).not.toContain(id);
    const restored = await t.call('PUT', toggleUrl(id, entityTypes.OrganizationMember, false), { session: s });
    expect(restored.status).toBe(200);
    expect((await members(demo.owner, '?isDeleted=true')).body.data.totalSize).toBe(0);
  });

  it("protects the owner and the caller's own membership, answers 404 for another organization's member", async () => {
    const s = await as(demo.admin);
    expect((await t.call('POST', '/api/Members/delete', { session: s, body: { id: member(demo.owner) } })).status).toBe(403);
    expect((await t.call('POST', '/api/Members/delete', { session: s, body: { id: member(demo.admin) } })).status).toBe(403);
    expect((await t.call('POST', '/api/Members/delete', { session: s, body: { id: t.ids.members.other![demo.other] } })).status).toBe(404);
    expect(
      (await t.call('POST', '/api/Members/delete', { session: await as(demo.manager), body: { id: member(demo.guest) } })).status,
    ).toBe(403);
  });

  it('restores all and deletes all deleted users', async () => {
    const s = await as(demo.owner);
    const ids = [member(demo.guest), member(demo.collector)];
    for (const id of ids) await t.call('POST', '/api/Members/delete', { session: s, body: { id } });
    const url = '/api/Members/permanentlyDeleteOrRestoreAllOrganizationMembers';
    const restored = await t.call<{ count: number }>('POST', `${url}?isDeleted=false&restoreAll=true`, { session: s });
    expect(restored.body.data.count).toBe(2);
    expect((await members(demo.owner, '?isDeleted=true')).body.data.totalSize).toBe(0);
    expect((await t.call('POST', `${url}?isDeleted=true`, { session: await as(demo.manager) })).status).toBe(403);
  });
});

describe('A deactivated member restores their own membership', () => {
  let collector: Session;
  beforeAll(async () => {
    collector = await t.signIn(demo.collector);
  });

  it('is shut out while removed by an admin, cannot restore themself, and is back in once an admin restores them', async () => {
    const id = member(demo.collector);
    await t.call('POST', '/api/Members/delete', { session: await as(demo.owner), body: { id } });
    expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces', { session: collector })).status).toBe(403);
    // Not someone else's membership, and not a purge.
    expect((await t.call('PUT', toggleUrl(member(demo.guest), entityTypes.OrganizationMember, false), { session: collector })).status).toBe(
      403,
    );
    // Only a membership the member deactivated themself is theirs to bring back; an admin's removal stands.
    expect((await t.call('PUT', toggleUrl(id, entityTypes.OrganizationMember, false), { session: collector })).status).toBe(403);
    expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces', { session: collector })).status).toBe(403);
    expect((await t.call('PUT', toggleUrl(id, entityTypes.OrganizationMember, false), { session: await as(demo.owner) })).status).toBe(200);
    expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces', { session: collector })).status).toBe(200);
  });

  it('deactivates their own membership; the owner cannot', async () => {
    const guest = await t.signIn(demo.guest);
    const r = await t.call('PUT', toggleUrl(member(demo.guest), entityTypes.OrganizationMember, true), { session: guest });
    expect(r.body.message).toBe('Deactivated successfully');
    expect((await t.call('PUT', toggleUrl(member(demo.guest), entityTypes.OrganizationMember, false), { session: guest })).status).toBe(
      200,
    );
    expect(
      (await t.call('PUT', toggleUrl(member(demo.owner), entityTypes.OrganizationMember, true), { session: await as(demo.owner) })).status,
    ).toBe(403);
  });

  it('needs the organization header, and membership of that organization', async () => {
    const id = member(demo.collector);
    expect(
      (
        await t.call('PUT', toggleUrl(id, entityTypes.OrganizationMember, false), {
          headers: { authorization: `Bearer ${collector.token}` },
        })
      ).status,
    ).toBe(403);
    const other = await t.call('PUT', toggleUrl(id, entityTypes.OrganizationMember, false), {
      headers: { authorization: `Bearer ${collector.token}`, 'organization-id': t.ids.organizations.other! },
    });
    expect(other.status).toBe(403);
    expect((await t.call('PUT', toggleUrl(id, entityTypes.OrganizationMember, false))).status).toBe(401);
  });
});

describe('The owner deactivates and reactivates the organization', () => {
  it('shuts the members out until the owner reactivates it', async () => {
    const owner = await as(demo.owner);
    const org = t.ids.organizations.relief!;
    expect((await t.call('PUT', toggleUrl(org, entityTypes.Organization, true), { session: await as(demo.admin) })).status).toBe(403);
    expect((await t.call('PUT', toggleUrl(org, entityTypes.Organization, true), { session: owner })).body.message).toBe(
      'Deactivated successfully',
    );
    expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces', { session: await as(demo.admin) })).body.message).toBe(
      'This organization has been deactivated.',
    );
    const back = await t.call('PUT', toggleUrl(org, entityTypes.Organization, false), { session: owner });
    expect(back.body.message).toBe('Your account has been activated!');
    expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces', { session: await as(demo.admin) })).status).toBe(200);
  });
});
