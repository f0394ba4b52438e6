import { describe, expect, it } from 'vitest';
import { ev, evaluatesTo, failure, type Case } from './helpers';

const check = (cases: readonly Case[]) => it.each(cases)('%s -> %j', (expression, expected) => evaluatesTo(expression, expected));

describe('if', () => {
  check([
    ["if(${age} < 5, 'child', if(${age} < 18, 'youth', 'adult'))", 'adult'],
    ["if(true(), 1, 'x')", 1],
    ["if('', 1, 2)", 2],
    ["if('false', 1, 2)", 1],
    ['if(0, 1, 2)', 2],
    ['if(0 div 0, 1, 2)', 2],
    ['if(${empty}, 1, 2)', 2],
    ['if(count(${member_age}), 1, 2)', 1],
  ]);
  it('evaluates only the branch it takes', () => {
    expect(ev('if(true(), 1, ${no_such_question})')).toBe(1);
    expect(ev('if(false(), ${no_such_question}, 2)')).toBe(2);
  });
});

describe('not, true, false, boolean, boolean-from-string', () => {
  check([
    ['not(true())', false],
    ["not('')", true],
    ['not(0)', true],
    ['true() and false()', false],
    ['boolean(1)', true],
    ['boolean(0 div 0)', false],
    ["boolean('false')", true],
    ["boolean('')", false],
    ['boolean(count(${members}))', true],
    ["boolean-from-string('true')", true],
    ["boolean-from-string('1')", true],
    ["boolean-from-string('yes')", false],
    ["boolean-from-string('TRUE')", false],
    ['boolean-from-string(1)', true],
  ]);
});

describe('coalesce and once', () => {
  check([
    ['coalesce(${nickname}, ${first_name})', 'Amina'],
    ['coalesce(${first_name}, ${last_name})', 'Amina'],
    ["coalesce('', '')", ''],
    ['coalesce(${empty}, 0)', 0],
    ['coalesce(${age}, 1)', 34],
    ["coalesce(0 div 0, 'b')", 'b'],
    ["coalesce(number('x'), 7)", 7],
    ["coalesce(${months}, 'b')", 5],
  ]);
  it('coalesce evaluates its fallback only when needed', () => {
    expect(ev('coalesce(${age}, ${no_such_question})')).toBe(34);
  });
  it('once keeps the value the question already has', () => {
    expect(ev("once('new')", { current: 'old' })).toBe('old');
    expect(ev("once('new')", { current: '' })).toBe('new');
    expect(ev('once(random())', { current: '', random: () => 0.25 })).toBe(0.25);
  });
});

describe('and / or decide from the left, as JavaRosa: the right side is not evaluated', () => {
  check([
    ["false() and date('2023-02-30')", false],
    ["true() or date('2023-02-30')", true],
    ['${age} > 100 and ${no_such_question} = 1', false],
    ['${age} > 1 or indexed-repeat(${age}, ${members}, 1) = 1', true],
    ['1and1', true],
  ]);
  it('evaluates it when the left does not decide', () => {
    expect(failure("true() and date('2023-02-30')").message).toMatch(/not a valid date/);
  });
});
