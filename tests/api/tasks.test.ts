// Tasks: assigning a Deployed survey to data collectors, the collector's tasks, statistics,
// starting and rejecting, the task management lists and their filters, and the task link a submission
// arrives through: role rules, other tenants' surveys and other collectors' tasks refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { entityTypes } from '../../schemas/entityTypes';
import { roleByName } from '../../schemas/roles';
import { hashPassword } from '../../server/auth/passwords';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { completeDemoAnswers, demoSurveyOf, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
const as = personas(() => t);
let survey: TestSurvey;
let collectorId: string;
let secondId: string;
let second: Session;
let kenya: number;
const project = () => t.ids.projects['Household Needs Assessment 2026']!;

type Task = {
  id: string;
  status: number;
  statusName: string;
  surveyName: string;
  collectionRound: number;
  enumeratorName: string;
  note: string;
  rejectionReason: string | null;
  locationName: string | null;
  languageCode: string;
  tasksDeadline: string | null;
};
type Page = { tasks: Task[]; totalSize: number };

/** A second data collector of the project who can sign in. */
async function addCollector(email: string, fullName: string): Promise<{ memberId: string; session: Session }> {
  const english = (await t.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow()).id;
  const r = await t.call<{ organizationMemberId: string }>('POST', '/api/Members/add', {
    session: await as(demo.manager),
    body: {
      fullName,
      email,
      roleId: roleByName('DataCollector')!.id,
      languages: [english],
      locationId: kenya,
      gender: 0,
      projectId: project(),
    },
  });
  expect(r.status).toBe(200);
  await t.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(DEMO_PASSWORD), email_confirmed_at: new Date() })
    .where('email', '=', email)
    .execute();
  return { memberId: r.body.data.organizationMemberId, session: await t.signIn(email) };
}

const create = async (who: string | Session, body: Record<string, unknown>) =>
  t.call<{ taskIds: string[]; seriesIds: string[] }>('POST', '/api/Task/createTask', {
    session: typeof who === 'string' ? await as(who) : who,
    body,
  });
const assign = (extra: Record<string, unknown> = {}) => ({
  surveyId: survey.id,
  dataCollectorIds: [collectorId],
  collectionType: 1,
  note: 'Visit the north camp',
  ...extra,
});
const mine = async (who: Session | string, query = '') =>
  t.call<Page>('GET', `/api/Task/GetTasksForDataCollector${query}`, { session: typeof who === 'string' ? await as(who) : who });
const setStatus = async (who: Session | string, body: Record<string, unknown>) =>
  t.call<{ status: number }>('POST', '/api/Task/updateTaskStatus', { session: typeof who === 'string' ? await as(who) : who, body });

beforeAll(async () => {
  t = await createTestApp();
  survey = await demoSurveyOf(t);
  kenya = (await t.db.selectFrom('countries').select('id').where('code', '=', 'KE').executeTakeFirstOrThrow()).id;
  collectorId = t.ids.members.relief![demo.collector]!;
  const s = await addCollector('second.collector@demo.test', 'Sam Second');
  secondId = s.memberId;
  second = s.session;
});
afterAll(() => t.close());

describe('POST /api/Task/createTask', () => {
  it('assigns a Deployed survey to each collector; the collector sees it Assigned', async () => {
    const r = await create(
      demo.manager,
      assign({
        dataCollectorIds: [collectorId, secondId],
        locationId: kenya,
        collectionRound: 2,
        tasksDeadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.taskIds).toHaveLength(2);
    const page = (await mine(demo.collector)).body.data;
    const task = page.tasks.find((x) => x.id === r.body.data.taskIds[0] || x.id === r.body.data.taskIds[1])!;
    expect(task).toMatchObject({
      status: 0,
      statusName: 'Assigned',
      surveyName: DEMO_SURVEY_NAME,
      collectionRound: 2,
      note: 'Visit the north camp',
      locationName: 'Kenya',
      enumeratorName: 'Chidi Collector',
      languageCode: 'en',
    });
    expect(task.tasksDeadline).toBeTruthy();
  });

  it('lets managers and the junior manager assign; refuses the collector and the guest', async () => {
    expect((await create(demo.junior, assign())).status).toBe(200);
    expect((await create(demo.owner, assign())).status).toBe(200);
    expect((await create(demo.collector, assign())).status).toBe(403);
    expect((await create(demo.guest, assign())).status).toBe(403);
  });

  it("answers 404 for another organization's survey, and names the field for a stranger as collector", async () => {
    const other = await t.db
      .selectFrom('surveys')
      .select('id')
      .where('organization_id', '!=', t.ids.organizations.relief!)
      .executeTakeFirst();
    const otherSurvey = other?.id ?? '00000000-0000-4000-8000-000000000000';
    expect((await create(demo.manager, assign({ surveyId: otherSurvey }))).status).toBe(404);
    const ownerOfOther = t.ids.members.other?.[demo.other];
    const stranger = await create(demo.manager, assign({ dataCollectorIds: [ownerOfOther ?? '00000000-0000-4000-8000-000000000000'] }));
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors.join(' ')).toMatch(/dataCollectorIds/);
    // The manager is not a data collector either.
    expect((await create(demo.owner, assign({ dataCollectorIds: [t.ids.members.relief![demo.manager]!] }))).status).toBe(400);
  });

  it('refuses a survey that is not published, a past deadline and EveryXDays without its number', async () => {
    await t.db.updateTable('surveys').set({ status: 0 }).where('id', '=', survey.id).execute();
    const draft = await create(demo.manager, assign());
    await t.db.updateTable('surveys').set({ status: 1 }).where('id', '=', survey.id).execute();
    expect(draft.status).toBe(400);
    expect(draft.body.message).toBe('Only published surveys can be assigned.');
    const past = await create(demo.manager, assign({ tasksDeadline: '2020-01-01T00:00:00.000Z' }));
    expect(past.body.errors.join(' ')).toMatch(/tasksDeadline/);
    const every = await create(demo.manager, assign({ recurrence: 6 }));
    expect(every.body.errors.join(' ')).toMatch(/everyXDays/);
    expect((await create(demo.manager, assign({ collectionType: 5 }))).status).toBe(400);
  });
});

describe('the collector: statistics, start, reject', () => {
  it('counts Assigned, In Progress, Rejected, Completed; a reject needs a reason and is final', async () => {
    const ids = (await create(demo.manager, assign({ dataCollectorIds: [secondId] }))).body.data.taskIds;
    const [a] = ids;
    const b = (await create(demo.manager, assign({ dataCollectorIds: [secondId] }))).body.data.taskIds[0]!;
    const stats0 = (
      await t.call<Record<string, number>>('GET', '/api/Task/GetTaskStatsticsByDataCollector?page=1&pageSize=10000', { session: second })
    ).body.data;

    const noReason = await setStatus(second, { id: a, newStatus: 1, rejectionReason: '   ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Please type something here');
    expect((await setStatus(second, { id: a, newStatus: 1, rejectionReason: 'The road is flooded' })).status).toBe(200);
    expect((await setStatus(second, { id: a, newStatus: 2 })).status).toBe(409);
    expect((await setStatus(second, { id: b, newStatus: 2 })).status).toBe(200);
    // Completed comes from a submission only.
    expect((await setStatus(second, { id: b, newStatus: 3 })).status).toBe(400);

    const stats = (
      await t.call<Record<string, number>>('GET', '/api/Task/GetTaskStatsticsByDataCollector?page=1&pageSize=10000', { session: second })
    ).body.data;
    expect(stats.rejected).toBe(stats0.rejected! + 1);
    expect(stats.inProgress).toBe(stats0.inProgress! + 1);
    expect(stats.assigned).toBe(stats0.assigned! - 2);
    const rejected = (await mine(second, '?Status=1')).body.data.tasks;
    expect(rejected.find((x) => x.id === a)).toMatchObject({ statusName: 'Rejected', rejectionReason: 'The road is flooded' });
  });

  it("refuses another collector's task as not found", async () => {
    const [theirs] = (await create(demo.manager, assign({ dataCollectorIds: [collectorId] }))).body.data.taskIds;
    expect((await setStatus(second, { id: theirs, newStatus: 1, rejectionReason: 'not mine' })).status).toBe(404);
    expect((await mine(second)).body.data.tasks.some((x) => x.id === theirs)).toBe(false);
  });

  it('pages and filters its own tasks', async () => {
    const all = (await mine(second, '?Page=1&PageSize=2')).body.data;
    expect(all.tasks).toHaveLength(2);
    expect(all.totalSize).toBeGreaterThan(2);
    const page2 = (await mine(second, '?Page=2&PageSize=2')).body.data;
    expect(page2.tasks.map((x) => x.id)).not.toContain(all.tasks[0]!.id);
    const surveys = (
      await t.call<{ surveyId: string; surveyName: string }[]>('GET', '/api/Task/getDataCollectorTasksSurveys?isDeleted=false', {
        session: second,
      })
    ).body.data;
    expect(surveys).toEqual([{ surveyId: survey.id, surveyName: DEMO_SURVEY_NAME }]);
    expect((await mine(second, '?Status=7')).status).toBe(400);
    expect((await mine(second, '?PageSize=100000')).status).toBe(400);
  });
});

describe('a submission through a task', () => {
  it("takes the collector's own open task, then the task is Completed; another collector's task id is refused", async () => {
    const [id] = (await create(demo.manager, assign({ dataCollectorIds: [secondId] }))).body.data.taskIds;
    const ids = (
      await t.call<string[]>('GET', `/api/Task/GetAssignedTaskIdsForSurveyAndDataCollector?surveyId=${survey.id}`, { session: second })
    ).body.data;
    expect(ids).toContain(id);
    expect((await setStatus(second, { id, newStatus: 2 })).status).toBe(200);

    const collector = await as(demo.collector);
    expect((await submit(t, survey, completeDemoAnswers, { linkUuid: null, taskId: id!, session: collector })).status).toBe(404);
    expect((await submit(t, survey, completeDemoAnswers, { linkUuid: null, taskId: id! })).status).toBe(404);

    const clientId = crypto.randomUUID();
    const r = await submit(t, survey, completeDemoAnswers, { id: clientId, linkUuid: null, taskId: id!, session: second });
    expect(r.status).toBe(200);
    const done = (await mine(second, '?Status=3')).body.data.tasks.find((x) => x.id === id);
    expect(done?.statusName).toBe('Finished');
    // The outbox's retry of the same submission is still answered; a new one through the done task is not.
    expect((await submit(t, survey, completeDemoAnswers, { id: clientId, linkUuid: null, taskId: id!, session: second })).status).toBe(200);
    expect((await submit(t, survey, completeDemoAnswers, { linkUuid: null, taskId: id!, session: second })).status).toBe(404);
  });
});

describe('task management lists', () => {
  it('lists the project tasks with filters and paging; Data Collectors with the suggested marker first', async () => {
    const list = async (q: string) =>
      t.call<Page>('GET', `/api/Task/getTasks?ProjectId=${project()}${q}`, { session: await as(demo.manager) });
    const all = (await list('&PageSize=100')).body.data;
    expect(all.totalSize).toBeGreaterThan(5);
    const rejected = (await list('&TaskStatus=1')).body.data;
    expect(rejected.tasks.every((x) => x.status === 1)).toBe(true);
    expect((await list(`&DataCollectorId=${secondId}&PageSize=100`)).body.data.tasks.every((x) => x.enumeratorName === 'Sam Second')).toBe(
      true,
    );
    expect((await list('&Search=north%20camp&PageSize=1')).body.data.tasks).toHaveLength(1);
    expect((await list('&CollectionRound=2')).body.data.tasks.every((x) => x.collectionRound === 2)).toBe(true);
    expect((await t.call('GET', `/api/Task/getTasks?ProjectId=${project()}`, { session: await as(demo.collector) })).status).toBe(403);

    await t.db.updateTable('organization_members').set({ location_id: kenya }).where('id', '=', secondId).execute();
    const somalia = (await t.db.selectFrom('countries').select('id').where('code', '=', 'SO').executeTakeFirstOrThrow()).id;
    await t.db.updateTable('organization_members').set({ location_id: somalia }).where('id', '=', collectorId).execute();
    const dcs = (
      await t.call<{ dataCollectors: { memberId: string; suggested: boolean }[] }>(
        'GET',
        `/api/Task/getDataCollectorsOfProject?ProjectId=${project()}&LocationId=${kenya}`,
        { session: await as(demo.manager) },
      )
    ).body.data.dataCollectors;
    expect(dcs[0]).toMatchObject({ memberId: secondId, suggested: true });
    expect(dcs.find((d) => d.memberId === collectorId)?.suggested).toBe(false);
    // Without a location nobody is suggested, and the table still answers.
    const plain = await t.call<{ dataCollectors: { suggested: boolean }[]; totalSize: number }>(
      'GET',
      `/api/Task/getDataCollectorsOfProject?ProjectId=${project()}&Page=1&PageSize=10`,
      { session: await as(demo.manager) },
    );
    expect(plain.status).toBe(200);
    expect(plain.body.data.dataCollectors.every((d) => !d.suggested)).toBe(true);
    const names = (
      await t.call<{ id: string; name: string }[]>('GET', `/api/Task/getEnumeratorNamesByProject?ProjectId=${project()}`, {
        session: await as(demo.manager),
      })
    ).body.data;
    expect(names.map((n) => n.name)).toEqual(expect.arrayContaining(['Chidi Collector', 'Sam Second']));
  });

  it('moves a task into the recycle bin and lists it in the deleted tab; the collector no longer sees it', async () => {
    const [id] = (await create(demo.manager, assign({ dataCollectorIds: [secondId], note: 'to be binned' }))).body.data.taskIds;
    const del = await t.call('PUT', `/api/DataCollection/${id}/toggleDeleteOrRestore?entityType=${entityTypes.Task}&isDeleted=true`, {
      session: await as(demo.manager),
    });
    expect(del.status).toBe(200);
    const binned = (
      await t.call<Page>('GET', `/api/Task/getTasks?ProjectId=${project()}&isDeleted=true&Search=binned`, {
        session: await as(demo.manager),
      })
    ).body.data;
    expect(binned.tasks.map((x) => x.id)).toEqual([id]);
    expect((await mine(second)).body.data.tasks.some((x) => x.id === id)).toBe(false);
    expect(
      (
        await t.call('PUT', `/api/DataCollection/${id}/toggleDeleteOrRestore?entityType=${entityTypes.Task}&isDeleted=true`, {
          session: await as(demo.collector),
        })
      ).status,
    ).toBe(403);
  });
});
