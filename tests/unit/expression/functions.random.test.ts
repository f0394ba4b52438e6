import { describe, expect, it } from 'vitest';
import { ev } from './helpers';

const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

describe('random and uuid', () => {
  it('random draws from env.random', () => {
    expect(ev('random()', { random: () => 0.5 })).toBe(0.5);
    expect(ev('random() + random()', { random: sequence(0.25, 0.5) })).toBe(0.75);
  });
  it('random defaults to a number in [0, 1)', () => {
    const value = ev('random()');
    expect(typeof value === 'number' && value >= 0 && value < 1).toBe(true);
  });
  it('uuid() has the version 4 layout', () => {
    expect(ev('uuid()')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('uuid() is repeatable with a pinned random source', () => {
    expect(ev('uuid()', { random: () => 0 })).toBe('00000000-0000-4000-8000-000000000000');
  });
  it('uuid(n) is a token of n letters and digits', () => {
    expect(ev('uuid(12)')).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(ev('uuid(0)')).toBe('');
  });
  it('is never folded into a constant', () => {
    expect(ev('random()', { random: () => 0.1 })).toBe(0.1);
    expect(ev('random()', { random: () => 0.2 })).toBe(0.2);
  });
});
