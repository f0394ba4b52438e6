// The submit and draft rules of spec 001 section 5: one message for the whole form, in this order.
import { describe, expect, it } from 'vitest';
import { bindSurvey, hasAnyAnswer, q, survey } from '../../../engine/survey/index';
import { validate } from './helpers';

const s = survey(
  q.note('intro'),
  q.calculate('c').calculation("'x'"),
  q.hidden('h').default('v'),
  q.text('name').required(),
  q.integer('age').constraint('. < 120'),
  q.select_multiple('m').choices('a', 'b', 'c').maxChoices(1),
);

describe('the submit message', () => {
  it('needs at least one answer, whatever notes, calculations and hidden questions hold', () => {
    expect(validate(s, {}).message).toBe('Error: Please provide at least one piece of information before submitting.');
    expect(validate(s, { h: 'x', c: 'y' }).message).toBe('Error: Please provide at least one piece of information before submitting.');
  });

  it('names missing required answers first', () => {
    expect(validate(s, { age: 200, m: 'a b' }).message).toBe('Error: Please make sure you have filled all the required fields.');
  });

  it('then too many choices', () => {
    expect(validate(s, { name: 'x', age: 200, m: 'a b' }).message).toBe(
      'Error: You have exceeded the maximum number of choices allowed. Please provide the correct answers.',
    );
  });

  it('then constraints and the other checks', () => {
    expect(validate(s, { name: 'x', age: 200 }).message).toBe(
      'Error: Please check the constraints of the questions and provide the correct answers.',
    );
  });

  it('is null, and the form valid, when all is well', () => {
    const r = validate(s, { name: 'x', age: 20, m: 'b' });
    expect(r).toMatchObject({ valid: true, message: null, issues: [] });
    expect(r.data).toEqual({ c: 'x', h: 'v', name: 'x', age: 20, m: 'b' });
  });
});

describe('the draft rule', () => {
  it('needs one answered question, not counting note, calculate and hidden', () => {
    const b = bindSurvey(s);
    expect(hasAnyAnswer(b, { c: 'x', h: 'v' })).toBe(false);
    expect(hasAnyAnswer(b, { age: 0 })).toBe(true);
  });
});
