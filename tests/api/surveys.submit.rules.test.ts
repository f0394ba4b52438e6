// Who may submit and when: public links and task links without sign-in, members of the survey's
// organization; a deployed survey before its end date; a single-use link once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { updateSurveyHead } from '../../server/db/queries/surveys';
import { createTestApp, type TestApp } from '../support/app';
import { createSurvey, demoSurveyOf, submit, submissionCount, type TestSurvey } from '../support/surveys';

let t: TestApp;
let s: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [q.text('name')]);
});
afterAll(() => t.close());

const EXPIRED = 'The survey has expired and can no longer be submitted. Please contact the survey creator for more information.';
const USED = "Survey has already been submitted. You can't submit more than once.";

describe('the survey state', () => {
  it('refuses a survey past its end date with the expired text', async () => {
    const expired = await createSurvey(t, [q.text('name')], { endDate: new Date(Date.now() - 1000) });
    const { status, body } = await submit(t, expired, { name: 'x' });
    expect(status).toBe(400);
    expect(body).toEqual({ isSuccess: false, data: null, message: EXPIRED, errors: [EXPIRED], code: 'surveyExpired' });
  });

  it('accepts a survey before its end date', async () => {
    const open = await createSurvey(t, [q.text('name')], { endDate: new Date(Date.now() + 86_400_000) });
    expect((await submit(t, open, { name: 'x' })).status).toBe(200);
  });

  it.each([
    ['being edited', 0],
    ['archived', 2],
  ] as const)('refuses a survey %s', async (_, status) => {
    const closed = await createSurvey(t, [q.text('name')], { status });
    const r = await submit(t, closed, { name: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('This survey is not open for submissions.');
  });
});

describe('a survey that changes after submissions were received', () => {
  it('is refused once it expires, is archived, or no longer opens through the link', async () => {
    const changing = await createSurvey(t, [q.text('name')]);
    expect((await submit(t, changing, { name: 'a' })).status).toBe(200);
    await updateSurveyHead(t.db, changing.organizationId, changing.id, { endDate: new Date(Date.now() - 1000) });
    expect((await submit(t, changing, { name: 'b' })).body.message).toBe(EXPIRED);
    await updateSurveyHead(t.db, changing.organizationId, changing.id, { endDate: null, status: 2 });
    expect((await submit(t, changing, { name: 'c' })).body.message).toBe('This survey is not open for submissions.');
    await updateSurveyHead(t.db, changing.organizationId, changing.id, { status: 1, multipleLink: false });
    expect((await submit(t, changing, { name: 'd' }, { linkUuid: 'multiple-link' })).status).toBe(404);
    expect((await submit(t, changing, { name: 'e' })).status).toBe(200);
    expect((await submit(t, changing, { name: 'f' })).body.message).toBe(USED);
  });

  it('is validated against its new content', async () => {
    const changing = await createSurvey(t, [q.text('name')]);
    expect((await submit(t, changing, { name: 'a' })).status).toBe(200);
    const name = changing.form.bindings.byName.get('name')!;
    await t.db.updateTable('survey_items').set({ is_required: true }).where('id', '=', name.id).execute();
    await t.db
      .insertInto('survey_items')
      .values({
        organization_id: changing.organizationId,
        survey_id: changing.id,
        parent_id: null,
        question_type: 35,
        name: 'age',
        sort_order: 2,
        is_required: true,
      } as never)
      .execute();
    const r = await submit(t, changing, { name: 'b' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(['age: This field is required']);
  });
});

describe('links', () => {
  it('lets a reusable link be used again and again', async () => {
    for (let i = 0; i < 3; i++) expect((await submit(t, s, { name: `r${i}` })).status).toBe(200);
    expect((await submit(t, s, { name: 'x' }, { linkUuid: 'multiple-link' })).status).toBe(200);
  });

  it('refuses a single-use link used before', async () => {
    const once = await createSurvey(t, [q.text('name')], { multipleLink: false });
    expect((await submit(t, once, { name: 'first' })).status).toBe(200);
    const again = await submit(t, once, { name: 'second' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ isSuccess: false, data: null, message: USED, errors: [USED], code: 'alreadySubmitted' });
    expect((await submit(t, once, { name: 'x' }, { linkUuid: 'multiple-link' })).status).toBe(404);
  });

  it('lets only one of several attempts at once through a single-use link', async () => {
    const once = await createSurvey(t, [q.text('name')], { multipleLink: false });
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => submit(t, once, { name: `n${i}` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual([USED, USED, USED]);
    expect(await submissionCount(t, once.id)).toBe(1);
  });

  it('does not know a survey through a wrong link or no link at all', async () => {
    expect((await submit(t, s, { name: 'x' }, { linkUuid: randomUUID() })).status).toBe(404);
    const none = await submit(t, s, { name: 'x' }, { linkUuid: null });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('The requested resource is not found');
  });

  // No task exists until the tasks area lands, so a task link is refused (tests/api/security/task-link.test.ts).
  it('does not take a task link whose task does not exist', async () => {
    const r = await submit(t, s, { name: 'x' }, { linkUuid: null, taskId: randomUUID() });
    expect(r.status).toBe(404);
  });
});

describe('members', () => {
  it.each(['collector@demo.test', 'manager@demo.test', 'organization@demo.test'])('%s submits in person without a link', async (email) => {
    const session = await t.signIn(email);
    const r = await submit(t, s, { name: 'x' }, { linkUuid: null, session });
    expect(r.status).toBe(200);
    const row = await t.db
      .selectFrom('submissions')
      .select(['submitter_id', 'is_anonymous'])
      .where('id', '=', r.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ submitter_id: session.userId, is_anonymous: false });
  });

  it('a guest needs the link like anyone', async () => {
    const guest = await t.signIn('guest@demo.test');
    expect((await submit(t, s, { name: 'x' }, { linkUuid: null, session: guest })).status).toBe(404);
    expect((await submit(t, s, { name: 'x' }, { session: guest })).status).toBe(200);
  });

  it("another organization's member gets 404 for this organization's survey", async () => {
    const other = await t.signIn('other@demo.test');
    const demo = await demoSurveyOf(t);
    const r = await submit(t, demo, { consent: true }, { linkUuid: null, session: other });
    expect(r.status).toBe(404);
    const mine = await createSurvey(t, [q.text('name')], { organization: 'other', project: 'Other Aid Water Points' });
    expect((await submit(t, mine, { name: 'x' }, { linkUuid: null, session: other })).status).toBe(200);
    expect((await submit(t, mine, { name: 'x' }, { linkUuid: null, session: await t.signIn('manager@demo.test') })).status).toBe(404);
  });

  it('scopes client ids to the organization', async () => {
    const id = randomUUID();
    const other = await createSurvey(t, [q.text('name')], { organization: 'other', project: 'Other Aid Water Points' });
    expect((await submit(t, s, { name: 'x' }, { id })).status).toBe(200);
    const r = await submit(t, other, { name: 'y' }, { id });
    expect(r.status).toBe(200);
    expect(r.body.data.duplicate).toBe(false);
  });
});
