import { describe, expect, it } from 'vitest';
import { integer, survey, text } from './dsl';

describe('required and constraint', () => {
  const s = survey(
    integer('age').required().constraint('. >= 0 and . <= 120'),
    text('consent'),
    text('reason').required("${consent} = 'no'"),
    text('hidden').relevant('false()').required(),
  );

  it('an empty required question is missing; an empty optional one is valid', () => {
    const f = s.start();
    expect(f).toBeMissing('age');
    expect(f).toBeValid('reason');
    expect(f).not.toBeRequired('reason');
  });

  it('a constraint is checked only once there is an answer', () => {
    const f = s.start();
    expect(f.answer('age', 150)).toViolateConstraint('age');
    expect(f.answer('age', 34)).toBeValid('age');
    expect(f.answer('age', 150).answer('age', 34).changes.validity).toEqual(['age']);
  });

  it('required can depend on other answers', () => {
    const f = s.start().answer('consent', 'no');
    expect(f).toBeRequired('reason');
    expect(f).toBeMissing('reason');
    expect(f.changes.required).toEqual(['reason']);
    expect(f.answer('reason', 'busy')).toBeValid('reason');
    expect(f.answer('consent', 'yes')).toBeValid('reason');
  });

  it('a hidden question is never invalid', () => {
    expect(s.start()).toBeValid('hidden');
  });

  it('blank text counts as no answer', () => {
    expect(s.start().answer('age', '   ')).toBeMissing('age');
  });

  it('a failing constraint makes the answer invalid with the error recorded', () => {
    const f = survey(text('x').constraint('date(.) > 0')).start({ x: 'abc' });
    expect(f.question('x').validity).toBe('error');
    expect(f.question('x').errors.constraint?.message).toMatch(/'abc' is not a valid date/);
    expect(f.answer('x', '2024-01-01')).toBeValid('x');
  });

  it('a constraint that cannot be parsed is a graph problem, not a broken question', () => {
    const s2 = survey(text('x').constraint('regex(., "[")'));
    expect(s2.graph.problems.map((p) => [p.field, p.kind, p.error.code])).toEqual([['x', 'constraint', 'evaluation']]);
    expect(s2.start({ x: 'a' })).toBeValid('x');
  });
});
