import { describe, expect, it } from 'vitest';
import { ev, evaluatesTo, type Case } from './helpers';

const check = (cases: readonly Case[]) => it.each(cases)('%s -> %j', (expression, expected) => evaluatesTo(expression, expected));

describe('arithmetic', () => {
  check([
    ['${age} + 1', 35],
    ['${age} * 12 + ${months}', 413],
    ['10 - 4 - 3', 3],
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['7 div 2', 3.5],
    ['7 mod 3', 1],
    ['-7 mod 3', -1],
    ['7 mod -3', 1],
    ['5.5 mod 2', 1.5],
    ['1 div 0', Infinity],
    ['-1 div 0', -Infinity],
    ['0 div 0', NaN],
    ['5 mod 0', NaN],
    ['-${age}', -34],
    ['- -3', 3],
    ['--3', 3],
    ['2 * -3', -6],
    ['${empty} + 1', NaN],
    ["'3' + '4'", 7],
    ["' 3 ' * 2", 6],
    ["'abc' + 1", NaN],
    ['true() + true()', 2],
    ['${flag} + 1', 2],
    ['0.1 + 0.2', 0.30000000000000004],
    ['10 div 2', 5],
    ['.5 + .5', 1],
  ]);
});

describe('comparison', () => {
  check([
    ['${age} >= 18', true],
    ['${age} < 18', false],
    ['3 <= 3', true],
    ['3 > 3', false],
    ["'10' > '9'", true],
    ["'abc' < 'abd'", false],
    ["'abc' > 'abd'", false],
    ['${empty} < 1', false],
    ['${empty} > 1', false],
    ['1 < 2 < 3', true],
    ['3 > 2 > 1', false],
    ['true() > false()', true],
    ['${zero} >= 0', true],
  ]);
});

describe('equality', () => {
  check([
    ["${consent} = 'yes'", true],
    ["${consent} != 'yes'", false],
    ["'a' = 'A'", false],
    ['1 = 1.0', true],
    ["'1' = 1.0", true],
    ["'1' = '1.0'", false],
    ['0.1 + 0.2 = 0.3', true],
    ['1 = 1.0000000000001', true],
    ['1 = 1.000000001', false],
    ['0 div 0 = 0 div 0', false],
    ['0 div 0 != 0 div 0', true],
    ['1 div 0 = 1 div 0', true],
    ["${empty} = ''", true],
    ["${nickname} != ''", false],
    ['true() = 1', true],
    ["true() = 'false'", true],
    ["false() = ''", true],
    ['${flag} = true()', true],
    ['${months} = 5', true],
    ["${age} = '34'", true],
  ]);
  it('compares an integer answer with a decimal answer as numbers (ODK Collect)', () => {
    const fields = { a: '1', b: '1.0' };
    expect(ev('${a} = ${b}', { fields, types: { a: 'integer', b: 'decimal' } })).toBe(true);
    expect(ev('${a} = ${b}', { fields, types: {} })).toBe(false);
  });
});

describe('logic', () => {
  check([
    ["${age} >= 18 and ${consent} = 'yes'", true],
    ['true() or false() and false()', true],
    ['(true() or false()) and false()', false],
    ['1 and 0', false],
    ["'x' or ''", true],
    ['1 = 1 and 2 = 2 or 3 = 4', true],
    ['not(1 = 2) and 3 > 2', true],
  ]);
  it('and/or stop at the first decisive operand', () => {
    expect(ev('false() and ${no_such_question}')).toBe(false);
    expect(ev('true() or ${no_such_question}')).toBe(true);
  });
});

describe('the current question (.)', () => {
  it.each([
    ['. >= 0 and . <= 120', 34, true],
    ['. >= 0 and . <= 120', 150, false],
    ['. + 1', '41', 42],
    [". = ''", '', true],
    ['string-length(.) <= 3', 'abcd', false],
    ['count-selected(.) <= 2', 'a b c', false],
  ] as const)('%s with . = %j -> %j', (expression, current, expected) => evaluatesTo(expression, expected, { current, context: 'age' }));
  it('is typed by the question it belongs to', () => {
    expect(ev('. = 5', { current: '5.0', context: 'age' })).toBe(true);
  });
  it('reads the question at env.context when no current value is given', () => {
    expect(ev('. * 2', { context: 'age' })).toBe(68);
  });
});
