import { describe, expect, it } from 'vitest';
import { recalculate } from '../../../../engine/expression/index';
import { calculate, date, decimal, integer, survey, text } from './dsl';

describe('calculations', () => {
  const s = survey(
    decimal('weight'),
    decimal('height'),
    calculate('bmi', 'round(${weight} div ((${height} div 100) * (${height} div 100)), 1)'),
    calculate('class', "if(${bmi} = '', '', if(${bmi} < 18.5, 'under', if(${bmi} < 25, 'normal', 'over')))"),
    calculate('unrelated', "concat('x', ${name})"),
    text('name'),
  );

  it('run in dependency order and store their results', () => {
    const f = s.start({ weight: 68.5, height: 171 });
    expect(f).toHaveValue('bmi', 23.4);
    expect(f).toHaveValue('class', 'normal');
  });

  it('re-evaluate only what depends on the change, transitively', () => {
    const f = s.start({ weight: 68.5, height: 171 }).answer('weight', 90);
    expect(f.changes.values).toEqual(['weight', 'bmi', 'class']);
    expect(f).toHaveValue('class', 'over');
  });

  it('stop propagating when a result does not change', () => {
    const f = s.start({ weight: 68.5, height: 171 }).answer('weight', 68.6);
    expect(f.changes.values).toEqual(['weight', 'bmi']);
  });

  it('store an incomplete calculation (NaN) as no answer', () => {
    expect(s.start({ weight: 68.5 })).toHaveValue('bmi', '');
  });

  it('store booleans as ODK does, as text', () => {
    const f = survey(integer('age'), calculate('adult', '${age} >= 18'), calculate('minor', "${adult} = 'false'")).start({ age: 12 });
    expect(f).toHaveValue('adult', 'false');
    expect(f).toHaveValue('minor', 'true');
  });

  it('record a failing calculation on the question and leave its answer empty', () => {
    const f = survey(text('d'), calculate('c', 'format-date(${d}, "%Y")')).start({ d: '2024-13-45' });
    expect(f).toHaveValue('c', '');
    expect(f.question('c').errors.calculate?.title).toBe('Error evaluating xlsform fields');
    expect(f.changes.errors.map((e) => [e.path, e.kind])).toEqual([['c', 'calculate']]);
    const fixed = f.answer('d', '2024-01-02');
    expect(fixed).toHaveValue('c', '2024');
    expect(fixed.question('c').errors.calculate).toBeUndefined();
  });

  it('override a default', () => {
    const f = survey(integer('n').default('3').calculation('2 + 2')).start();
    expect(f).toHaveValue('n', 4);
  });

  it('keep the first value with once()', () => {
    const f = survey(text('name'), calculate('first', 'once(${name})')).start({ name: 'Amina' });
    expect(f).toHaveValue('first', 'Amina');
    expect(f.answer('name', 'Kofi')).toHaveValue('first', 'Amina');
  });
});

describe('defaults', () => {
  const s = survey(integer('children').default('0'), text('country').default("'KE'"), date('visit').default('today()'));

  it('fill empty answers of a new form', () => {
    const f = s.start();
    expect(f).toHaveValue('children', 0);
    expect(f).toHaveValue('country', 'KE');
    expect(f).toHaveValue('visit', '2024-06-15');
  });

  it('leave given answers alone, and apply only once', () => {
    const f = s.start({ country: 'UG' });
    expect(f).toHaveValue('country', 'UG');
    expect(f.clear('country')).toHaveValue('country', undefined);
  });

  it('are skipped when opening a saved form', () => {
    expect(s.start({}, { defaults: false })).toHaveValue('children', undefined);
  });
});

describe('recalculate without a value', () => {
  it('takes the answer already in state.answers', () => {
    const f = survey(integer('a'), calculate('b', '${a} * 2')).start({ a: 1 });
    const edited = { ...f.state, answers: { ...f.state.answers, a: 5 } };
    const r = recalculate(edited, 'a');
    expect(r.state.values['b']).toBe(10);
    expect(r.changes.values).toEqual(['a', 'b']);
  });
});
