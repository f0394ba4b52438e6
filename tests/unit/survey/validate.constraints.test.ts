// Constraints: evaluated on answered, relevant questions; the message in the respondent's language,
// else the first one given; ODK's default when the question has none.
import { describe, expect, it } from 'vitest';
import { q, repeat, survey } from '../../../engine/survey/index';
import { messages, trilingual, validate } from './helpers';

describe('constraints', () => {
  const s = trilingual(
    q.integer('age').constraint('. >= 0 and . <= 120', {
      en: 'Age must be 0 to 120',
      fr: 'L’âge doit être entre 0 et 120',
      ar: 'يجب أن يكون العمر بين 0 و120',
    }),
    q.integer('children').constraint('. <= ${age}', { fr: 'Pas plus que l’âge' }),
    q.text('code').constraint("regex(., '^[A-Z]{3}$')"),
  );

  it('gives the message in the respondent language', () => {
    expect(messages(s, { age: 130 }, { languageId: 2 })).toEqual({ age: 'L’âge doit être entre 0 et 120' });
    expect(messages(s, { age: 130 }, { languageId: 3 })).toEqual({ age: 'يجب أن يكون العمر بين 0 و120' });
    expect(messages(s, { age: 130 })).toEqual({ age: 'Age must be 0 to 120' });
  });

  it('falls back to the first message given, then to the default', () => {
    expect(messages(s, { age: 10, children: 11, code: 'abc' }, { languageId: 1 })).toEqual({
      children: 'Pas plus que l’âge',
      code: 'Sorry, this response is invalid.',
    });
  });

  it('leaves empty answers to the required rule', () => {
    expect(messages(s, { code: 'ABC' })).toEqual({});
  });

  it('says which kind of problem it is', () => {
    expect(validate(s, { age: 130 }).issues[0]).toMatchObject({ kind: 'constraint', path: 'age' });
  });

  it('reads the current instance inside a repeat', () => {
    const t = survey(q.integer('limit'), repeat('r', q.integer('v').constraint('. <= ${limit}', 'Too big')));
    expect(messages(t, { limit: 5, r: [{ v: 3 }, { v: 9 }] })).toEqual({ 'r[2]/v': 'Too big' });
  });

  it('reports a constraint that cannot be evaluated with the spec warning', () => {
    const t = survey(q.text('pattern'), q.text('code').constraint('regex(., ${pattern})'));
    expect(messages(t, { pattern: '(', code: 'A' })).toEqual({ code: 'Error evaluating xlsform fields' });
  });
});
