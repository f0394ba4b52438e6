// Dates: the clock, conversions between text, days and dates, and formatting.
import { compileDateFormat, DAY_MS, DateValue, formatDate } from '../values/dates';
import { toDate, type Val } from '../values/value';
import { fn, type Scope } from './types';

const today = (scope: Scope): DateValue => {
  const wall = scope.nowMs() + scope.offset * 60_000;
  return new DateValue(Math.floor(wall / DAY_MS) * DAY_MS);
};

/** date(''), like a blank answer, stays blank rather than failing. */
const dateOrBlank = (d: DateValue | null): Val => d ?? '';

const format = fn(['date', 'string'], 'string', (_, d, pattern) => (d === null ? '' : formatDate(d, compileDateFormat(pattern))), {
  specialize: ([, pattern]) => {
    if (typeof pattern !== 'string') return undefined;
    const parts = compileDateFormat(pattern);
    return (_, d) => (d === null ? '' : formatDate(d, parts));
  },
});

const decimalDateTime = fn(['value'], 'number', (scope, v) => {
  if (typeof v === 'number') return v;
  const d = toDate(v, scope);
  return d === null ? NaN : d.wall / DAY_MS;
});

export const dateFunctions = {
  today: fn([], 'date', today, { volatile: true }),
  now: fn([], 'date', (scope) => new DateValue(scope.nowMs() + scope.offset * 60_000), { volatile: true }),
  /** date(6.5) is a day, 1970-01-07, as JavaRosa truncates numbers; date-time() keeps the time. */
  date: fn(['day'], 'value', (_, d) => dateOrBlank(d)),
  'date-time': fn(['date'], 'value', (_, d) => dateOrBlank(d)),
  'decimal-date-time': decimalDateTime,
  'format-date': format,
  'format-date-time': format,
} as const;
