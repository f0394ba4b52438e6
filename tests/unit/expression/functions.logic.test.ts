import { describe, expect, it } from 'vitest';
import { ev, evaluatesTo, type Case } from './helpers';

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
    ['if(${member_age}, 1, 2)', 1],
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
    ['boolean(${members})', true],
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
