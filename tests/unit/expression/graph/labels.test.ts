import { describe, expect, it } from 'vitest';
import { interpolate, templateReferences } from '../../../../engine/expression/index';
import { integer, repeat, survey, text } from './dsl';

describe('labels and hints with answers', () => {
  // An answer shown is isolated (U+2068 ... U+2069): its direction never scrambles the sentence.
  const s = survey(
    text('name'),
    integer('age').label('How old is ${name}?').hint('${name} said ${ age }'),
    repeat('child', text('c_name'), integer('c_age').label('Age of ${c_name}')),
  );

  it('show [No value] for a missing answer', () => {
    expect(s.start().question('age').label).toBe('How old is [No value]?');
  });

  it('follow the answers they show', () => {
    const f = s.start().answer('name', 'Amina');
    expect(f.question('age').label).toBe('How old is \u2068Amina\u2069?');
    expect(f.changes.labels).toEqual(['age']);
    expect(f.answer('age', 30).question('age').hint).toBe('\u2068Amina\u2069 said \u206830\u2069');
  });

  it('inside a repeat, show the same instance', () => {
    const f = s.start().add('child').add('child').answer('child[2]/c_name', 'Ada');
    expect(f.question('child[2]/c_age').label).toBe('Age of \u2068Ada\u2069');
    expect(f.question('child[1]/c_age').label).toBe('Age of [No value]');
  });

  it('interpolate and templateReferences work on their own', () => {
    expect(templateReferences('Hi ${a}, ${b} and ${a}')).toEqual(['a', 'b']);
    expect(interpolate('Hi ${a} (${missing})', { fields: { a: 'you' } })).toBe('Hi you ([No value])');
    expect(interpolate('no placeholders', { fields: {} })).toBe('no placeholders');
    expect(interpolate('${n}', { fields: { n: 0.5 } })).toBe('0.5');
  });
});
