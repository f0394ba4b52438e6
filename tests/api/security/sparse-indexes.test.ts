// A SubmitSurvey body with sparse index field names
// ('answers[999999].questionId') made the server build arrays of a million slots per name, freezing the
// process for seconds on one unauthenticated request. Parsing is now linear in the body: an index past
// what the body or the survey can hold is a 400 naming the field, and nothing large is allocated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindSurvey, q, repeat, toFormEntries } from '../../../engine/survey/index';
import { createTestApp, type TestApp } from '../../support/app';
import { entriesToParts } from '../../support/multipart';
import { createSurvey, send, submissionOf, type TestSurvey } from '../../support/surveys';

let t: TestApp;
let s: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [
    q.text('name'),
    q.select_multiple('fruit').choices('apple', 'pear'),
    repeat('people', q.integer('age')),
    repeat('village', repeat('household', q.integer('size'))),
  ]);
});
afterAll(() => t.close());

const idOf = (name: string): string => bindSurvey(s.model).byName.get(name)!.id;

function baseParts(): [string, string][] {
  return entriesToParts(toFormEntries(submissionOf(s, { name: 'Amina' }))) as [string, string][];
}

describe('sparse indexes', () => {
  it('an answer index far past the body is a 400 naming the field, answered at once', async () => {
    const parts = baseParts();
    for (let i = 0; i < 2000; i++) parts.push([`answers[${999_000 + i}].answerDetail.choices[999999]`, 'x']);
    const started = performance.now();
    const { status, body } = await send(t, parts);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(status).toBe(400);
    expect(body.isSuccess).toBe(false);
    expect(body.errors.join(' ')).toContain('answers[999000].answerDetail.choices[999999]');
  });

  it('thousands of lists each given one index near the limit do not freeze the process', async () => {
    const parts = baseParts();
    const n = 20_000;
    for (let i = 0; i < n; i++) parts.push([`answers[${i}].answerDetail.choices[${n - 1}]`, 'x']);
    const started = performance.now();
    const { status } = await send(t, parts);
    // Generous for a loaded machine: the quadratic reader took about 40 s on these 20,000 fields (0.5 s now).
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(status).toBe(400);
  });

  it('sectionRepeatGroups and questionIds past the body are refused the same way', async () => {
    for (const field of ['sectionRepeatGroups[999999].sectionId', 'questionIds[999999]']) {
      const { status, body } = await send(t, [...baseParts(), [field, 'x']]);
      expect(status, field).toBe(400);
      expect(body.errors.join(' ')).toContain(field);
    }
  });

  it('more answers than the survey can hold are a 400 naming answers, with a bounded list of errors', async () => {
    const flat = await createSurvey(t, [q.text('a'), q.text('b')]);
    const parts = entriesToParts(toFormEntries(submissionOf(flat, { a: 'x' }))) as [string, string][];
    const a = bindSurvey(flat.model).byName.get('a')!.id;
    // Dense indexes within the body, but far more answers than two questions can have.
    for (let i = 0; i < 3000; i++) parts.push([`answers[${i + 10}].questionId`, a]);
    const { status, body } = await send(t, parts);
    expect(status).toBe(400);
    expect(body.errors.join(' ')).toContain("'answers'");
    expect(body.errors.length).toBeLessThanOrEqual(100);
  });

  it('nested repeat instances past the budget are refused, not built', async () => {
    const size = idOf('size');
    const parts = baseParts();
    const at = parts.filter(([n]) => n.endsWith('.questionId')).length;
    // Each answer names a new outer instance and the thousandth inner one: a million instances if built.
    for (let i = 0; i < 1000; i++) {
      parts.push([`answers[${at + i}].questionId`, size]);
      parts.push([`answers[${at + i}].answerDetail.repeatGroup`, `${1000 - i}.1000`]);
      parts.push([`answers[${at + i}].answerDetail.number`, '1']);
    }
    const started = performance.now();
    const { status, body } = await send(t, parts);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(status).toBe(400);
    expect(body.errors.length).toBeLessThanOrEqual(100);
  });

  it('a gap in the indexes still closes up, in order', async () => {
    const entries = toFormEntries(submissionOf(s, { name: 'Amina', fruit: ['apple', 'pear'] }));
    // Renumber the answers with gaps: 0, 5, 10, ...
    const renamed = entries.map(
      ([name, v]) => [name.replace(/^answers\[(\d+)\]/, (_, i: string) => `answers[${Number(i) * 5}]`), v] as (typeof entries)[number],
    );
    const { status, body } = await send(t, entriesToParts(renamed));
    expect(status, JSON.stringify(body)).toBe(200);
  });
});
