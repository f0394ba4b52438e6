// Answers as the form holds them: what counts as empty, how a computed result is stored, how a
// selection loses the choices a filter no longer allows.
import type { Indexes } from './data';

export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  return Array.isArray(value) && value.length === 0;
}

export const keyOf = (indexes: Indexes): string => indexes.join('.');
export const indexesOf = (key: string): number[] => (key === '' ? [] : key.split('.').map(Number));

export const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));

export function toBoolean(value: string | number | boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  return value !== '';
}

/**
 * A computed value as ODK stores it: text, so ${calc} = 'false' works; numbers stay numbers (they
 * compare the same either way); NaN, an incomplete calculation, is no answer.
 */
export function normaliseResult(value: string | number | boolean | undefined): string | number {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return typeof value === 'number' && Number.isNaN(value) ? '' : value;
}

/** The selection without the names not allowed; the same value when nothing was removed, undefined when nothing is left. */
export function keepAllowed(answer: unknown, allowed: ReadonlySet<string>): unknown {
  if (isEmptyAnswer(answer)) return answer;
  const selected = Array.isArray(answer) ? answer.map(String) : String(answer).trim().split(/\s+/);
  const kept = selected.filter((name) => allowed.has(name));
  if (kept.length === selected.length) return answer;
  if (kept.length === 0) return undefined;
  return Array.isArray(answer) ? kept : kept.join(' ');
}
