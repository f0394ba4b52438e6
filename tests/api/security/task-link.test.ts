// A task link is a credential only when its task exists, belongs to the survey, is
// assigned to the caller (or names the receiver) and takes a submission. No task exists until the tasks
// area lands, so any TaskId or MessageReceiverId is refused with 404, on the careful path and on the
// fast path (a survey the cache already compiled), with or without a valid public link beside it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, type FormEntry } from '../../../engine/survey/index';
import { createTestApp, type TestApp } from '../../support/app';
import { createSurvey, submit, submissionCount, type TestSurvey } from '../../support/surveys';

let t: TestApp;
let s: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [q.text('name')]);
});
afterAll(() => t.close());

const NOT_FOUND = 'The requested resource is not found';
const withReceiver =
  (id: string) =>
  (entries: FormEntry[]): FormEntry[] => [...entries.filter(([k]) => k !== 'MessageReceiverId'), ['MessageReceiverId', id]];

describe('a task link with a task that does not exist', () => {
  it('is refused on a survey not yet compiled (the careful path), and nothing is stored', async () => {
    const fresh = await createSurvey(t, [q.text('name')]);
    const r = await submit(t, fresh, { name: 'x' }, { linkUuid: null, taskId: randomUUID() });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ isSuccess: false, data: null, message: NOT_FOUND, errors: [NOT_FOUND], code: 'notFound' });
    expect(await submissionCount(t, fresh.id)).toBe(0);
  });

  it('is refused on a survey the cache knows (the fast path)', async () => {
    expect((await submit(t, s, { name: 'warm' })).status).toBe(200);
    const before = await submissionCount(t, s.id);
    const r = await submit(t, s, { name: 'x' }, { linkUuid: null, taskId: randomUUID() });
    expect(r.status).toBe(404);
    expect(await submissionCount(t, s.id)).toBe(before);
  });

  it('is refused even beside a valid public link: the task id would be stored as if it were true', async () => {
    for (const linkUuid of [s.linkUuid, 'multiple-link']) {
      const r = await submit(t, s, { name: 'x' }, { linkUuid, taskId: randomUUID() });
      expect(r.status).toBe(404);
    }
  });

  it('is refused for a signed-in member of the organization too', async () => {
    const collector = await t.signIn('collector@demo.test');
    const r = await submit(t, s, { name: 'x' }, { linkUuid: null, taskId: randomUUID(), session: collector });
    expect(r.status).toBe(404);
  });

  it('refuses a random message receiver id the same way', async () => {
    for (const linkUuid of [null, s.linkUuid]) {
      const r = await submit(t, s, { name: 'x' }, { linkUuid, edit: withReceiver(randomUUID()) });
      expect(r.status).toBe(404);
    }
  });

  it('still takes the public link alone', async () => {
    expect((await submit(t, s, { name: 'y' })).status).toBe(200);
  });
});
