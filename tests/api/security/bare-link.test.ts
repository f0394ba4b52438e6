// '/public-survey/{surveyId}' without the link's uuid rendered a form whose submit
// could only be a 404. Decision (docs/decisions/0017-the-bare-survey-link.md): an address that cannot submit says so before anyone
// types. GetPreviewData answers `linkValid` by the rule SubmitSurvey applies (server/services/surveyLinks.ts):
// the survey's link or 'multiple-link' for a reusable one; no link for a signed-in member collecting in
// person (not a Guest); a task link when its task lets it (none exists yet).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../../engine/survey/index';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { createSurvey, submit, type TestSurvey } from '../../support/surveys';

interface Preview {
  linkValid: boolean;
  canSubmitSurvey: boolean;
}

let t: TestApp;
let s: TestSurvey;
let once: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [q.text('name')]);
  once = await createSurvey(t, [q.text('name')], { multipleLink: false });
});
afterAll(() => t.close());

async function preview(survey: TestSurvey, query: Record<string, string>, session?: Session) {
  const r = await t.call<Preview>('GET', '/api/Survey/GetPreviewData', {
    query: { surveyId: survey.id, ...query },
    ...(session ? { session } : {}),
  });
  expect(r.status).toBe(200);
  return { linkValid: r.body.data.linkValid, canSubmitSurvey: r.body.data.canSubmitSurvey };
}
const invalid = { linkValid: false, canSubmitSurvey: false };
const valid = { linkValid: true, canSubmitSurvey: true };

describe('what the fill page is told about its address, and what submitting from it does', () => {
  it('a bare survey id, signed out: not valid, and a submission from it is refused', async () => {
    expect(await preview(s, {})).toEqual(invalid);
    expect((await submit(t, s, { name: 'x' }, { linkUuid: null })).status).toBe(404);
  });

  it("the survey's link and 'multiple-link' for a reusable survey: valid, and they submit", async () => {
    expect(await preview(s, { uuid: s.linkUuid })).toEqual(valid);
    expect(await preview(s, { uuid: s.linkUuid.toUpperCase() })).toEqual(valid);
    expect(await preview(s, { uuid: 'multiple-link' })).toEqual(valid);
    expect((await submit(t, s, { name: 'x' })).status).toBe(200);
    expect((await submit(t, s, { name: 'x' }, { linkUuid: 'multiple-link' })).status).toBe(200);
  });

  it("a wrong uuid, a language segment, or 'multiple-link' of a single-use survey: not valid", async () => {
    expect(await preview(s, { uuid: randomUUID() })).toEqual(invalid);
    expect(await preview(s, { uuid: 'en' })).toEqual(invalid);
    expect(await preview(once, { uuid: 'multiple-link' })).toEqual(invalid);
    expect((await submit(t, once, { name: 'x' }, { linkUuid: 'multiple-link' })).status).toBe(404);
    expect(await preview(once, { uuid: once.linkUuid })).toEqual(valid);
  });

  it('a task link whose task does not exist: not valid', async () => {
    expect(await preview(s, { taskId: randomUUID() })).toEqual(invalid);
    expect(await preview(s, { uuid: s.linkUuid, messageReceiverId: randomUUID() })).toEqual(invalid);
  });

  it('a bare survey id for a member collecting in person: valid, and the submission is taken', async () => {
    const collector = await t.signIn('collector@demo.test');
    expect(await preview(s, {}, collector)).toEqual(valid);
    expect((await submit(t, s, { name: 'x' }, { linkUuid: null, session: collector })).status).toBe(200);
  });

  it("a bare survey id for a Guest or another organization's member: not valid, as the submit would be", async () => {
    for (const email of ['guest@demo.test', 'other@demo.test']) {
      const session = await t.signIn(email);
      expect(await preview(s, {}, session)).toEqual(invalid);
      expect((await submit(t, s, { name: 'x' }, { linkUuid: null, session })).status).toBe(404);
    }
  });
});
