// The builder's survey calls around the model: Survey Tools list, create, duplicate,
// archive, translations, the recycle bin; who may call them; another organization's survey is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTypes } from '../../schemas/entityTypes';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { createSurvey } from '../support/surveys';
import { q } from '../../engine/survey/index';

let t: TestApp;
let owner: Session;
let manager: Session;
let junior: Session;
let guest: Session;
let collector: Session;
let other: Session;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, manager, junior, guest, collector, other] = (await Promise.all(
    ['organization', 'manager', 'junior', 'guest', 'collector', 'other'].map((p) => t.signIn(`${p}@demo.test`)),
  )) as [Session, Session, Session, Session, Session, Session];
  projectId = t.ids.projects['Household Needs Assessment 2026']!;
});
afterAll(() => t.close());

const create = (s: Session, body: Record<string, unknown>) =>
  t.call<{ id: string; version: number }>('POST', '/api/Survey/CreateSurvey', { session: s, body });
const tools = (s: Session, query: Record<string, string>) =>
  t.call<{
    surveys: { id: string; name: string; status: string; submissionCount: number; collectionGoal: number; updatedAt: string }[];
    totalSize: number;
  }>('GET', '/api/Survey/GetSurveyTools', { session: s, query: { ProjectId: projectId, ...query } });

describe('create and the Survey Tools list', () => {
  it('creates a blank survey in Editing, listed with its status, goal and submissions', async () => {
    const r = await create(junior, { projectId, name: 'Blank tools survey', collectionGoal: 40 });
    expect(r.status).toBe(200);
    const list = await tools(guest, { search: 'blank tools' });
    expect(list.body.data.totalSize).toBe(1);
    expect(list.body.data.surveys[0]).toMatchObject({ id: r.body.data.id, status: 'Editing', collectionGoal: 40, submissionCount: 0 });
    const got = await t.call<{ surveyItems: unknown[]; version: number; surveyLanguageMaps: { code: string }[] }>(
      'POST',
      '/api/Survey/GetById',
      { session: junior, body: { SurveyId: r.body.data.id } },
    );
    expect(got.body.data).toMatchObject({
      surveyItems: [],
      version: r.body.data.version,
      surveyLanguageMaps: [{ code: 'en', isBaseLanguage: true }],
    });
  });

  it('copies another survey of the organization, items and choices included', async () => {
    const original = await createSurvey(t, [q.select_one('colour').choices('red', 'blue'), q.text('why')]);
    const r = await create(manager, { projectId, name: 'The copy', copyOfSurveyId: original.id });
    const got = await t.call<{ surveyItems: { surveyItem: { name: string; id: string; selectQuestionChoices: unknown[] } }[] }>(
      'POST',
      '/api/Survey/GetById',
      { session: manager, body: { SurveyId: r.body.data.id } },
    );
    expect(got.body.data.surveyItems.map((i) => i.surveyItem.name)).toEqual(['colour', 'why']);
    expect(got.body.data.surveyItems[0]!.surveyItem.selectQuestionChoices).toHaveLength(2);
    expect(got.body.data.surveyItems[0]!.surveyItem.id).not.toBe(original.model.surveyItems[0]!.id);
  });

  it('duplicates a survey into its project, in Editing', async () => {
    const original = await createSurvey(t, [q.integer('n')], { name: 'Dup me' });
    const r = await t.call<{ id: string }>('POST', '/api/Survey/DuplicateSurvey', { session: manager, body: { surveyId: original.id } });
    expect(r.status).toBe(200);
    const list = await tools(manager, { search: 'Dup me (copy)' });
    expect(list.body.data.surveys).toMatchObject([{ id: r.body.data.id, status: 'Editing' }]);
  });

  it('pages and filters by status', async () => {
    const all = await tools(owner, { PageSize: '2', Page: '1' });
    expect(all.body.data.surveys).toHaveLength(2);
    expect(all.body.data.totalSize).toBeGreaterThan(2);
    const published = await tools(owner, { surveyStatuses: '1', PageSize: '100' });
    expect(published.body.data.surveys.every((s) => s.status === 'Published')).toBe(true);
  });

  it('lets only authors create, only viewers list', async () => {
    expect((await create(guest, { projectId, name: 'No' })).status).toBe(403);
    expect((await create(collector, { projectId, name: 'No' })).status).toBe(403);
    expect((await tools(collector, {})).status).toBe(403);
  });

  it('names the field of a bad payload', async () => {
    const r = await create(owner, { projectId, name: 'x'.repeat(201) });
    expect(r.status).toBe(400);
    expect(r.body.errors.join()).toMatch(/name/);
    const r2 = await create(owner, { projectId, name: 'ok', languageId: 99999999 });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toBe('This language does not exist.');
    expect((await tools(owner, { PageSize: '1000' })).status).toBe(400);
  });

  it("answers 404 for another organization's project or survey", async () => {
    const mine = await createSurvey(t, [q.text('a')]);
    expect((await create(other, { projectId, name: 'x' })).status).toBe(404);
    expect((await create(other, { projectId: t.ids.projects['Other Aid Water Points']!, name: 'x', copyOfSurveyId: mine.id })).status).toBe(
      404,
    );
    expect((await tools(other, {})).status).toBe(404);
    expect((await t.call('POST', '/api/Survey/DuplicateSurvey', { session: other, body: { surveyId: mine.id } })).status).toBe(404);
    expect((await t.call('POST', '/api/Survey/ArchiveSurvey', { session: other, body: { surveyId: mine.id } })).status).toBe(404);
  });
});

describe('archive', () => {
  it('stops a published survey taking submissions; only owners of surveys may', async () => {
    const s = await createSurvey(t, [q.text('a')]);
    expect((await t.call('POST', '/api/Survey/ArchiveSurvey', { session: junior, body: { surveyId: s.id } })).status).toBe(403);
    const r = await t.call<{ surveyStatusId: number }>('POST', '/api/Survey/ArchiveSurvey', { session: manager, body: { surveyId: s.id } });
    expect(r.body.data.surveyStatusId).toBe(2);
    const { submit } = await import('../support/surveys');
    const sent = await submit(t, s, { a: 'hello' });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe('This survey is not open for submissions.');
  });

  it('refuses to archive a survey never published', async () => {
    const s = await createSurvey(t, [q.text('a')], { status: 0 });
    const r = await t.call('POST', '/api/Survey/ArchiveSurvey', { session: owner, body: { surveyId: s.id } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(['Editing -> Archived']);
  });
});

describe('translations', () => {
  it('adds a language, saves texts in it, and sets its status', async () => {
    const s = await createSurvey(t, [q.select_one('colour').label('Colour').choices('red')], { status: 0 });
    const fr = await t.db.selectFrom('languages').select('id').where('code', '=', 'fr').executeTakeFirstOrThrow();
    const add = await t.call<{ version: number }>('POST', '/api/Survey/AddSurveyLanguage', {
      session: junior,
      body: { surveyId: s.id, languageId: fr.id },
    });
    expect(add.status).toBe(200);
    const item = s.model.surveyItems[0]!.surveyItem;
    const saved = await t.call('POST', '/api/Survey/SaveTranslation', {
      session: junior,
      body: {
        surveyId: s.id,
        languageId: fr.id,
        texts: [{ itemId: item.id, kind: 'label', text: 'Couleur' }],
        choiceTexts: [{ choiceId: item.selectQuestionChoices[0]!.id, text: 'rouge' }],
      },
    });
    expect(saved.status).toBe(200);
    const status = await t.call('POST', '/api/Survey/SetTranslationStatus', {
      session: junior,
      body: { surveyId: s.id, languageId: fr.id, translateStatus: 0 },
    });
    expect(status.status).toBe(200);
    const got = await t.call<{
      surveyLanguageMaps: { code: string; translateStatus: number }[];
      surveyItems: {
        surveyItem: {
          questionLabels: { languageId: number; text: string }[];
          selectQuestionChoices: { choiceLabels: { text: string }[] }[];
        };
      }[];
    }>('POST', '/api/Survey/GetById', { session: junior, body: { SurveyId: s.id } });
    expect(got.body.data.surveyLanguageMaps.find((l) => l.code === 'fr')).toMatchObject({ translateStatus: 0 });
    expect(got.body.data.surveyItems[0]!.surveyItem.questionLabels).toContainEqual({ languageId: fr.id, text: 'Couleur' });
    expect(got.body.data.surveyItems[0]!.surveyItem.selectQuestionChoices[0]!.choiceLabels.map((c) => c.text)).toContain('rouge');
  });

  it('refuses texts for a language the survey lacks, ids of another survey, and archiving the base language', async () => {
    const s = await createSurvey(t, [q.text('a')], { status: 0 });
    const elsewhere = await createSurvey(t, [q.text('b')], { status: 0 });
    const en = s.model.surveyLanguageMaps[0]!.languageId;
    const de = await t.db.selectFrom('languages').select('id').where('code', '=', 'de').executeTakeFirstOrThrow();
    const lacks = await t.call('POST', '/api/Survey/SaveTranslation', {
      session: owner,
      body: { surveyId: s.id, languageId: de.id, texts: [] },
    });
    expect(lacks.body.message).toBe('The survey has no such language. Add it first.');
    const foreign = await t.call('POST', '/api/Survey/SaveTranslation', {
      session: owner,
      body: { surveyId: s.id, languageId: en, texts: [{ itemId: elsewhere.model.surveyItems[0]!.id, kind: 'label', text: 'x' }] },
    });
    expect(foreign.status).toBe(400);
    const base = await t.call('POST', '/api/Survey/SetTranslationStatus', {
      session: owner,
      body: { surveyId: s.id, languageId: en, translateStatus: 2 },
    });
    expect(base.body.message).toBe("The survey's base language can't be archived.");
  });
});

describe('the recycle bin', () => {
  it('deletes a survey into the bin and restores it', async () => {
    const s = await createSurvey(t, [q.text('a')], { name: 'Binned survey' });
    const del = (isDeleted: boolean, session = manager) =>
      t.call('PUT', `/api/DataCollection/${s.id}/toggleDeleteOrRestore?entityType=${entityTypes.Survey}&isDeleted=${isDeleted}`, {
        session,
      });
    expect((await del(true, junior)).status).toBe(403);
    expect((await del(true)).status).toBe(200);
    expect((await tools(manager, { search: 'Binned survey' })).body.data.totalSize).toBe(0);
    expect((await t.call('POST', '/api/Survey/GetById', { session: manager, body: { SurveyId: s.id } })).status).toBe(404);
    expect((await del(false)).status).toBe(200);
    expect((await tools(manager, { search: 'Binned survey' })).body.data.totalSize).toBe(1);
    expect((await del(true, other)).status).toBe(404);
  });
});
