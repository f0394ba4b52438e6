import { describe, expect, it } from 'vitest';
import { calculate, group, integer, survey, text } from './dsl';

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
    const shape = survey(text('consent'), group('details', integer('size'), text('head')).relevant("${consent} = 'yes'"), calculate('total', '${size} * 2'));
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
