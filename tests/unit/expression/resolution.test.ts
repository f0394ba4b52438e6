import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../engine/expression/index';
import { ev } from './helpers';

describe('${name} resolution', () => {
  it('reads a top-level answer as its value', () => {
    expect(ev('${age}')).toBe(34);
    expect(ev('${months}')).toBe(5);
    expect(evaluate('${months}', { fields: { months: '5' } })).toBe('5');
  });

  it('joins an answer given as an array (select_multiple) with spaces', () => {
    expect(evaluate('${tags}', { fields: { tags: ['a', 'b'] } })).toBe('a b');
  });

  it('reads null and undefined answers as empty', () => {
    expect(evaluate("${a} = ''", { fields: { a: null } })).toBe(true);
    expect(evaluate("${a} = ''", { fields: { a: undefined } })).toBe(true);
  });

  it('ignores group segments in the context path', () => {
    expect(ev('${member_age}', { context: 'grp/members[3]/inner/member_age' })).toBe(7);
    expect(ev('${member_age}', { context: '/data/members[2]/member_age' })).toBe(31);
  });

  it('uses env.repeats when given, instead of looking through the answers', () => {
    const fields = { r: [{ x: 1 }, { x: 2 }] };
    expect(evaluate('sum(${x})', { fields, repeats: { x: ['r'] } })).toBe(3);
    expect(evaluate('${x}', { fields, repeats: { x: ['r'] }, context: 'r[2]/x' })).toBe(2);
  });

  it('reads a Date object answer in the respondent time zone', () => {
    expect(evaluate("format-date-time(${t}, '%H:%M')", { fields: { t: new Date('2024-01-01T10:00:00Z') }, timeZoneOffset: 60 })).toBe(
      '11:00',
    );
  });

  it('compiles an expression once and reuses it', async () => {
    const { compile, parse } = await import('../../../engine/expression/index');
    expect(compile('${age} + 41')).toBe(compile('${age} + 41'));
    const parsed = parse('1 + 1');
    expect(compile(parsed)).toBe(compile(parsed));
    expect(evaluate(parsed, { fields: {} })).toBe(2);
  });
});
