import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../engine/expression/index';
import { ev, evaluatesTo, failure, type Case } from './helpers';

const check = (cases: readonly Case[]) => it.each(cases)('%s -> %j', (expression, expected) => evaluatesTo(expression, expected));

describe('count, count-non-empty, sum over a repeat from outside', () => {
  check([
    ['count(${member_age})', 4],
    ['count(${members})', 4],
    ['count-non-empty(${member_name})', 3],
    ['sum(${member_age})', 75],
    ['sum(${member_age}) div count(${member_age})', 18.75],
    ['count(${age})', 1],
    ['count(${member_age} | ${age})', 5],
    ['sum(${member_name})', NaN],
    ['${member_age} > 30', true],
    ['${member_age} > 40', false],
    ['${member_age} = 7', true],
    ["${member_name} = 'Kofi'", true],
    ['${member_age} != 34', true],
  ]);
});

describe('join', () => {
  check([
    ["join(', ', ${member_name})", 'Amina, Kofi, Ada, '],
    ["join('-', 'a', 'b', ${age})", 'a-b-34'],
    ["join(' ', ${empty})", ''],
  ]);
});

describe('from inside a repeat instance', () => {
  const inside = { context: 'members[2]/member_age' };
  it.each([
    ['${member_age}', 31],
    ['${member_name}', 'Kofi'],
    ['count(${member_age})', 1],
    ['count(${members})', 4],
    ['position(..)', 2],
    ['position(${members})', 2],
    ['. + 1', 32],
    ['${age} - ${member_age}', 3],
    ["indexed-repeat(${member_name}, ${members}, 1)", 'Amina'],
    ["indexed-repeat(${member_name}, ${members}, position(..) - 1)", 'Amina'],
    ["indexed-repeat(${member_name}, ${members}, 9)", ''],
    ["indexed-repeat(${member_name}, ${members}, 0)", ''],
  ] as const)('%s -> %j', (expression, expected) => evaluatesTo(expression, expected, inside));
  it('position needs a repeat around the question', () => {
    expect(failure('position(..)', { context: 'age' }).message).toMatch(/inside a repeat/);
  });
});

describe('nested repeats', () => {
  const fields = {
    households: [
      { hh_name: 'North', people: [{ p_age: 40 }, { p_age: 12 }] },
      { hh_name: 'South', people: [{ p_age: 70 }] },
    ],
  };
  const run = (expression: string, context?: string) => evaluate(expression, { fields, ...(context === undefined ? {} : { context }) });
  it('fans out over every level from the top', () => {
    expect(run('count(${p_age})')).toBe(3);
    expect(run('sum(${p_age})')).toBe(122);
    expect(run('count(${people})')).toBe(3);
  });
  it('stays inside the enclosing instances', () => {
    expect(run('sum(${p_age})', 'households[1]/hh_name')).toBe(52);
    expect(run('${hh_name}', 'households[2]/people[1]/p_age')).toBe('South');
    expect(run('count(${people})', 'households[1]/people[2]/p_age')).toBe(2);
    expect(run('position(..)', 'households[1]/people[2]/p_age')).toBe(2);
    expect(run('position(${households})', 'households[2]/people[1]/p_age')).toBe(2);
  });
  it('indexes outer and inner repeats', () => {
    expect(run('indexed-repeat(${p_age}, ${households}, 1, ${people}, 2)')).toBe(12);
    expect(run('indexed-repeat(${hh_name}, ${households}, 2)')).toBe('South');
  });
  it('knows questions of empty repeats from env.repeats', () => {
    const empty = { fields: { households: [] }, repeats: { hh_name: ['households'], p_age: ['households', 'people'] } };
    expect(evaluate('count(${p_age})', empty)).toBe(0);
    expect(evaluate('sum(${p_age})', empty)).toBe(0);
  });
  it('reads an empty answer inside an instance that does not exist', () => {
    expect(ev('${member_age}', { context: 'members[9]/member_age' })).toBe('');
  });
});
