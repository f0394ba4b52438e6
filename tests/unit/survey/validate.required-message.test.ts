// XLSForm's required_message and read_only: the author's message replaces the type's own,
// in the respondent's language; a read-only question is shown without an input, never required of the
// respondent, and stores its own default whatever was sent.
import { describe, expect, it } from 'vitest';
import { compileSurvey, q, survey } from '../../../engine/survey/index';
import { messages, trilingual, validate } from './helpers';

describe('required message', () => {
  const s = trilingual(
    q.text('name').required(true, { en: 'Please give your name', fr: 'Veuillez indiquer votre nom' }),
    q.integer('age').required(),
    q.text('other').label('x'),
  );

  it("replaces the type's message, in the respondent's language", () => {
    expect(messages(s, { other: 'a' }, { languageId: 2 })).toEqual({ name: 'Veuillez indiquer votre nom', age: 'This field is required' });
    expect(messages(s, { other: 'a' })).toEqual({ name: 'Please give your name', age: 'This field is required' });
  });

  it('falls back to the first message given', () => {
    expect(messages(s, { other: 'a' }, { languageId: 3 })).toMatchObject({ name: 'Please give your name' });
  });
});

describe('read only', () => {
  const s = survey(q.text('site').readOnly().required().default('north'), q.text('note').readOnly(), q.text('free'));

  it('is never asked of the respondent and keeps its own default', () => {
    const r = validate(s, { site: 'south', note: 'typed', free: 'x' });
    expect(r.issues).toEqual([]);
    expect(r.data).toEqual({ site: 'north', free: 'x' });
  });

  it('is shown without an input on the fill page', () => {
    const ui = compileSurvey(s).uiSchema as Record<string, { 'ui:options': object }>;
    expect(ui.site?.['ui:options']).toMatchObject({ readonly: true });
    expect(ui.free?.['ui:options']).not.toHaveProperty('readonly');
  });
});
