// Targets: a survey's target (its builder's collection goal until one is saved), saving one by hand or
// from the calculator, split across location groups, progress from submissions (all or approved only)
// per location group through the tasks they came by, the pace flags, the recycle bin (Target 13), the
// roles, and another organization's targets answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { entityTypes } from '../../schemas/entityTypes';
import type { TargetRow } from '../../schemas/targets';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { completeDemoAnswers, createSurvey, demoSurveyOf, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
const as = personas(() => t);
let survey: TestSurvey;
let groups: string[];
let otherWorkspaceGroup: string;
const project = () => t.ids.projects['Household Needs Assessment 2026']!;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

type Page = { targets: TargetRow[]; totalSize: number };
const list = async (who: string | Session = demo.manager, query: Record<string, string> = {}) =>
  t.call<Page>('GET', '/api/Targets/getTargets', {
    session: typeof who === 'string' ? await as(who) : who,
    query: { ProjectId: project(), ...query },
  });
const ofSurvey = async (who: string = demo.manager, surveyId = survey.id) =>
  t.call<TargetRow>('GET', '/api/Targets/getSurveyTarget', { session: await as(who), query: { surveyId } });
const save = async (body: Record<string, unknown>, who: string = demo.manager) =>
  t.call<TargetRow>('POST', '/api/Targets/save', { session: await as(who), body: { surveyId: survey.id, ...body } });
const toggle = async (id: string, isDeleted: boolean, who: string = demo.manager) =>
  t.call('PUT', `/api/DataCollection/${id}/toggleDeleteOrRestore`, {
    session: await as(who),
    query: { entityType: String(entityTypes.Target), isDeleted: String(isDeleted) },
  });

async function insertGroup(workspaceId: string, name: string): Promise<string> {
  return (
    await t.db
      .insertInto('location_groups')
      .values({ organization_id: t.ids.organizations.relief!, workspace_id: workspaceId, name })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A submission that came by a task of the location group (or by the public link without one). */
async function submitIn(groupId: string | null): Promise<string> {
  if (!groupId) return (await submit(t, survey, completeDemoAnswers)).body.data.id;
  const collector = await as(demo.collector);
  const task = await t.call<{ taskIds: string[] }>('POST', '/api/Task/createTask', {
    session: await as(demo.manager),
    body: { surveyId: survey.id, dataCollectorIds: [t.ids.members.relief![demo.collector]], collectionType: 1, locationGroupId: groupId },
  });
  expect(task.status).toBe(200);
  const r = await submit(t, survey, completeDemoAnswers, { linkUuid: null, taskId: task.body.data.taskIds[0]!, session: collector });
  expect(r.status).toBe(200);
  return r.body.data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  survey = await demoSurveyOf(t);
  const ws = (await t.db.selectFrom('projects').select('workspace_id').where('id', '=', project()).executeTakeFirstOrThrow()).workspace_id;
  groups = [await insertGroup(ws, 'Kakuma camp'), await insertGroup(ws, 'Lodwar town')];
  const elsewhere = await t.db
    .insertInto('workspaces')
    .values({ organization_id: t.ids.organizations.relief!, name: 'Another workspace' })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherWorkspaceGroup = await insertGroup(elsewhere.id, 'Somewhere else');
});
afterAll(() => t.close());

describe('GET /api/Targets/getTargets', () => {
  it("lists each survey of the project with its builder's collection goal until a target is saved", async () => {
    const r = await list();
    expect(r.status).toBe(200);
    const row = r.body.data.targets.find((x) => x.surveyId === survey.id)!;
    expect(row).toMatchObject({ id: null, source: 'goal', total: 15, counted: 0, status: 'open', strata: [] });
    expect(r.body.data.totalSize).toBe(r.body.data.targets.length);
  });

  it('is open to the project menu roles, not to the data collector', async () => {
    expect((await list(demo.guest)).status).toBe(200);
    expect((await list(demo.junior)).status).toBe(200);
    expect((await list(demo.collector)).status).toBe(403);
  });
});

describe('POST /api/Targets/save', () => {
  it('saves a target split across location groups and counts submissions per group by their task', async () => {
    const saved = await save({
      total: 12,
      startDate: day(-5),
      deadline: day(20),
      calculation: {
        confidence: 95,
        marginOfError: 5,
        proportion: 50,
        designEffect: 1,
        responseRate: 100,
        population: 12,
        method: 'proportional',
      },
      strata: [
        { locationGroupId: groups[0], target: 8, population: 800 },
        { locationGroupId: groups[1], target: 4, population: 400 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('The target has been saved.');
    expect(saved.body.data).toMatchObject({ source: 'calculator', total: 12, startDate: day(-5), deadline: day(20), counted: 0 });
    expect(saved.body.data.strata.map((s) => [s.name, s.target, s.population])).toEqual([
      ['Kakuma camp', 8, 800],
      ['Lodwar town', 4, 400],
    ]);

    await submitIn(groups[0]!);
    await submitIn(groups[0]!);
    await submitIn(groups[1]!);
    await submitIn(null);
    const row = (await ofSurvey()).body.data;
    expect(row.counted).toBe(4);
    expect(row.percent).toBe(33.3);
    expect(row.strata.map((s) => [s.counted, s.percent])).toEqual([
      [2, 25],
      [1, 25],
    ]);
    expect(row.outsideStrata).toBe(1);
  });

  it('replaces the survey’s target when saved again: one target per survey', async () => {
    const r = await save({ total: 30, strata: [] });
    expect(r.body.data).toMatchObject({ source: 'manual', total: 30, strata: [], counted: 4, deadline: null, status: 'open' });
    const rows = (await list()).body.data.targets.filter((x) => x.surveyId === survey.id);
    expect(rows).toHaveLength(1);
    expect(await t.db.selectFrom('targets').select('id').where('survey_id', '=', survey.id).execute()).toHaveLength(1);
  });

  it('puts the target last saved on the first page, however many newer surveys the project has', async () => {
    const newer = [];
    for (let i = 0; i < 11; i++) newer.push(await createSurvey(t, [q.text('name')]));
    await save({ total: 31, strata: [] });
    const first = (await list()).body.data.targets;
    expect(first[0]).toMatchObject({ surveyId: survey.id, total: 31 });
    // The surveys still on their goal follow, the newest first.
    const goals = first.filter((r) => r.id === null).map((r) => r.surveyId);
    expect(goals.slice(0, 2)).toEqual([newer[10]!.id, newer[9]!.id]);
    await t.db
      .deleteFrom('surveys')
      .where(
        'id',
        'in',
        newer.map((n) => n.id),
      )
      .execute();
  });

  it('counts approved submissions only when the target says so', async () => {
    const approved = await submitIn(null);
    await t.db.updateTable('submissions').set({ review_status: 1 }).where('id', '=', approved).execute();
    const r = await save({ total: 10, approvedOnly: true });
    expect(r.body.data).toMatchObject({ approvedOnly: true, counted: 1 });
  });

  it('flags a target behind its pace, overdue past its deadline, and reached', async () => {
    // 100 over 11 days, 10 days in: the pace asks for about 90, there are 5.
    expect((await save({ total: 100, startDate: day(-10), deadline: day(0) })).body.data).toMatchObject({ status: 'behind' });
    expect((await save({ total: 100, startDate: day(-10), deadline: day(-1) })).body.data).toMatchObject({ status: 'overdue' });
    expect((await save({ total: 5, startDate: day(-10), deadline: day(-1) })).body.data).toMatchObject({ status: 'reached', percent: 100 });
    expect((await save({ total: 6, startDate: day(0), deadline: day(30) })).body.data).toMatchObject({ status: 'onTrack' });
  });

  it('refuses strata above the whole, a group named twice or of another workspace, a deadline before the start', async () => {
    const over = await save({ total: 5, strata: [{ locationGroupId: groups[0], target: 6 }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The location groups together have more than the whole target.');
    const twice = await save({
      total: 5,
      strata: [
        { locationGroupId: groups[0], target: 1 },
        { locationGroupId: groups[0], target: 1 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors.join(' ')).toMatch(/strata\[1\]\.locationGroupId/);
    const elsewhere = await save({ total: 5, strata: [{ locationGroupId: otherWorkspaceGroup, target: 1 }] });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors.join(' ')).toMatch(/strata\[0\]\.locationGroupId/);
    const backwards = await save({ total: 5, startDate: day(3), deadline: day(1) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.join(' ')).toMatch(/deadline/);
    expect((await save({ total: 0 })).status).toBe(400);
    expect((await save({ total: 5, strata: [{ locationGroupId: 'x', target: 1 }] })).status).toBe(400);
    expect((await save({ total: '5' })).status).toBe(400);
  });

  it('lets the manager roles set targets; refuses the junior manager, the guest and the collector', async () => {
    expect((await save({ total: 20 }, demo.owner)).status).toBe(200);
    expect((await save({ total: 20 }, demo.senior)).status).toBe(200);
    expect((await save({ total: 20 }, demo.junior)).status).toBe(403);
    expect((await save({ total: 20 }, demo.guest)).status).toBe(403);
    expect((await save({ total: 20 }, demo.collector)).status).toBe(403);
  });
});

describe('the recycle bin (Target 13)', () => {
  it('deletes a target back to the collection goal, lists it in the bin, restores it', async () => {
    const id = (await save({ total: 42 })).body.data.id!;
    expect((await toggle(id, true)).status).toBe(200);
    expect((await ofSurvey()).body.data).toMatchObject({ id: null, source: 'goal', total: 15 });
    const bin = (await list(demo.manager, { isDeleted: 'true' })).body.data.targets;
    expect(bin.map((x) => [x.id, x.total])).toEqual([[id, 42]]);
    expect(bin[0]!.deletedAt).toBeTruthy();
    expect((await toggle(id, false)).status).toBe(200);
    expect((await ofSurvey()).body.data).toMatchObject({ id, total: 42 });
    expect((await list(demo.manager, { isDeleted: 'true' })).body.data.targets).toEqual([]);
  });

  it('refuses to restore a target beside the survey’s live one, and the guest', async () => {
    const first = (await save({ total: 42 })).body.data.id!;
    expect((await toggle(first, true, demo.guest)).status).toBe(403);
    await toggle(first, true);
    const second = (await save({ total: 50 })).body.data.id!;
    expect(second).not.toBe(first);
    const r = await toggle(first, false);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('This survey already has a target. Delete it before restoring another.');
    expect((await ofSurvey()).body.data.id).toBe(second);
  });
});

describe('another organization', () => {
  it("answers 404 for Demo Relief's project, survey and target, and changes nothing", async () => {
    const id = (await ofSurvey()).body.data.id!;
    const other = await as(demo.other);
    const r = await list(other);
    expect(r.status).toBe(404);
    expect((await t.call('GET', '/api/Targets/getSurveyTarget', { session: other, query: { surveyId: survey.id } })).status).toBe(404);
    expect((await t.call('POST', '/api/Targets/save', { session: other, body: { surveyId: survey.id, total: 1 } })).status).toBe(404);
    const bin = await t.call('PUT', `/api/DataCollection/${id}/toggleDeleteOrRestore`, {
      session: other,
      query: { entityType: String(entityTypes.Target), isDeleted: 'true' },
    });
    expect(bin.status).toBe(404);
    expect((await ofSurvey()).body.data).toMatchObject({ id, total: 50 });
  });
});
