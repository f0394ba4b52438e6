import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';

let t: TestApp;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type List = { workspaces: { id: string; name: string; description: string; deletedAt: string | null }[]; totalSize: number };
const relief = () => t.ids.workspaces['East Africa Emergency Response']!;
const otherWs = () => t.ids.workspaces['Other Aid Workspace']!;

async function addWorkspace(email: string, name: string, description = '') {
  return t.call<string>('POST', '/api/Workspaces/add', { session: await as(email), body: { name, description } });
}
async function setPlanLimits(limits: { workspace_limit?: number; projects_limit?: number }) {
  await t.db.updateTable('plans').set(limits).where('name', '=', 'Premium').execute();
}

describe('GET /api/Workspaces/getMyWorkspaces', () => {
  it("lists the organization's live workspaces with the total", async () => {
    const { status, body } = await t.call<List>('GET', '/api/Workspaces/getMyWorkspaces', { session: await as(demo.owner) });
    expect(status).toBe(200);
    expect(body.data.workspaces.map((w) => w.name)).toContain('East Africa Emergency Response');
    expect(body.data.totalSize).toBe(body.data.workspaces.length);
    expect(body.data.workspaces.every((w) => w.deletedAt === null)).toBe(true);
  });

  it('searches by name and pages', async () => {
    await addWorkspace(demo.owner, 'Paging alpha');
    await addWorkspace(demo.owner, 'Paging beta');
    const s = await as(demo.owner);
    const found = await t.call<List>('GET', '/api/Workspaces/getMyWorkspaces?search=paging&page=1&pageSize=1', { session: s });
    expect(found.body.data.totalSize).toBe(2);
    expect(found.body.data.workspaces).toHaveLength(1);
    const second = await t.call<List>('GET', '/api/Workspaces/getMyWorkspaces?search=PAGING&page=2&pageSize=1', { session: s });
    expect(second.body.data.workspaces[0]!.name).not.toBe(found.body.data.workspaces[0]!.name);
    const literal = await t.call<List>('GET', '/api/Workspaces/getMyWorkspaces?search=%25', { session: s });
    expect(literal.body.data.totalSize).toBe(0);
  });

  it('shows a member who is not an admin only the workspaces they belong to', async () => {
    const created = await addWorkspace(demo.admin, 'Admins only');
    const mine = await t.call<List>('GET', '/api/Workspaces/getMyWorkspaces?pageSize=100', { session: await as(demo.manager) });
    expect(mine.body.data.workspaces.map((w) => w.id)).toContain(relief());
    expect(mine.body.data.workspaces.map((w) => w.id)).not.toContain(created.body.data);
    const byId = await t.call('GET', `/api/Workspaces/getById/${created.body.data}`, { session: await as(demo.manager) });
    expect(byId.status).toBe(404);
  });

  it('lets every role list its workspaces, the bin only to admin roles', async () => {
    for (const email of [demo.collector, demo.guest, demo.junior]) {
      expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces', { session: await as(email) })).status).toBe(200);
      expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces?isDeleted=true', { session: await as(email) })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces?isDeleted=true', { session: await as(demo.senior) })).status).toBe(200);
  });

  it('refuses a caller without a session or organization', async () => {
    expect((await t.call('GET', '/api/Workspaces/getMyWorkspaces')).status).toBe(401);
    const s = await as(demo.owner);
    const r = await t.call('GET', '/api/Workspaces/getMyWorkspaces', { headers: { authorization: `Bearer ${s.token}` } });
    expect(r.status).toBe(403);
  });
});

describe('GET /api/Workspaces/getById/{id}', () => {
  it('answers the workspace', async () => {
    const { status, body } = await t.call<{ name: string }>('GET', `/api/Workspaces/getById/${relief()}`, {
      session: await as(demo.guest),
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: relief(), name: 'East Africa Emergency Response' });
  });

  it("answers 404 for another organization's workspace and for an unknown id", async () => {
    const s = await as(demo.owner);
    expect((await t.call('GET', `/api/Workspaces/getById/${otherWs()}`, { session: s })).status).toBe(404);
    expect((await t.call('GET', '/api/Workspaces/getById/00000000-0000-4000-8000-000000000000', { session: s })).status).toBe(404);
    expect((await t.call('GET', '/api/Workspaces/getById/not-a-uuid', { session: s })).status).toBe(400);
  });
});

describe('POST /api/Workspaces/add', () => {
  it('adds a workspace the creator then sees', async () => {
    const { status, body } = await addWorkspace(demo.senior, '  Sahel Resilience  ', 'Cash transfers');
    expect(status).toBe(200);
    expect(body.message).toBe('Workspace added successfully!');
    const got = await t.call<{ name: string; description: string }>('GET', `/api/Workspaces/getById/${body.data}`, {
      session: await as(demo.senior),
    });
    expect(got.body.data).toMatchObject({ name: 'Sahel Resilience', description: 'Cash transfers' });
  });

  it("answers 'Workspace name is required!' for a blank or missing name", async () => {
    const s = await as(demo.owner);
    for (const body of [{ name: '   ' }, { description: 'x' }]) {
      const r = await t.call('POST', '/api/Workspaces/add', { session: s, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Workspace name is required!');
    }
  });

  it('allows only the admin roles', async () => {
    for (const email of [demo.manager, demo.junior, demo.collector, demo.guest]) {
      expect((await addWorkspace(email, 'Nope')).status).toBe(403);
    }
    for (const email of [demo.owner, demo.superAdmin, demo.admin, demo.senior]) {
      expect((await addWorkspace(email, `By ${email}`)).status).toBe(200);
    }
  });

  it("enforces the plan's workspace limit, and 0 means unlimited", async () => {
    const live = (await t.call<List>('GET', '/api/Workspaces/getMyWorkspaces', { session: await as(demo.owner) })).body.data.totalSize;
    await setPlanLimits({ workspace_limit: live + 1 });
    expect((await addWorkspace(demo.owner, 'The last one')).status).toBe(200);
    const over = await addWorkspace(demo.owner, 'One too many');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ isSuccess: false, message: 'You reached your packet limit for creating workspaces!!' });
    await setPlanLimits({ workspace_limit: 0 });
    expect((await addWorkspace(demo.owner, 'Unlimited now')).status).toBe(200);
  });

  it('does not let two adds at once pass the limit', async () => {
    const live = (await t.call<List>('GET', '/api/Workspaces/getMyWorkspaces', { session: await as(demo.owner) })).body.data.totalSize;
    await setPlanLimits({ workspace_limit: live + 1 });
    const results = await Promise.all([
      addWorkspace(demo.owner, 'Race A'),
      addWorkspace(demo.owner, 'Race B'),
      addWorkspace(demo.admin, 'Race C'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    await setPlanLimits({ workspace_limit: 0 });
  });
});

describe('POST /api/Workspaces/edit', () => {
  it('edits name and description', async () => {
    const id = (await addWorkspace(demo.owner, 'Before')).body.data;
    const r = await t.call('POST', '/api/Workspaces/edit', {
      session: await as(demo.admin),
      body: { id, name: 'After', description: 'New words' },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Workspace edited successfully!');
    const got = await t.call<{ name: string; description: string }>('GET', `/api/Workspaces/getById/${id}`, {
      session: await as(demo.owner),
    });
    expect(got.body.data).toMatchObject({ name: 'After', description: 'New words' });
  });

  it("answers 404 for another organization's workspace, 403 to a project manager, 400 for a blank name", async () => {
    const s = await as(demo.owner);
    expect((await t.call('POST', '/api/Workspaces/edit', { session: s, body: { id: otherWs(), name: 'Mine now' } })).status).toBe(404);
    expect(
      (await t.call('POST', '/api/Workspaces/edit', { session: await as(demo.manager), body: { id: relief(), name: 'x' } })).status,
    ).toBe(403);
    const blank = await t.call('POST', '/api/Workspaces/edit', { session: s, body: { id: relief(), name: '' } });
    expect(blank.body.message).toBe('Workspace name is required!');
    const other = await t.db.selectFrom('workspaces').select('name').where('id', '=', otherWs()).executeTakeFirstOrThrow();
    expect(other.name).toBe('Other Aid Workspace');
  });
});

describe('POST /api/Workspaces/delete', () => {
  it('moves the workspace into the bin; deleting twice changes nothing', async () => {
    const s = await as(demo.owner);
    const id = (await addWorkspace(demo.owner, 'To the bin')).body.data;
    const first = await t.call('POST', '/api/Workspaces/delete', { session: s, body: { id } });
    expect(first.status).toBe(200);
    const row = await t.db.selectFrom('workspaces').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const second = await t.call('POST', '/api/Workspaces/delete', { session: s, body: { id } });
    expect(second.status).toBe(200);
    const again = await t.db.selectFrom('workspaces').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(again.deleted_at).toEqual(row.deleted_at);
    expect((await t.call('GET', `/api/Workspaces/getById/${id}`, { session: s })).status).toBe(404);
    const bin = await t.call<List>('GET', '/api/Workspaces/getMyWorkspaces?isDeleted=true&search=To the bin', { session: s });
    expect(bin.body.data.workspaces).toEqual([expect.objectContaining({ id, deletedAt: expect.any(String) })]);
  });

  it("answers 404 for another organization's workspace and 403 to the roles not allowed", async () => {
    expect((await t.call('POST', '/api/Workspaces/delete', { session: await as(demo.owner), body: { id: otherWs() } })).status).toBe(404);
    expect((await t.call('POST', '/api/Workspaces/delete', { session: await as(demo.manager), body: { id: relief() } })).status).toBe(403);
  });
});
