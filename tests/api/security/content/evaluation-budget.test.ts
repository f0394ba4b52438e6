// One public submission to a survey whose calculations explode is refused with a 422
// in the wrapper naming the question, and nothing is stored; the server goes on serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, repeat, type ItemBuilder } from '../../../../engine/survey/index';
import { createTestApp, type TestApp } from '../../../support/app';
import { createSurvey, submissionCount, submit } from '../../../support/surveys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MESSAGE =
  'This survey asks for more computation than one submission may use. Please contact the survey creator for more information.';

describe('a submission whose re-validation goes over the budget', () => {
  it('is a 422 naming the question when a calculation doubles a text at each step', async () => {
    const items: ItemBuilder[] = [q.text('name'), q.calculate('c0').calculation("'abcdefghijklmnop'")];
    for (let i = 1; i <= 40; i++) items.push(q.calculate(`c${i}`).calculation(`concat(\${c${i - 1}}, \${c${i - 1}})`));
    const s = await createSurvey(t, items);
    const r = await submit(t, s, { name: 'x' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ isSuccess: false, message: MESSAGE, errors: [`c16: ${MESSAGE}`] });
    expect(await submissionCount(t, s.id)).toBe(0);
  });

  it('is a 422 when nested computed repeat counts multiply, and the server answers the next request', async () => {
    const items: ItemBuilder[] = [
      q.integer('n'),
      repeat(
        'outer',
        repeat('inner', repeat('innermost', q.calculate('x').calculation('position(..) * 2')).repeat('${n}')).repeat('${n}'),
      ).repeat('${n}'),
    ];
    const s = await createSurvey(t, items);
    const r = await submit(t, s, { n: 1000 });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(MESSAGE);
    expect(await submissionCount(t, s.id)).toBe(0);
    expect((await t.call('GET', '/api/DataCollection/CheckOnlineStatus')).status).toBe(200);
  });
});
