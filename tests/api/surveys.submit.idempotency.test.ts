// The client's id makes a submission idempotent: the same content again answers success with the
// stored submission and stores nothing twice, even sent five times at once; other content is a 409.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, repeat } from '../../engine/survey/index';
import { updateSurveyHead } from '../../server/db/queries/surveys';
import { createTestApp, type TestApp } from '../support/app';
import { createSurvey, submit, submissionCount, type TestSurvey } from '../support/surveys';

let t: TestApp;
let s: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [
    q.text('name').required(),
    q.integer('n'),
    repeat('r', q.text('v')).repeat('${n}'),
    q.select_multiple('m').choices('a', 'b'),
  ]);
});
afterAll(() => t.close());

const data = { name: 'Amina', n: 2, r: [{ v: 'x' }, { v: 'y' }], m: 'a b' };

async function answersOf(clientId: string): Promise<number> {
  const rows = await t.db
    .selectFrom('answers')
    .innerJoin('submissions as s', 's.id', 'answers.submission_id')
    .select('answers.item_id')
    .where('s.client_id', '=', clientId)
    .execute();
  return rows.length;
}

describe('the same submission again', () => {
  it('answers success with the stored submission', async () => {
    const id = randomUUID();
    const first = await submit(t, s, data, { id });
    const second = await submit(t, s, data, { id });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ ...first.body.data, duplicate: true });
    expect(second.body.message).toBe('This submission was already received.');
    expect(first.body.data.answerCount).toBe(await answersOf(id));
    expect(await t.db.selectFrom('submissions').select('id').where('client_id', '=', id).execute()).toHaveLength(1);
  });

  it('sent five times at once, is stored once', async () => {
    const id = randomUUID();
    const before = await submissionCount(t, s.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(t, s, data, { id })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(results.filter((r) => !r.body.data.duplicate)).toHaveLength(1);
    expect(await submissionCount(t, s.id)).toBe(before + 1);
    expect(await answersOf(id)).toBe(results[0]!.body.data.answerCount);
  });

  it('still succeeds after the survey closed, since it was received before', async () => {
    const closing = await createSurvey(t, [q.text('name')]);
    const id = randomUUID();
    expect((await submit(t, closing, { name: 'x' }, { id })).status).toBe(200);
    await updateSurveyHead(t.db, closing.organizationId, closing.id, { endDate: new Date(Date.now() - 60_000) });
    const again = await submit(t, closing, { name: 'x' }, { id });
    expect(again.status).toBe(200);
    expect(again.body.data.duplicate).toBe(true);
  });
});

describe('the same id with other content', () => {
  it('is refused with 409 and changes nothing', async () => {
    const id = randomUUID();
    expect((await submit(t, s, data, { id })).status).toBe(200);
    const other = await submit(t, s, { ...data, name: 'Someone else' }, { id });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      isSuccess: false,
      data: null,
      message: 'This submission was already received with different answers.',
      errors: ['This submission was already received with different answers.'],
      code: 'submissionConflict',
    });
    const stored = await t.db
      .selectFrom('answers')
      .innerJoin('submissions as x', 'x.id', 'answers.submission_id')
      .select('text_value')
      .where('x.client_id', '=', id)
      .where('text_value', '=', 'Amina')
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('is refused even when the first one is still being written', async () => {
    const id = randomUUID();
    const results = await Promise.all([submit(t, s, data, { id }), submit(t, s, { ...data, name: 'Other' }, { id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
