// Removed members in the recycle bins, one bin per entity type: a member removed from one
// project (ProjectMember 17, and Member 7, the code the project page's original sent for the same row),
// and a membership of the organization (OrganizationMember 12). Each is listed where its view reads it,
// and restores, one at a time and as a selection, within the caller's organization and projects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTypes } from '../../schemas/entityTypes';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';

let t: TestApp;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { Member, ProjectMember, OrganizationMember } = entityTypes;
const project = () => t.ids.projects['Household Needs Assessment 2026']!;
type Row = { projectMemberId: string; organizationMemberId: string; email: string };
const projectMembers = async (who: string, query = '') =>
  (
    await t.call<{ members: Row[]; totalSize: number }>('GET', `/api/Projects/getAllProjectMembers/${project()}?PageSize=100${query}`, {
      session: await as(who),
    })
  ).body.data;
const orgMembers = async (query = '') =>
  (
    await t.call<{ members: Row[]; totalSize: number }>('GET', `/api/Members/getAllMembersOfOrganization?pageSize=100${query}`, {
      session: await as(demo.owner),
    })
  ).body.data;
const toggle = async (who: string, id: string, entityType: number, isDeleted: boolean) =>
  t.call('PUT', `/api/DataCollection/${id}/toggleDeleteOrRestore?entityType=${entityType}&isDeleted=${isDeleted}`, {
    session: await as(who),
  });
const bulk = async (who: string, ids: string[], entityType: number, isDeleted: boolean) =>
  t.call('PUT', `/api/DataCollection/bulkToggleDeleteOrRestore?entityType=${entityType}&isDeleted=${isDeleted}`, {
    session: await as(who),
    body: ids,
  });
const rowOf = async (email: string) => (await projectMembers(demo.manager)).members.find((m) => m.email === email)!;

describe.each([
  ['ProjectMember 17', ProjectMember],
  ['Member 7', Member],
])('a member removed from a project (%s)', (_name, entityType) => {
  it('is listed in the deleted members of that project only, and restores', async () => {
    const row = await rowOf(demo.guest);
    expect((await toggle(demo.manager, row.projectMemberId, entityType, true)).status).toBe(200);
    expect((await projectMembers(demo.manager)).members.map((m) => m.email)).not.toContain(demo.guest);
    expect((await projectMembers(demo.manager, '&isDeleted=true')).members.map((m) => m.projectMemberId)).toContain(row.projectMemberId);
    // Still in the organization: the organization's bin does not list them.
    expect((await orgMembers('&isDeleted=true')).members.map((m) => m.email)).not.toContain(demo.guest);
    expect((await toggle(demo.manager, row.projectMemberId, entityType, false)).status).toBe(200);
    expect((await projectMembers(demo.manager)).members.map((m) => m.email)).toContain(demo.guest);
    expect((await projectMembers(demo.manager, '&isDeleted=true')).totalSize).toBe(0);
  });

  it('restores as a selection; another organization and a junior manager are refused', async () => {
    const ids = [(await rowOf(demo.guest)).projectMemberId, (await rowOf(demo.collector)).projectMemberId];
    expect((await bulk(demo.manager, ids, entityType, true)).status).toBe(200);
    expect((await projectMembers(demo.manager, '&isDeleted=true')).totalSize).toBe(2);
    expect((await bulk(demo.other, ids, entityType, false)).status).toBe(404);
    expect((await bulk(demo.junior, ids, entityType, false)).status).toBe(403);
    expect((await bulk(demo.manager, ids, entityType, false)).status).toBe(200);
    expect((await projectMembers(demo.manager, '&isDeleted=true')).totalSize).toBe(0);
  });
});

describe('a membership removed from the organization (OrganizationMember 12)', () => {
  it('is listed in the deleted users, restores one at a time and as a selection', async () => {
    const guest = t.ids.members.relief![demo.guest]!;
    const collector = t.ids.members.relief![demo.collector]!;
    expect((await bulk(demo.owner, [guest, collector], OrganizationMember, true)).status).toBe(200);
    expect((await orgMembers('&isDeleted=true')).members.map((m) => m.organizationMemberId).sort()).toEqual([guest, collector].sort());
    // Out of the organization, out of its projects' lists too.
    expect((await projectMembers(demo.owner)).members.map((m) => m.email)).not.toContain(demo.guest);
    expect((await toggle(demo.owner, guest, OrganizationMember, false)).status).toBe(200);
    expect((await bulk(demo.owner, [collector], OrganizationMember, false)).status).toBe(200);
    expect((await orgMembers('&isDeleted=true')).totalSize).toBe(0);
    expect((await projectMembers(demo.owner)).members.map((m) => m.email)).toEqual(expect.arrayContaining([demo.guest, demo.collector]));
  });
});
