import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { addSubmission, addSurvey } from '../support/projectSurveys';

let t: TestApp;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Project = {
  id: string;
  name: string;
  manager: { id: string; fullName: string } | null;
  countOfSurveys: number;
  projectMembers: { id: string }[];
  deletedAt: string | null;
};
type List = { projects: Project[]; totalSize: number };
const ws = () => t.ids.workspaces['East Africa Emergency Response']!;
const seeded = () => t.ids.projects['Household Needs Assessment 2026']!;
const member = (email: string) => t.ids.members.relief![email]!;
const relief = () => t.ids.organizations.relief!;

async function createProject(email: string, over: Record<string, unknown> = {}) {
  return t.call<string>('POST', '/api/Projects/add', {
    session: await as(email),
    body: {
      name: 'Cholera response',
      description: 'WASH monitoring',
      managerId: member(demo.manager),
      members: [member(demo.junior)],
      workspaceId: ws(),
      typeId: 1,
      countryIds: [1, 2],
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      ...over,
    },
  });
}
const list = async (email: string, query = '') =>
  t.call<List>('GET', `/api/Projects/getMyProjectsInWorkspace/${ws()}${query}`, { session: await as(email) });

describe('GET /api/Projects/getMyProjectsInWorkspace/{workspaceId}', () => {
  it('lists projects with manager, members and survey count', async () => {
    const { status, body } = await list(demo.owner);
    expect(status).toBe(200);
    const p = body.data.projects.find((x) => x.id === seeded())!;
    expect(p).toMatchObject({
      name: 'Household Needs Assessment 2026',
      manager: { fullName: 'Marcus Manager' },
      countOfSurveys: expect.any(Number),
      importedBeneficiaryTableIds: [],
    });
    expect(p.projectMembers.length).toBeGreaterThan(1);
    expect(body.data.totalSize).toBe(body.data.projects.length);
  });

  it('shows others only the projects they manage or belong to', async () => {
    const id = (await createProject(demo.owner, { name: 'Not for Joy', managerId: member(demo.senior), members: [] })).body.data;
    const joy = await list(demo.junior, '?pageSize=100');
    expect(joy.body.data.projects.map((p) => p.id)).not.toContain(id);
    expect(joy.body.data.projects.map((p) => p.id)).toContain(seeded());
    const owner = await list(demo.owner, '?pageSize=100');
    expect(owner.body.data.projects.map((p) => p.id)).toContain(id);
  });

  it('searches and pages', async () => {
    await createProject(demo.owner, { name: 'Paging one' });
    await createProject(demo.owner, { name: 'Paging two' });
    const page = await list(demo.owner, '?search=paging&page=2&pageSize=1');
    expect(page.body.data.totalSize).toBe(2);
    expect(page.body.data.projects).toHaveLength(1);
  });

  it('refuses a DataCollector, and the bin to a JuniorProjectManager or Guest', async () => {
    expect((await list(demo.collector)).status).toBe(403);
    expect((await list(demo.guest)).status).toBe(200);
    expect((await list(demo.guest, '?isDeleted=true')).status).toBe(403);
    expect((await list(demo.junior, '?isDeleted=true')).status).toBe(403);
    expect((await list(demo.manager, '?isDeleted=true')).status).toBe(200);
  });

  it("answers 404 for another organization's workspace", async () => {
    const r = await t.call('GET', `/api/Projects/getMyProjectsInWorkspace/${t.ids.workspaces['Other Aid Workspace']}`, {
      session: await as(demo.owner),
    });
    expect(r.status).toBe(404);
  });
});

describe('POST /api/Projects/add', () => {
  it('creates the project with the manager on the team, and answers its id', async () => {
    const { status, body } = await createProject(demo.manager, {
      name: 'Created by a manager',
      managerId: member(demo.senior),
      members: [],
    });
    expect(status).toBe(200);
    const detail = await t.call<Project & { countries: { code: string }[]; countOfMembers: number }>(
      'GET',
      `/api/Projects/getById/${body.data}`,
      { session: await as(demo.manager) },
    );
    expect(detail.body.data).toMatchObject({
      name: 'Created by a manager',
      manager: { id: member(demo.senior) },
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    // The manager and the creator (who would otherwise not see it) are both members.
    expect(detail.body.data.projectMembers.map((m) => m.id).sort()).toEqual([member(demo.senior), member(demo.manager)].sort());
    expect(detail.body.data.countries).toHaveLength(2);
  });

  it("answers every broken rule in the form's words", async () => {
    const r = await createProject(demo.owner, {
      name: ' ',
      managerId: undefined,
      countryIds: [],
      startDate: '2026-05-01',
      endDate: '2026-04-01',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please specify the official title of the project.');
    expect(r.body.errors).toEqual([
      'Please specify the official title of the project.',
      'Specify the name and designation of the assigned project manager.',
      'Specify the country of origin or primary activity for the project.',
      'Please select a timeline for the project.',
    ]);
  });

  it('refuses a DataCollector or Guest as manager, and team members from outside the workspace', async () => {
    for (const email of [demo.collector, demo.guest]) {
      const r = await createProject(demo.owner, { managerId: member(email) });
      expect(r.body.message).toBe('The project manager must be a member of this workspace who is not a Data Collector or Guest.');
    }
    const outsider = t.ids.members.other![demo.other]!;
    expect((await createProject(demo.owner, { managerId: outsider })).status).toBe(400);
    expect((await createProject(demo.owner, { members: [outsider] })).body.message).toBe('Team members must be members of this workspace.');
  });

  it('refuses the disabled feedback type and unknown countries', async () => {
    expect((await createProject(demo.owner, { typeId: 2 })).body.message).toBe('This project type is not available.');
    expect((await createProject(demo.owner, { typeId: 99 })).status).toBe(404);
    expect((await createProject(demo.owner, { countryIds: [999999] })).status).toBe(400);
  });

  it('allows the five manager roles only', async () => {
    for (const email of [demo.junior, demo.collector, demo.guest]) expect((await createProject(email)).status).toBe(403);
    for (const email of [demo.owner, demo.superAdmin, demo.admin, demo.senior, demo.manager])
      expect((await createProject(email)).status).toBe(200);
  });

  it("answers 404 for another organization's workspace", async () => {
    expect((await createProject(demo.owner, { workspaceId: t.ids.workspaces['Other Aid Workspace'] })).status).toBe(404);
  });

  it("enforces the plan's projects-per-workspace limit, and 0 means unlimited", async () => {
    const live = (await list(demo.owner)).body.data.totalSize;
    await t.db
      .updateTable('plans')
      .set({ projects_limit: live + 1 })
      .where('name', '=', 'Premium')
      .execute();
    expect((await createProject(demo.owner, { name: 'Last allowed' })).status).toBe(200);
    const over = await createProject(demo.owner, { name: 'Over' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('You reached your packet limit for creating projects in workspace!!');
    await t.db.updateTable('plans').set({ projects_limit: 0 }).where('name', '=', 'Premium').execute();
    expect((await createProject(demo.owner, { name: 'Unlimited' })).status).toBe(200);
  });
});

describe('POST /api/Projects/delete', () => {
  it('moves the project into the bin; deleting twice changes nothing', async () => {
    const id = (await createProject(demo.owner, { name: 'Delete me' })).body.data;
    const s = await as(demo.manager);
    expect((await t.call('POST', '/api/Projects/delete', { session: s, body: { id } })).status).toBe(200);
    expect((await t.call('POST', '/api/Projects/delete', { session: s, body: { id } })).status).toBe(200);
    const bin = await list(demo.manager, '?isDeleted=true&search=Delete me');
    expect(bin.body.data.projects).toEqual([expect.objectContaining({ id, deletedAt: expect.any(String) })]);
    expect((await t.call('GET', `/api/Projects/getById/${id}`, { session: s })).status).toBe(404);
  });

  it("answers 404 for another organization's project and for a project the manager cannot see, 403 to a Guest", async () => {
    const s = await as(demo.owner);
    expect(
      (await t.call('POST', '/api/Projects/delete', { session: s, body: { id: t.ids.projects['Other Aid Water Points'] } })).status,
    ).toBe(404);
    const hidden = (await createProject(demo.owner, { name: 'Hidden from Mina', managerId: member(demo.senior), members: [] })).body.data;
    expect((await t.call('POST', '/api/Projects/delete', { session: await as(demo.multi), body: { id: hidden } })).status).toBe(404);
    expect((await t.call('POST', '/api/Projects/delete', { session: await as(demo.guest), body: { id: seeded() } })).status).toBe(403);
  });
});

describe('GET /api/Projects/getAllProjectTypes and getProjectsOfOrganization', () => {
  it('lists both types, feedback disabled', async () => {
    const r = await t.call<{ id: number; name: string; enabled: boolean }[]>('GET', '/api/Projects/getAllProjectTypes', {
      session: await as(demo.guest),
    });
    expect(r.body.data).toEqual([
      { id: 1, name: 'Data collection', enabled: true },
      { id: 2, name: 'Feedback collection', enabled: false },
    ]);
    expect((await t.call('GET', '/api/Projects/getAllProjectTypes', { session: await as(demo.collector) })).status).toBe(403);
  });

  it("lists the organization's live projects with their workspace, and nothing of another organization", async () => {
    const r = await t.call<{ id: string; workspaceName: string }[]>('GET', '/api/Projects/getProjectsOfOrganization', {
      session: await as(demo.owner),
    });
    expect(r.body.data.map((p) => p.id)).toContain(seeded());
    expect(r.body.data.map((p) => p.id)).not.toContain(t.ids.projects['Other Aid Water Points']);
    expect(r.body.data.every((p) => p.workspaceName.length > 0)).toBe(true);
  });
});

describe('GET /api/Projects/getById/{id} (the dashboard)', () => {
  it('counts surveys, members and submissions', async () => {
    const id = (await createProject(demo.owner, { name: 'Counted' })).body.data;
    const survey = await addSurvey(t, relief(), id);
    await addSubmission(t, relief(), survey);
    await addSubmission(t, relief(), survey);
    const r = await t.call<{ countOfSurveys: number; countOfMembers: number; countOfSubmissions: number; workspaceName: string }>(
      'GET',
      `/api/Projects/getById/${id}`,
      {
        session: await as(demo.owner),
      },
    );
    expect(r.body.data).toMatchObject({
      countOfSurveys: 1,
      countOfMembers: 2,
      countOfSubmissions: 2,
      workspaceName: 'East Africa Emergency Response',
    });
  });

  it("answers 404 for another organization's project and 403 to a DataCollector", async () => {
    expect(
      (await t.call('GET', `/api/Projects/getById/${t.ids.projects['Other Aid Water Points']}`, { session: await as(demo.owner) })).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/Projects/getById/${seeded()}`, { session: await as(demo.collector) })).status).toBe(403);
  });
});
