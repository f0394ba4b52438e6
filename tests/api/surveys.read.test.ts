// Reading surveys: the fill page's preview data (public for deployed surveys), the organization's own
// views, and nothing of another organization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { createSurvey, demoSurveyOf, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
let demo: TestSurvey;
let manager: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  demo = await demoSurveyOf(t);
  manager = await t.signIn('manager@demo.test');
  other = await t.signIn('other@demo.test');
});
afterAll(() => t.close());

interface Preview {
  id: string;
  surveyStatusId: number;
  toggleLocation: boolean;
  canSubmitSurvey: boolean;
  alreadySubmitted: boolean;
  surveyLanguageMaps: { code: string; isBaseLanguage: boolean }[];
  surveyItems: { itemLabel: string; surveyItem: { name: string } }[];
  expressionTrees: Record<string, unknown>;
}

describe('GET /api/Survey/GetPreviewData', () => {
  it('gives anyone a deployed survey with its items, languages and location setting', async () => {
    const { status, body } = await t.call<Preview>('GET', `/api/Survey/GetPreviewData?surveyId=${demo.id}&uuid=${demo.linkUuid}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: demo.id,
      surveyStatusId: 1,
      toggleLocation: true,
      canSubmitSurvey: true,
      alreadySubmitted: false,
    });
    // Without the link's uuid, anyone still reads it, but is told it cannot be submitted from there (tests/api/security/bare-link.test.ts).
    expect((await t.call<Preview>('GET', `/api/Survey/GetPreviewData?surveyId=${demo.id}`)).body.data).toMatchObject({
      id: demo.id,
      canSubmitSurvey: false,
    });
    expect(body.data.surveyLanguageMaps.map((l) => l.code)).toEqual(['en', 'ar', 'fr']);
    expect(body.data.surveyItems.map((i) => i.surveyItem.name)).toEqual(['introduction', 'respondent', 'household', 'needs', 'summary']);
  });

  it('shows a survey being edited to members of its organization only', async () => {
    const editing = await createSurvey(t, [q.text('a')], { status: 0 });
    const url = `/api/Survey/GetPreviewData?surveyId=${editing.id}`;
    expect((await t.call('GET', url)).status).toBe(404);
    expect((await t.call('GET', url, { session: other })).status).toBe(404);
    const mine = await t.call<Preview>('GET', url, { session: manager });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ surveyStatusId: 0, canSubmitSurvey: false });
  });

  it('sends the parse tree of every expression, so the page needs no parser; null for one that does not parse', async () => {
    const s = await createSurvey(t, [
      q.integer('age'),
      q.text('job').relevant('${age} >= 18'),
      q.integer('kids').constraint('. <= ${age} -'),
    ]);
    const { body } = await t.call<Preview>('GET', `/api/Survey/GetPreviewData?surveyId=${s.id}`);
    expect(body.data.expressionTrees['${age} >= 18']).toMatchObject({
      kind: 'binary',
      op: '>=',
      left: { kind: 'ref', name: 'age' },
      right: { kind: 'number', value: 18 },
    });
    expect(body.data.expressionTrees['. <= ${age} -']).toBeNull();
  });

  it('answers 404 for a survey that does not exist', async () => {
    const { status, body } = await t.call('GET', '/api/Survey/GetPreviewData?surveyId=6f1b3c7e-2d4a-4e8f-9a0b-1c2d3e4f5a6b');
    expect(status).toBe(404);
    expect(body).toMatchObject({ isSuccess: false, message: 'The requested resource is not found' });
  });

  it('tells the page that a single-use link was used', async () => {
    const once = await createSurvey(t, [q.text('a')], { multipleLink: false });
    const url = `/api/Survey/GetPreviewData?surveyId=${once.id}&uuid=${once.linkUuid}`;
    expect((await t.call<Preview>('GET', url)).body.data.alreadySubmitted).toBe(false);
    expect((await submit(t, once, { a: 'x' })).status).toBe(200);
    expect((await t.call<Preview>('GET', url)).body.data).toMatchObject({ alreadySubmitted: true, canSubmitSurvey: false });
  });
});

describe('GET /api/Survey/GetSurveyDetails', () => {
  it("gives the survey's settings and the path of its public page", async () => {
    const { status, body } = await t.call<Record<string, unknown>>('GET', `/api/Survey/GetSurveyDetails?surveyId=${demo.id}`, {
      session: manager,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: demo.id,
      surveyStatusId: 1,
      collectionGoal: 15,
      multipleLink: true,
      publicLink: `/public-survey/${demo.linkUuid}/${demo.id}`,
    });
  });

  it.each(['organization@demo.test', 'collector@demo.test', 'guest@demo.test'])('lets %s read it', async (email) => {
    const session = await t.signIn(email);
    expect((await t.call('GET', `/api/Survey/GetSurveyDetails?surveyId=${demo.id}`, { session })).status).toBe(200);
  });

  it('answers 404 to another organization and 401 without sign-in', async () => {
    expect((await t.call('GET', `/api/Survey/GetSurveyDetails?surveyId=${demo.id}`, { session: other })).status).toBe(404);
    expect((await t.call('GET', `/api/Survey/GetSurveyDetails?surveyId=${demo.id}`)).status).toBe(401);
  });
});

describe('POST /api/Survey/GetById', () => {
  it('gives the items and languages of a survey of the organization', async () => {
    const { status, body } = await t.call<Preview>('POST', '/api/Survey/GetById', {
      session: manager,
      body: { SurveyId: demo.id, languageId: 1 },
    });
    expect(status).toBe(200);
    expect(body.data.surveyItems).toHaveLength(5);
    expect(body.data.surveyLanguageMaps).toHaveLength(3);
  });

  it("answers 404 for another organization's survey", async () => {
    expect((await t.call('POST', '/api/Survey/GetById', { session: other, body: { SurveyId: demo.id } })).status).toBe(404);
  });

  it('names a missing id', async () => {
    const { status, body } = await t.call('POST', '/api/Survey/GetById', { session: manager, body: {} });
    expect(status).toBe(400);
    expect(body.errors).toEqual(["'SurveyId' is required"]);
  });
});

describe('GET /api/DataCollection/getAllSurveysForProjectByStatus', () => {
  it('lists the surveys of a project with the statuses asked for', async () => {
    const project = t.ids.projects['Household Needs Assessment 2026']!;
    const archived = await createSurvey(t, [q.text('a')], { status: 2, name: 'Archived one' });
    const deployed = await t.call<{ surveys: { id: string; surveyStatusId: number; publicLink: string }[] }>(
      'GET',
      `/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${project}&surveyStatuses=1`,
      { session: manager },
    );
    expect(deployed.status).toBe(200);
    expect(deployed.body.data.surveys.every((s) => s.surveyStatusId === 1)).toBe(true);
    expect(deployed.body.data.surveys.map((s) => s.id)).toContain(demo.id);
    const both = await t.call<{ surveys: { id: string }[] }>(
      'GET',
      `/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${project}&surveyStatuses=1&surveyStatuses=2`,
      {
        session: manager,
      },
    );
    expect(both.body.data.surveys.map((s) => s.id)).toEqual(expect.arrayContaining([demo.id, archived.id]));
  });

  it("answers 404 for another organization's project", async () => {
    const project = t.ids.projects['Household Needs Assessment 2026']!;
    expect(
      (await t.call('GET', `/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${project}`, { session: other })).status,
    ).toBe(404);
  });
});
