import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTypes } from '../../schemas/entityTypes';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { addSurvey } from '../support/projectSurveys';

let t: TestApp;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { Workspace, Project, OrganizationMember, Organization } = entityTypes;
const ws = () => t.ids.workspaces['East Africa Emergency Response']!;
const member = (email: string) => t.ids.members.relief![email]!;

async function newWorkspace(name: string) {
  return (await t.call<string>('POST', '/api/Workspaces/add', { session: await as(demo.owner), body: { name } })).body.data;
}
/** In a new workspace only its creator (the owner) is a member, so the owner manages its projects. */
async function newProject(name: string, workspaceId = ws()) {
  const manager = workspaceId === ws() ? demo.manager : demo.owner;
  const r = await t.call<string>('POST', '/api/Projects/add', {
    session: await as(demo.owner),
    body: { name, managerId: member(manager), workspaceId, typeId: 1, countryIds: [1], startDate: '2026-01-01', endDate: '2026-02-01' },
  });
  return r.body.data;
}
async function toggle(email: string, id: string, entityType: number, isDeleted: boolean, permanent?: boolean) {
  const p = permanent === undefined ? '' : `&permanent=${permanent}`;
  return t.call('PUT', `/api/DataCollection/${id}/toggleDeleteOrRestore?entityType=${entityType}&isDeleted=${isDeleted}${p}`, {
    session: await as(email),
  });
}
const deletedAt = async (table: 'workspaces' | 'projects' | 'organization_members', id: string) =>
  (await t.db.selectFrom(table).select('deleted_at').where('id', '=', id).executeTakeFirst())?.deleted_at;

describe('PUT /api/DataCollection/{id}/toggleDeleteOrRestore', () => {
  it('deletes and restores a workspace; restoring what is already restored changes nothing', async () => {
    const id = await newWorkspace('Toggle me');
    expect((await toggle(demo.admin, id, Workspace, true)).status).toBe(200);
    expect(await deletedAt('workspaces', id)).not.toBeNull();
    const restored = await toggle(demo.admin, id, Workspace, false);
    expect(restored.body.message).toBe('Entities restored successfully!');
    expect(await deletedAt('workspaces', id)).toBeNull();
    expect((await toggle(demo.admin, id, Workspace, false)).status).toBe(200);
    expect(await deletedAt('workspaces', id)).toBeNull();
  });

  it('purges only with permanent=true and only what is in the bin; a second purge is 404', async () => {
    const id = await newProject('Purge me');
    expect((await toggle(demo.manager, id, Project, true, true)).status).toBe(409);
    expect((await toggle(demo.manager, id, Project, true)).status).toBe(200);
    expect((await toggle(demo.manager, id, Project, true)).status).toBe(200); // deleting twice: still in the bin
    expect(await deletedAt('projects', id)).not.toBeNull();
    expect((await toggle(demo.manager, id, Project, true, true)).status).toBe(200);
    expect(await deletedAt('projects', id)).toBeUndefined();
    expect((await toggle(demo.manager, id, Project, true, true)).status).toBe(404);
    expect((await toggle(demo.manager, id, Project, false)).status).toBe(404);
  });

  it("answers 404 for another organization's ids of every type", async () => {
    const other = {
      [Workspace]: t.ids.workspaces['Other Aid Workspace']!,
      [Project]: t.ids.projects['Other Aid Water Points']!,
      [OrganizationMember]: t.ids.members.other![demo.other]!,
    };
    for (const [type, id] of Object.entries(other)) {
      for (const isDeleted of [true, false]) expect((await toggle(demo.owner, id, Number(type), isDeleted)).status).toBe(404);
    }
    expect((await toggle(demo.owner, t.ids.organizations.other!, Organization, true)).status).toBe(404);
    expect(await deletedAt('workspaces', other[Workspace])).toBeNull();
  });

  it('allows each entity type to its roles only (403 otherwise)', async () => {
    const w = await newWorkspace('Roles');
    expect((await toggle(demo.manager, w, Workspace, true)).status).toBe(403);
    expect((await toggle(demo.junior, ws(), Project, true)).status).toBe(403);
    expect((await toggle(demo.guest, t.ids.projects['Household Needs Assessment 2026']!, Project, true)).status).toBe(403);
    expect((await toggle(demo.manager, member(demo.guest), OrganizationMember, true)).status).toBe(403);
    // User (11) has no bin.
    expect((await toggle(demo.admin, ws(), entityTypes.User, true)).status).toBe(400);
    // Targets have a bin: the manager roles use it, a guest does not; a workspace's id is no target.
    expect((await toggle(demo.guest, ws(), entityTypes.Target, true)).status).toBe(403);
    expect((await toggle(demo.admin, ws(), entityTypes.Target, true)).status).toBe(404);
    // Tasks have a bin: their managers use it, a guest does not; a workspace's id is no task.
    expect((await toggle(demo.guest, ws(), entityTypes.Task, true)).status).toBe(403);
    expect((await toggle(demo.admin, ws(), entityTypes.Task, true)).status).toBe(404);
    // Surveys have a bin since the builder: a workspace's id is no survey.
    expect((await toggle(demo.admin, ws(), entityTypes.Survey, true)).status).toBe(404);
  });

  it("refuses to delete a workspace whose projects have surveys, with the spec's message", async () => {
    const w = await newWorkspace('Has surveys');
    const p = await newProject('With a survey', w);
    await addSurvey(t, t.ids.organizations.relief!, p);
    const r = await toggle(demo.owner, w, Workspace, true);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("One or more of the projects in this workspace have surveys and can't be deleted!");
    const viaDelete = await t.call('POST', '/api/Workspaces/delete', { session: await as(demo.owner), body: { id: w } });
    expect(viaDelete.body.message).toBe("One or more of the projects in this workspace have surveys and can't be deleted!");
    expect(await deletedAt('workspaces', w)).toBeNull();
  });

  it('counts a restore against the workspace limit', async () => {
    const w = await newWorkspace('Limit restore');
    await toggle(demo.owner, w, Workspace, true);
    const live = (await t.call<{ totalSize: number }>('GET', '/api/Workspaces/getMyWorkspaces', { session: await as(demo.owner) })).body
      .data.totalSize;
    await t.db.updateTable('plans').set({ workspace_limit: live }).where('name', '=', 'Premium').execute();
    const r = await toggle(demo.owner, w, Workspace, false);
    expect(r.body.message).toBe('You reached your packet limit for creating workspaces!!');
    await t.db.updateTable('plans').set({ workspace_limit: 0 }).where('name', '=', 'Premium').execute();
    expect((await toggle(demo.owner, w, Workspace, false)).status).toBe(200);
  });

  it('counts a restore against the projects-per-workspace limit', async () => {
    const p = await newProject('Limit restore project');
    await toggle(demo.owner, p, Project, true);
    const live = (
      await t.call<{ totalSize: number }>('GET', `/api/Projects/getMyProjectsInWorkspace/${ws()}`, { session: await as(demo.owner) })
    ).body.data.totalSize;
    await t.db.updateTable('plans').set({ projects_limit: live }).where('name', '=', 'Premium').execute();
    expect((await toggle(demo.owner, p, Project, false)).body.message).toBe(
      'You reached your packet limit for creating projects in workspace!!',
    );
    await t.db.updateTable('plans').set({ projects_limit: 0 }).where('name', '=', 'Premium').execute();
  });
});

describe('PUT /api/DataCollection/bulkToggleDeleteOrRestore', () => {
  it('deletes, restores and purges a selection', async () => {
    const ids = [await newProject('Bulk 1'), await newProject('Bulk 2')];
    const s = await as(demo.senior);
    const del = await t.call('PUT', `/api/DataCollection/bulkToggleDeleteOrRestore?entityType=${Project}&isDeleted=true`, {
      session: s,
      body: ids,
    });
    expect(del.body.message).toBe('Entities have been deleted successfully!');
    for (const id of ids) expect(await deletedAt('projects', id)).not.toBeNull();
    const res = await t.call('PUT', `/api/DataCollection/bulkToggleDeleteOrRestore?entityType=${Project}&isDeleted=false`, {
      session: s,
      body: ids,
    });
    expect(res.body.message).toBe('Entities restored successfully!');
    for (const id of ids) expect(await deletedAt('projects', id)).toBeNull();
    await t.call('PUT', `/api/DataCollection/bulkToggleDeleteOrRestore?entityType=${Project}&isDeleted=true`, { session: s, body: ids });
    const purge = await t.call('PUT', `/api/DataCollection/bulkToggleDeleteOrRestore?entityType=${Project}&isDeleted=true&permanent=true`, {
      session: s,
      body: ids,
    });
    expect(purge.status).toBe(200);
    for (const id of ids) expect(await deletedAt('projects', id)).toBeUndefined();
  });

  it("changes nothing when one id is another organization's (404)", async () => {
    const mine = await newProject('Bulk mine');
    const r = await t.call('PUT', `/api/DataCollection/bulkToggleDeleteOrRestore?entityType=${Project}&isDeleted=true`, {
      session: await as(demo.owner),
      body: [mine, t.ids.projects['Other Aid Water Points']],
    });
    expect(r.status).toBe(404);
    expect(await deletedAt('projects', mine)).toBeNull();
  });

  it('refuses the roles not allowed and an empty selection', async () => {
    const r = await t.call('PUT', `/api/DataCollection/bulkToggleDeleteOrRestore?entityType=${Workspace}&isDeleted=true`, {
      session: await as(demo.manager),
      body: [ws()],
    });
    expect(r.status).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/DataCollection/bulkToggleDeleteOrRestore?entityType=${Project}&isDeleted=true`, {
          session: await as(demo.guest),
          body: [ws()],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/DataCollection/bulkToggleDeleteOrRestore?entityType=${Project}&isDeleted=true`, {
          session: await as(demo.owner),
          body: [],
        })
      ).status,
    ).toBe(400);
  });
});

describe('POST /api/DataCollection/permanentlyDeleteOrRestoreAllProjectsInWorkspace', () => {
  const all = async (email: string, query: string) =>
    t.call<{ count: number }>('POST', `/api/DataCollection/permanentlyDeleteOrRestoreAllProjectsInWorkspace?${query}`, {
      session: await as(email),
    });

  it("restores all, then deletes all, of one workspace's bin", async () => {
    const w = await newWorkspace('All projects');
    const ids = [await newProject('All 1', w), await newProject('All 2', w)];
    const kept = await newProject('Other workspace bin');
    for (const id of [...ids, kept]) await toggle(demo.owner, id, Project, true);
    const restored = await all(demo.admin, `workspaceId=${w}&isDeleted=false&restoreAll=true`);
    expect(restored.body.data.count).toBe(2);
    for (const id of ids) expect(await deletedAt('projects', id)).toBeNull();
    for (const id of ids) await toggle(demo.owner, id, Project, true);
    const purged = await all(demo.owner, `workspaceId=${w}&isDeleted=true`);
    expect(purged.body.data.count).toBe(2);
    for (const id of ids) expect(await deletedAt('projects', id)).toBeUndefined();
    expect(await deletedAt('projects', kept)).not.toBeNull();
    expect((await all(demo.owner, `workspaceId=${w}&isDeleted=true`)).body.data.count).toBe(0);
  });

  it('acts on one project with projectId, which must be in that workspace', async () => {
    const p = await newProject('Single in all');
    await toggle(demo.owner, p, Project, true);
    const other = await newWorkspace('Wrong workspace');
    expect((await all(demo.owner, `workspaceId=${other}&projectId=${p}&isDeleted=false`)).status).toBe(404);
    expect((await all(demo.owner, `workspaceId=${ws()}&projectId=${p}&isDeleted=false`)).status).toBe(200);
    expect(await deletedAt('projects', p)).toBeNull();
  });

  it("answers 404 for another organization's workspace, 403 to a Guest, 400 for contradicting flags", async () => {
    expect((await all(demo.owner, `workspaceId=${t.ids.workspaces['Other Aid Workspace']}&isDeleted=true`)).status).toBe(404);
    expect((await all(demo.guest, `workspaceId=${ws()}&isDeleted=true`)).status).toBe(403);
    expect((await all(demo.owner, `workspaceId=${ws()}&isDeleted=true&restoreAll=true`)).status).toBe(400);
    expect(await deletedAt('projects', t.ids.projects['Other Aid Water Points']!)).toBeNull();
  });
});

describe('POST /api/Workspaces/permanentlyDeleteOrRestoreAllWorkspacesOfUser', () => {
  it('restores all and deletes all workspaces in the bin, for admin roles only', async () => {
    const a = await newWorkspace('Bin all A');
    const b = await newWorkspace('Bin all B');
    for (const id of [a, b]) await toggle(demo.owner, id, Workspace, true);
    const url = '/api/Workspaces/permanentlyDeleteOrRestoreAllWorkspacesOfUser';
    expect((await t.call('POST', `${url}?isDeleted=false`, { session: await as(demo.manager) })).status).toBe(403);
    expect((await t.call('POST', `${url}?isDeleted=false&restoreAll=true`, { session: await as(demo.admin) })).status).toBe(200);
    expect(await deletedAt('workspaces', a)).toBeNull();
    for (const id of [a, b]) await toggle(demo.owner, id, Workspace, true);
    const r = await t.call<{ count: number }>('POST', `${url}?isDeleted=true`, { session: await as(demo.admin) });
    expect(r.body.data.count).toBeGreaterThanOrEqual(2);
    expect(await deletedAt('workspaces', a)).toBeUndefined();
    expect(await deletedAt('workspaces', t.ids.workspaces['Other Aid Workspace']!)).toBeNull();
  });
});
