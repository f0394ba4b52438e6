// The one-line assertion for expression tests: ev('1 + 1') is the result, evaluatesTo(...) asserts it.
import { expect } from 'vitest';
import { evaluate, ExpressionError, type Env, type Result } from '../../../engine/expression/index';

/** A Saturday morning, pinned so today() and now() are repeatable. */
export const NOW = new Date('2024-06-15T10:30:00.000Z');

export const FIELDS = {
  age: 34,
  months: '5',
  consent: 'yes',
  weight: 68.5,
  height: '171',
  fruits: 'apple banana mango',
  phone: '0712345678',
  dob: '1990-05-17',
  visit_start: '2024-03-01T09:15:00.000+03:00',
  first_name: 'Amina',
  last_name: 'Okafor',
  nickname: '',
  empty: '',
  zero: 0,
  flag: true,
  members: [
    { member_age: 34, member_name: 'Amina' },
    { member_age: 31, member_name: 'Kofi' },
    { member_age: 7, member_name: 'Ada' },
    { member_age: 3, member_name: '' },
  ],
} as const;

export const TYPES: Record<string, string> = {
  age: 'integer',
  months: 'integer',
  weight: 'decimal',
  height: 'decimal',
  dob: 'date',
  visit_start: 'dateTime',
  fruits: 'select_multiple fruit',
  consent: 'select_one yes_no',
  member_age: 'integer',
};

export function env(extra: Partial<Env> = {}): Env {
  return { fields: FIELDS, types: TYPES, now: NOW, timeZoneOffset: 0, ...extra };
}

export function ev(expression: string, extra: Partial<Env> = {}): Result {
  return evaluate(expression, env(extra));
}

/** Asserts the value (NaN-aware, numbers to 12 digits). */
export function evaluatesTo(expression: string, expected: Result, extra: Partial<Env> = {}): void {
  const actual = ev(expression, extra);
  if (typeof expected === 'number' && Number.isNaN(expected)) {
    expect(actual, expression).toBeNaN();
  } else if (typeof expected === 'number' && typeof actual === 'number' && Number.isFinite(expected) && !Number.isInteger(expected)) {
    expect(actual, expression).toBeCloseTo(expected, 12);
  } else {
    expect(actual, expression).toStrictEqual(expected);
  }
}

/** The ExpressionError an expression throws when evaluated. */
export function failure(expression: string, extra: Partial<Env> = {}): ExpressionError {
  try {
    ev(expression, extra);
  } catch (e) {
    if (e instanceof ExpressionError) return e;
    throw new Error(`expected an ExpressionError, got ${String(e)}`);
  }
  throw new Error(`expected ${expression} to fail`);
}

export type Case = readonly [expression: string, expected: Result];
