import { describe, expect, it } from 'vitest';
import { calculate, group, integer, repeat, survey, text } from './dsl';

describe('relevance', () => {
  const form = survey(integer('age'), text('job').relevant('${age} >= 18'), calculate('has_job', "${job} != ''")).start();

  it('hides a question whose rule is false, and shows it once the rule holds', () => {
    expect(form).not.toBeRelevant('job');
    const adult = form.answer('age', 20);
    expect(adult).toBeRelevant('job');
    expect(adult.changes.visibility).toEqual(['job']);
  });

  it('blanks a hidden answer for expressions and restores it when shown again', () => {
    const working = form.answer('age', 30).answer('job', 'nurse');
    expect(working).toHaveValue('has_job', 'true');
    const child = working.answer('age', 10);
    expect(child).toHaveValue('job', '');
    expect(child).toHaveValue('has_job', 'false');
    expect(child.state.answers['job']).toBe('nurse');
    expect(child.answer('age', 40)).toHaveValue('job', 'nurse');
  });

  it('reports nothing when the rule keeps its value', () => {
    const adult = form.answer('age', 20);
    const older = adult.answer('age', 21);
    expect(older.changes.visibility).toEqual([]);
    expect(older.changes.values).toEqual(['age']);
  });

  it('hides everything in a hidden group', () => {
    const s = survey(
      text('consent'),
      group('details', integer('size'), text('head').relevant('${size} > 1')),
      calculate('total', 'coalesce(${size}, 0) * 2'),
    );
    const base = s.start({ size: 3 });
    expect(base).toBeRelevant('head');
    const shape = survey(
      text('consent'),
      group('details', integer('size'), text('head')).relevant("${consent} = 'yes'"),
      calculate('total', '${size} * 2'),
    );
    const hidden = shape.start({ size: 3, consent: 'no' });
    expect(hidden).not.toBeRelevant('details');
    expect(hidden).not.toBeRelevant('size');
    expect(hidden).not.toBeRelevant('head');
    expect(hidden).toHaveValue('total', '');
    const shown = hidden.answer('consent', 'yes');
    expect(shown.changes.visibility).toEqual(expect.arrayContaining(['details', 'size', 'head']));
    expect(shown).toHaveValue('total', 6);
  });

  it('treats a failing rule as not true, and records the failure on the question', () => {
    const f = survey(integer('a'), text('b').relevant("date('not a date') > 0")).start();
    expect(f).not.toBeRelevant('b');
    expect(f.question('b').errors.relevant?.message).toMatch(/not a valid date/);
  });
});

describe('relevance of a repeat, per instance', () => {
  const s = survey(
    text('keep_first'),
    repeat('r', text('x'), integer('y')).relevant("position(..) = 1 or ${keep_first} != 'yes'"),
    calculate('c', 'count(${r})'),
  );

  it('hides one instance and shows another', () => {
    const f = s.start({ keep_first: 'yes' }).add('r').add('r');
    expect(f).toBeRelevant('r[1]');
    expect(f).not.toBeRelevant('r[2]');
    expect(f).toBeRelevant('r[1]/x');
    expect(f).not.toBeRelevant('r[2]/x');
    expect(f).toBeRelevant('r');
    expect(f).toHaveValue('c', 2);
  });

  it('follows what the rule reads, instance by instance', () => {
    const f = s.start({ keep_first: 'yes' }).add('r').add('r');
    const all = f.answer('keep_first', 'no');
    expect(all).toBeRelevant('r[2]/x');
    expect(all.changes.visibility).toEqual(expect.arrayContaining(['r[2]', 'r[2]/x', 'r[2]/y']));
    expect(all.changes.visibility).not.toContain('r[1]/x');
  });

  it('blanks the answers of a hidden instance for expressions, and keeps them', () => {
    const t = survey(
      text('only_one'),
      repeat('r', integer('v')).relevant("position(..) = 1 or ${only_one} != 'yes'"),
      calculate('total', 'sum(${v})'),
    );
    const f = t.start({ r: [{ v: 2 }, { v: 5 }] });
    expect(f).toHaveValue('total', 7);
    const one = f.answer('only_one', 'yes');
    expect(one).toHaveValue('total', 2);
    expect(one.state.answers['r']).toEqual([{ v: 2 }, { v: 5 }]);
  });

  it('re-evaluates after an instance is removed: the second becomes the first', () => {
    const f = s.start({ keep_first: 'yes' }).add('r').add('r').answer('r[2]/x', 'b').remove('r[1]');
    expect(f).toBeRelevant('r[1]');
    expect(f).toBeRelevant('r[1]/x');
  });

  it('hides the whole repeat when its rule fails for the instance that would come next (nothing to add)', () => {
    const t = survey(text('has_children'), repeat('children', text('child')).relevant("${has_children} = 'yes'"));
    expect(t.start()).not.toBeRelevant('children');
    expect(t.start().answer('has_children', 'yes')).toBeRelevant('children');
  });

  it('hides instances inside a hidden group', () => {
    const t = survey(text('show'), group('g', repeat('r', text('x')).relevant('position(..) = 1')).relevant("${show} = 'yes'"));
    const f = t.start({ show: 'yes', r: [{ x: 'a' }, { x: 'b' }] });
    expect(f).toBeRelevant('r[1]/x');
    expect(f).not.toBeRelevant('r[2]/x');
    const hidden = f.answer('show', 'no');
    expect(hidden).not.toBeRelevant('r[1]/x');
    expect(hidden).not.toBeRelevant('r[1]');
  });
});
