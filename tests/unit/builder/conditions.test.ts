// The condition builder's mapping: conditions -> relevance expression -> the engine's parse tree ->
// the same conditions; expressions that are not a flat list of conditions are left to the raw editor.
import { describe, expect, it } from 'vitest';
import { parse } from '../../../engine/expression/index';
import type { QuestionType } from '../../../engine/survey/index';
import { fromTree, operatorsFor, toExpression, type Conditions } from '../../../src/pages/surveys/builder/skip/conditions';

const TYPES: Record<string, QuestionType> = { age: 35, region: 32, needs: 33, name: 34, visit: 37 };
const typeOf = (n: string) => TYPES[n];
const read = (source: string) => fromTree(parse(source).root);

describe('conditions -> expression', () => {
  it('quotes choice names and text, not numbers', () => {
    const c: Conditions = {
      join: 'and',
      list: [
        { name: 'age', op: '>=', value: '18' },
        { name: 'region', op: '=', value: 'turkana' },
      ],
    };
    expect(toExpression(c, typeOf)).toBe("${age} >= 18 and ${region} = 'turkana'");
  });
  it('writes selected(), not(selected()), answered and any', () => {
    const c: Conditions = {
      join: 'or',
      list: [
        { name: 'needs', op: 'selected', value: 'food' },
        { name: 'needs', op: 'notSelected', value: 'cash' },
        { name: 'name', op: 'answered', value: '' },
      ],
    };
    expect(toExpression(c, typeOf)).toBe("selected(${needs}, 'food') or not(selected(${needs}, 'cash')) or ${name} != ''");
  });
  it('is empty without conditions', () => expect(toExpression({ join: 'and', list: [] }, typeOf)).toBe(''));
});

describe('expression -> conditions', () => {
  it.each([
    "${age} >= 18 and ${region} = 'turkana'",
    "selected(${needs}, 'food') or not(selected(${needs}, 'cash')) or ${name} != ''",
    "${visit} < '2026-01-01'",
    "${name} = ''",
  ])('round-trips %s', (source) => {
    const c = read(source);
    expect(c).not.toBeNull();
    expect(toExpression(c!, typeOf)).toBe(source);
  });
  it('reads a negative number', () => expect(read('${age} > -1')?.list[0]).toEqual({ name: 'age', op: '>', value: '-1' }));
  it.each(['${a} = 1 and ${b} = 2 or ${c} = 3', 'count-selected(${needs}) > 2', '${age} + 1 > 2', '${a} = ${b}'])(
    'leaves %s to the raw editor',
    (source) => expect(read(source)).toBeNull(),
  );
});

describe('operators by type', () => {
  it('offers comparisons to numbers and dates, selected() to multiple choice', () => {
    expect(operatorsFor(35)).toContain('>');
    expect(operatorsFor(37)).toContain('<=');
    expect(operatorsFor(32)).not.toContain('>');
    expect(operatorsFor(33)).toEqual(['selected', 'notSelected', 'answered', 'notAnswered']);
  });
});
