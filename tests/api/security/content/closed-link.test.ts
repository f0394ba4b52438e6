// Preview data of a survey that is not published is not public, and the link of an
// archived survey answers that the survey is closed (without showing it), rather than pretend it never existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../../../engine/survey/index';
import { createTestApp, type TestApp } from '../../../support/app';
import { createSurvey } from '../../../support/surveys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const preview = (surveyId: string, uuid?: string) =>
  t.call<{ surveyItems?: unknown }>('GET', `/api/Survey/GetPreviewData?surveyId=${surveyId}${uuid ? `&uuid=${uuid}` : ''}`);

describe('a survey that is not deployed, opened by a stranger', () => {
  it('being edited does not exist, even through its own link', async () => {
    const s = await createSurvey(t, [q.text('secret_question')], { status: 0 });
    for (const r of [await preview(s.id), await preview(s.id, s.linkUuid)]) {
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain('secret_question');
    }
  });

  it('archived answers through its own link that it is closed, and shows nothing of itself', async () => {
    const s = await createSurvey(t, [q.text('secret_question')], { status: 2 });
    const r = await preview(s.id, s.linkUuid);
    expect(r.status).toBe(400);
    // Its language only, so the page can say it in the survey's language.
    expect(r.body).toMatchObject({ isSuccess: false, data: { language: 'en' }, message: 'This survey is not open for submissions.' });
    expect(Object.keys(r.body.data as object)).toEqual(['language']);
    expect(JSON.stringify(r.body)).not.toContain('secret_question');
  });

  it('archived, through a wrong link or none, does not exist', async () => {
    const s = await createSurvey(t, [q.text('name')], { status: 2 });
    expect((await preview(s.id)).status).toBe(404);
    expect((await preview(s.id, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('archived is still previewed by a member of its project', async () => {
    const s = await createSurvey(t, [q.text('secret_question')], { status: 2 });
    const session = await t.signIn('manager@demo.test');
    const r = await t.call<{ surveyItems: unknown[] }>('GET', `/api/Survey/GetPreviewData?surveyId=${s.id}`, { session });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body.data)).toContain('secret_question');
  });
});
