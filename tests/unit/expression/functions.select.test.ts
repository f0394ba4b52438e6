import { describe, expect, it } from 'vitest';
import type { Choice } from '../../../engine/expression/index';
import { ev, evaluatesTo, failure, type Case } from './helpers';

const check = (cases: readonly Case[]) => it.each(cases)('%s -> %j', (expression, expected) => evaluatesTo(expression, expected));

describe('selected and not-selected', () => {
  check([
    ["selected(${fruits}, 'banana')", true],
    ["selected(${fruits}, 'ban')", false],
    ["selected(${fruits}, ' mango ')", true],
    ["selected(${empty}, 'banana')", false],
    ["selected(${fruits}, '')", false],
    ["selected(${consent}, 'yes')", true],
    ["not-selected(${fruits}, 'kiwi')", true],
    ["not-selected(${fruits}, 'apple')", false],
    ["not(selected(${fruits}, 'none')) or count-selected(${fruits}) = 1", true],
  ]);
  it('accepts a select_multiple answer given as an array', () => {
    expect(ev("selected(${tags}, 'b')", { fields: { tags: ['a', 'b'] } })).toBe(true);
  });
  it('refuses a number literal as the choice, as JavaRosa ("must be in quotes")', () => {
    for (const source of ['selected(${codes}, 2)', 'not-selected(${codes}, -1)']) {
      const e = failure(source, { fields: { codes: '1 2' } });
      expect(e.code).toBe('argument');
      expect(e.message).toMatch(/must be in quotes/);
    }
  });
  it('reads a question holding a number as its text', () => {
    expect(ev('selected(${codes}, ${pick})', { fields: { codes: '1 2', pick: 2 } })).toBe(true);
    expect(ev("selected(${codes}, '2')", { fields: { codes: '1 2' } })).toBe(true);
  });
  // JavaRosa, XPathFuncExpr.multiSelected: (" " + answer + " ").contains(" " + choice.trim() + " ").
  // An empty choice (a blank ${other} compared with a blank answer, say) is selected only where the
  // answer has an empty item.
  it.each([
    ["selected('a b', '')", false],
    ["selected('a b', '  ')", false],
    ["selected('', '')", true],
    ["selected('a  b', '')", true],
    ["selected(' a', '')", true],
    ["not-selected('', '')", false],
    ["selected('a b c', 'a b')", true],
  ] as const)('%s is %j, as in JavaRosa', (source, expected) => {
    expect(ev(source)).toBe(expected);
  });
});

describe('count-selected and selected-at', () => {
  check([
    ['count-selected(${fruits})', 3],
    ['count-selected(${empty})', 0],
    ["count-selected('  a   b ')", 2],
    ['selected-at(${fruits}, 0)', 'apple'],
    ['selected-at(${fruits}, 2)', 'mango'],
    ['selected-at(${fruits}, 3)', ''],
    ['selected-at(${fruits}, -1)', ''],
    ['selected-at(${fruits}, 1.7)', 'banana'],
    ['selected-at(${empty}, 0)', ''],
  ]);
});

describe('jr:choice-name', () => {
  const choices: Record<string, Choice[]> = {
    fruit: [
      { name: 'apple', label: 'Apple', labels: { fr: 'Pomme' } },
      { name: 'banana', label: 'Banana' },
    ],
    yes_no: [{ name: 'yes', label: 'Yes' }],
  };
  it.each([
    ["jr:choice-name(selected-at(${fruits}, 0), '${fruits}')", 'Apple'],
    ["jr:choice-name(${consent}, '${consent}')", 'Yes'],
    ["jr:choice-name('banana', '/data/fruits')", 'Banana'],
    ["jr:choice-name('kiwi', '${fruits}')", ''],
  ] as const)('%s -> %s', (expression, expected) => evaluatesTo(expression, expected, { choices }));
  it('uses the respondent language when the choice has it', () => {
    expect(ev("jr:choice-name('apple', '${fruits}')", { choices, language: 'fr' })).toBe('Pomme');
    expect(ev("jr:choice-name('banana', '${fruits}')", { choices, language: 'fr' })).toBe('Banana');
  });
  it('fails clearly without a choice list or for a question that is not a select', () => {
    expect(failure("jr:choice-name('apple', '${fruits}')").message).toMatch(/choice list 'fruit'/);
    expect(failure("jr:choice-name('x', '${age}')", { choices }).message).toMatch(/not a select question/);
  });
});
