// Survey reads and exports are scoped to the caller's projects. A ProjectManager,
// JuniorProjectManager, DataCollector or Guest of one project gets 404 for a survey of another project
// of the same organization (never its data); the organization-wide roles (SuperAdmin, Organization,
// AdminOfOrganization, SeniorProjectManager) read every project's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../../engine/survey/index';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { demo, personas } from '../../support/personas';
import { createSurvey, submit, type TestSurvey } from '../../support/surveys';

const HOME = 'Household Needs Assessment 2026';
const ELSEWHERE = 'Scoped Elsewhere Project';
const SECRET = 'Elsewhere only question label';

let t: TestApp;
let as: ReturnType<typeof personas>;
let mine: TestSurvey;
let theirs: TestSurvey;
let theirsEditing: TestSurvey;
let elsewhereId: string;
beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
  const organizationId = t.ids.organizations.relief!;
  // A second project of Demo Relief that only the senior manager runs: none of the project personas belong to it.
  const project = await t.db
    .insertInto('projects')
    .values({
      organization_id: organizationId,
      workspace_id: t.ids.workspaces['East Africa Emergency Response']!,
      type_id: 1,
      name: ELSEWHERE,
      description: '',
      manager_id: t.ids.members.relief![demo.senior]!,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  elsewhereId = project.id;
  t.ids.projects[ELSEWHERE] = elsewhereId;
  mine = await createSurvey(t, [q.text('home')], { project: HOME, status: 0 });
  theirs = await createSurvey(t, [q.text('secret').label(SECRET)], { project: ELSEWHERE, name: 'Elsewhere survey' });
  theirsEditing = await createSurvey(t, [q.text('secret').label(SECRET)], { project: ELSEWHERE, status: 0, name: 'Elsewhere draft' });
});
afterAll(() => t.close());

const reads = (s: TestSurvey, projectId: string) =>
  [
    ['POST', '/api/Survey/GetById', { body: { SurveyId: s.id } }],
    ['GET', `/api/Survey/GetSurveyDetails?surveyId=${s.id}`, {}],
    ['GET', `/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${projectId}`, {}],
    ['GET', `/api/DataCollection/exportSurvey/${s.id}`, {}],
    ['GET', `/api/DataCollection/exportXForm/${s.id}`, {}],
  ] as const;

async function statuses(session: Session, s: TestSurvey, projectId: string): Promise<number[]> {
  const out: number[] = [];
  for (const [method, url, opts] of reads(s, projectId)) {
    const r = await t.call(method, url, { session, ...opts });
    out.push(r.status);
    if (r.status !== 200) {
      expect(r.body).toMatchObject({ isSuccess: false, message: 'The requested resource is not found' });
      expect(r.res.body).not.toContain(SECRET);
      expect(r.res.body).not.toContain('Elsewhere');
    }
  }
  return out;
}

describe("a project role reads only its projects' surveys", () => {
  it.each([demo.manager, demo.junior, demo.collector, demo.guest])('%s: 404 for the other project, 200 for its own', async (email) => {
    const session = await as(email);
    expect(await statuses(session, theirs, elsewhereId)).toEqual(reads(theirs, elsewhereId).map(() => 404));
    expect(await statuses(session, mine, t.ids.projects[HOME]!)).toEqual(reads(theirs, elsewhereId).map(() => 200));
  });

  it.each([demo.manager, demo.junior, demo.collector, demo.guest])(
    "%s: no builder's preview of the other project's survey being edited",
    async (email) => {
      const session = await as(email);
      const other = await t.call('GET', `/api/Survey/GetPreviewData?surveyId=${theirsEditing.id}`, { session });
      expect(other.status).toBe(404);
      expect(other.res.body).not.toContain(SECRET);
      expect((await t.call('GET', `/api/Survey/GetPreviewData?surveyId=${mine.id}`, { session })).status).toBe(200);
    },
  );

  it("still opens the other project's deployed survey on the fill page, as anyone can", async () => {
    const r = await t.call('GET', `/api/Survey/GetPreviewData?surveyId=${theirs.id}`, { session: await as(demo.collector) });
    expect(r.status).toBe(200);
  });

  it('becomes a member of the other project, then reads it', async () => {
    const junior = await as(demo.junior);
    await t.db
      .insertInto('project_members')
      .values({
        organization_id: t.ids.organizations.relief!,
        project_id: elsewhereId,
        member_id: t.ids.members.relief![demo.junior]!,
        deleted_at: null,
      })
      .execute();
    expect(await statuses(junior, theirs, elsewhereId)).toEqual(reads(theirs, elsewhereId).map(() => 200));
    await t.db
      .deleteFrom('project_members')
      .where('project_id', '=', elsewhereId)
      .where('member_id', '=', t.ids.members.relief![demo.junior]!)
      .execute();
    expect(await statuses(junior, theirs, elsewhereId)).toEqual(reads(theirs, elsewhereId).map(() => 404));
  });
});

describe('the organization-wide roles read every project', () => {
  it.each([demo.owner, demo.superAdmin, demo.admin, demo.senior])('%s', async (email) => {
    const session = await as(email);
    expect(await statuses(session, theirs, elsewhereId)).toEqual(reads(theirs, elsewhereId).map(() => 200));
    expect((await t.call('GET', `/api/Survey/GetPreviewData?surveyId=${theirsEditing.id}`, { session })).status).toBe(200);
  });
});

describe('in-person collection (a submission without a link) is scoped the same way', () => {
  const inPerson = async (email: string, s: TestSurvey) => {
    const session = await as(email);
    return submit(t, s, { [s === theirs ? 'secret' : 'home']: 'x' }, { session, linkUuid: null });
  };

  it("a data collector cannot submit in person to another project's survey", async () => {
    const { status, body } = await inPerson(demo.collector, theirs);
    expect(status).toBe(404);
    expect(body.isSuccess).toBe(false);
    const preview = await t.call<{ linkValid: boolean }>('GET', `/api/Survey/GetPreviewData?surveyId=${theirs.id}`, {
      session: await as(demo.collector),
    });
    expect(preview.body.data.linkValid).toBe(false);
  });

  it('an organization-wide role can', async () => {
    const { status } = await inPerson(demo.senior, theirs);
    expect(status).toBe(200);
  });
});

describe("the builder's calls are scoped the same way", () => {
  it("a project manager cannot save, publish, duplicate, translate or copy another project's survey", async () => {
    const session = await as(demo.manager);
    const calls: [string, unknown][] = [
      ['/api/Survey/DuplicateSurvey', { surveyId: theirsEditing.id }],
      ['/api/DataCollection/PublishSurvey', { surveyId: theirsEditing.id }],
      ['/api/Survey/ArchiveSurvey', { surveyId: theirs.id }],
      ['/api/Survey/SetTranslationStatus', { surveyId: theirs.id, languageId: 1, translateStatus: 1 }],
      ['/api/Survey/CreateSurvey', { projectId: t.ids.projects[HOME]!, name: 'Copy of elsewhere', copyOfSurveyId: theirs.id }],
      ['/api/Survey/SaveSurvey', { surveyId: theirsEditing.id, version: 1, model: theirsEditing.model }],
    ];
    for (const [url, body] of calls) {
      const r = await t.call('POST', url, { session, body });
      expect(r.status, url).toBe(404);
      expect(r.res.body).not.toContain(SECRET);
    }
    const tools = await t.call('GET', `/api/Survey/GetSurveyTools?ProjectId=${elsewhereId}`, { session });
    expect(tools.status).toBe(404);
    const bin = await t.call('PUT', `/api/DataCollection/${theirs.id}/toggleDeleteOrRestore?entityType=4&isDeleted=true`, { session });
    expect(bin.status).toBe(404);
    const still = await t.db.selectFrom('surveys').select('deleted_at').where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(still.deleted_at).toBeNull();
  });

  it('the senior project manager can, across projects', async () => {
    const r = await t.call('POST', '/api/Survey/DuplicateSurvey', { session: await as(demo.senior), body: { surveyId: theirsEditing.id } });
    expect(r.status).toBe(200);
  });
});
