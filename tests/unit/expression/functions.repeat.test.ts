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
    ['sum(${member_name})', 0],
    ['count(${member_age}[. > 30])', 2],
    ["count(${member_name}[. = 'Kofi'])", 1],
  ]);
});

describe('sum, min and max skip blank and non-numeric answers (JavaRosa)', () => {
  const fields = { r: [{ v: 4 }, { v: '' }, { v: 'x' }, { v: -2 }, {}] };
  const types = { v: 'integer' };
  it.each([
    ['sum(${v})', 2],
    ['min(${v})', -2],
    ['max(${v})', 4],
    ['max(${v}, -9)', 4],
    ['min(${w})', NaN],
    ['max(${w})', NaN],
    ['sum(${w})', 0],
  ] as const)('%s -> %j', (expression, expected) => {
    const value = evaluate(expression, { fields: { ...fields, s: [{ w: '' }, { w: 'n/a' }] }, types });
    if (Number.isNaN(expected)) expect(value).toBeNaN();
    else expect(value).toBe(expected);
  });
  it("max of negative answers is the largest of them (not JavaRosa's Double.MIN_VALUE start)", () => {
    expect(evaluate('max(${v})', { fields: { r: [{ v: -5 }, { v: -3 }] }, types })).toBe(-3);
  });
});

describe('a repeated question where one value is needed is an error (JavaRosa: use indexed-repeat())', () => {
  it.each([
    '${member_age} > 30',
    '${member_age} = 7',
    "${member_name} = 'Kofi'",
    '${member_age} != 34',
    'if(${member_age}, 1, 2)',
    'string(${member_age})',
    '${member_age}',
    'boolean(${members})',
  ])('%s', (expression) => {
    expect(failure(expression).message).toMatch(/\$\{member_(age|name)\}|\$\{members\}/);
    expect(failure(expression).message).toMatch(/indexed-repeat\(\)/);
  });
  it('one instance, or none, is one value', () => {
    expect(ev('${member_age} > 30', { fields: { members: [{ member_age: 34 }] } })).toBe(true);
    expect(ev('${member_age} > 30', { fields: { members: [] }, repeats: { member_age: ['members'] } })).toBe(false);
  });
  it("from inside its repeat it is the current instance's answer", () => {
    expect(ev('${member_age} > 30', { context: 'members[1]/member_name' })).toBe(true);
  });
});

describe('predicates on references', () => {
  it.each([
    ['${member_age}[2]', 31],
    ['${member_name}[3]', 'Ada'],
    ['${member_age}[9]', ''],
    ['${member_age}[position() = 4]', 3],
    ['count(${members}[member_age > 18])', 2],
    ["count(${members}[member_name != ''])", 3],
    ['sum(${member_age}[. >= 7])', 72],
    ["join(' ', ${member_name}[. != ''])", 'Amina Kofi Ada'],
    ['${members}[2] = ${members}[2]', true],
  ] as const)('%s -> %j', (expression, expected) => evaluatesTo(expression, expected));
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
    ['indexed-repeat(${member_name}, ${members}, 1)', 'Amina'],
    ['indexed-repeat(${member_name}, ${members}, position(..) - 1)', 'Amina'],
    ['indexed-repeat(${member_name}, ${members}, 9)', ''],
    ['indexed-repeat(${member_name}, ${members}, 0)', 'Amina'],
    ['indexed-repeat(${member_name}, ${members}, -3)', 'Amina'],
    ['indexed-repeat(${member_name}, ${members}, ${empty})', 'Amina'],
    ['indexed-repeat(${member_name}, ${members}, 1.9)', 'Amina'],
    ['count(indexed-repeat(${member_name}, ${members}, 9))', 0],
  ] as const)('%s -> %j', (expression, expected) => evaluatesTo(expression, expected, inside));
  it('position needs a repeat around the question', () => {
    expect(failure('position(..)', { context: 'age' }).message).toMatch(/inside a repeat/);
    expect(failure('position(../..)', inside).message).toMatch(/2 repeats/);
  });
  it('indexed-repeat() of a question outside the repeat it names is an error', () => {
    expect(failure('indexed-repeat(${age}, ${members}, 1)').message).toMatch(/\$\{age\} is not inside the repeat \$\{members\}/);
  });
  it('indexed-repeat() takes 3, 5 or 7 arguments, as JavaRosa', () => {
    expect(failure('indexed-repeat(${member_name}, ${members}, 1, ${members})').code).toBe('arity');
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
    expect(run('position(../..)', 'households[1]/people[2]/p_age')).toBe(1);
    expect(run('position(../..)', 'households[2]/people[1]/p_age')).toBe(2);
    expect(run('position()', 'households[2]/people[1]/p_age')).toBe(1);
    expect(run('indexed-repeat(${p_age}, ${households}, position(../..), ${people}, position(..))', 'households[1]/people[2]/p_age')).toBe(
      12,
    );
    expect(run('indexed-repeat(${hh_name}, ${households}, position(../..) + 1)', 'households[1]/people[2]/p_age')).toBe('South');
    expect(run('position(${households})', 'households[2]/people[1]/p_age')).toBe(2);
  });
  it('indexes outer and inner repeats', () => {
    expect(run('indexed-repeat(${p_age}, ${households}, 1, ${people}, 2)')).toBe(12);
    expect(run('indexed-repeat(${hh_name}, ${households}, 2)')).toBe('South');
  });
  it('indexed-repeat() is a node-set: an inner repeat no index names gives all its answers', () => {
    expect(run('count(indexed-repeat(${p_age}, ${households}, 1))')).toBe(2);
    expect(run('sum(indexed-repeat(${p_age}, ${households}, 1))')).toBe(52);
    expect(() => run('indexed-repeat(${p_age}, ${households}, 1) > 5')).toThrow(/repeated/);
    expect(run('indexed-repeat(${p_age}, ${households}, 2) > 5')).toBe(true);
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
