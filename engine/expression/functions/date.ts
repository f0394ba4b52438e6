// Dates: the clock, conversions between text, days and dates, and formatting.
import { compileDateFormat, DAY_MS, DateValue, formatDate } from '../values/dates';
import { checkDateNumber, toDate, type Val } from '../values/value';
import { fn, type Scope } from './types';

/** The respondent's wall clock now. */
const wallNow = (scope: Scope): number => {
  const now = scope.nowMs();
  return now + scope.offsetAt(now) * 60_000;
};

const today = (scope: Scope): DateValue => new DateValue(Math.floor(wallNow(scope) / DAY_MS) * DAY_MS);

/** date(''), like a blank answer, stays blank rather than failing. */
const dateOrBlank = (d: DateValue | null): Val => d ?? '';

const format = fn(['date', 'string'], 'string', (_, d, pattern) => (d === null ? '' : formatDate(d, compileDateFormat(pattern))), {
  specialize: ([, pattern]) => {
    if (typeof pattern !== 'string') return undefined;
    const parts = compileDateFormat(pattern);
    return (_, d) => (d === null ? '' : formatDate(d, parts));
  },
});

/**
 * Days since the epoch of the instant (JavaRosa's XPathFuncExpr.toDecimalDateTime): a number is that
 * count already, whatever the zone (out of an int's range, an error); a text without a zone is the
 * respondent's clock; a blank text stays blank, as JavaRosa returns it.
 */
const decimalDateTime = fn(['value'], 'value', (scope, v) => {
  if (typeof v === 'number') return checkDateNumber(v);
  const d = toDate(v, scope);
  return d === null ? blankOf(v) : (d.wall - scope.offsetAtWall(d.wall) * 60_000) / DAY_MS;
});

/** The fraction of the respondent's day (JavaRosa's decimalTimeOfLocalDay): '12:00' is 0.5. */
const decimalTime = fn(['value'], 'value', (scope, v) => {
  if (typeof v === 'number') return checkDateNumber(v) - Math.floor(v);
  const d = toDate(v, scope);
  return d === null ? blankOf(v) : (d.wall - Math.floor(d.wall / DAY_MS) * DAY_MS) / DAY_MS;
});

/** What toDecimalDateTime gives back for no date: the empty text, or NaN for what was NaN. */
const blankOf = (v: Val): Val => (typeof v === 'number' ? v : '');

export const dateFunctions = {
  today: fn([], 'date', today, { volatile: true }),
  now: fn([], 'date', (scope) => new DateValue(wallNow(scope)), { volatile: true }),
  /** date(6.5) is a day, 1970-01-07, as JavaRosa truncates numbers; date-time() keeps the time. */
  date: fn(['day'], 'value', (_, d) => dateOrBlank(d)),
  'date-time': fn(['date'], 'value', (_, d) => dateOrBlank(d)),
  'decimal-date-time': decimalDateTime,
  'decimal-time': decimalTime,
  'format-date': format,
  'format-date-time': format,
} as const;
