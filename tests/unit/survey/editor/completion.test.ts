// Completion in expression fields and the word on references to later questions.
import { describe, expect, it } from 'vitest';
import { completionsAt, laterReferences, q, section, survey } from '../../../../engine/survey/index';

const names = ['age', 'agency', 'household_size', 'page_count'];

describe('completion', () => {
  it('offers the survey names after ${, those starting with what was typed first, and replaces a closing brace', () => {
    const text = '${ag} > 5';
    const c = completionsAt(text, 4, names)!;
    expect(c.options.map((o) => o.label)).toEqual(['age', 'agency', 'page_count']);
    expect(text.slice(0, c.from) + c.options[0]!.insert + text.slice(c.to)).toBe('${age} > 5');
    expect(completionsAt('${', 2, names)!.options).toHaveLength(4);
    expect(completionsAt('${zz', 4, names)).toBeNull();
  });

  it('offers function names for a word, not inside a string or a reference', () => {
    const c = completionsAt('count-sel', 9, names)!;
    expect(c.options.map((o) => o.insert)).toEqual(['count-selected(']);
    expect(c).toMatchObject({ from: 0, to: 9 });
    expect(completionsAt("regex(., 'cou", 13, names)).toBeNull();
    expect(completionsAt('. > 1', 5, names)).toBeNull();
  });
});

describe('references to later questions', () => {
  it('names the questions an expression refers to that come after it', () => {
    const m = survey(q.integer('a').relevant('${b} > 1 and ${a0} > 0'), q.integer('a0'), section('s', q.integer('b')).relevant('${b} > 0'));
    const [a, , s] = m.surveyItems;
    expect(laterReferences(m, a!.id, '${b} > 1 and ${a0} > 0')).toEqual(['b', 'a0']);
    // A section's own questions are not later than it.
    expect(laterReferences(m, s!.id, '${b} > 0')).toEqual([]);
  });
});
