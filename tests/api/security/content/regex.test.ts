// Survey content is input too: anyone can author a survey whose constraint is a
// catastrophic pattern, and the server re-validates every public submission with the engine. Patterns
// run on RE2, so a hostile answer is judged in linear time instead of freezing the process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../../../engine/survey/index';
import { createTestApp, type TestApp } from '../../../support/app';
import { createSurvey, submit, type TestSurvey } from '../../../support/surveys';

let t: TestApp;
let s: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [q.text('x').constraint("regex(., '(a+)+b')"), q.text('y').constraint("regex(., '(.*a){12}')")]);
});
afterAll(() => t.close());

describe('catastrophic author patterns', () => {
  it('a 40-letter hostile answer to (a+)+b is refused by its constraint at once', async () => {
    // A backtracking engine needs about 2^40 steps for this answer; RE2 needs 41.
    const started = performance.now();
    const { status, body } = await submit(t, s, { x: `${'a'.repeat(40)}!` });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('invalid');
  });

  it('(.*a){12} against a long answer too', async () => {
    const started = performance.now();
    const { status } = await submit(t, s, { y: `${'a'.repeat(2000)}` });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(status).toBe(200);
  });

  it('a matching answer is accepted', async () => {
    const { status } = await submit(t, s, { x: 'aaab' });
    expect(status).toBe(200);
  });
});
