// Dates and times. A date value is kept as "wall-clock" milliseconds: the calendar date and clock
// time the respondent sees, counted as if it were UTC. Date-only answers are then whole days and
// never shift with time zones; instants written with an offset (…T09:15:00+03:00) are moved to the
// scope's time-zone offset. Formatting reads the UTC fields of the wall clock, so the host's time
// zone never leaks in.
import { fail } from '../errors';

export const DAY_MS = 86_400_000;

export class DateValue {
  constructor(readonly wall: number) {}
  get isDateOnly(): boolean {
    return mod(this.wall, DAY_MS) === 0;
  }
}

const DATE_TEXT =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const TIME_TEXT = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Cheap pre-check so ordinary text never reaches the regular expression. */
export function looksLikeDate(text: string): boolean {
  if (text.length < 8) return false;
  const c0 = text.charCodeAt(0);
  return c0 >= 48 && c0 <= 57 && text.charCodeAt(4) === 45;
}

/**
 * Wall-clock milliseconds of a date or date-time text, NaN when it has the shape of a date but is
 * not one (2023-02-30), undefined when it does not have the shape at all.
 */
export function parseDateText(text: string, offsetMinutes: number): number | undefined {
  const m = DATE_TEXT.exec(text.trim());
  if (m === null) return undefined;
  return wallFromParts(m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], offsetMinutes);
}

/** A time of day ('14:30', '14:30:15.250+02:00') on 1970-01-01, as ODK stores time answers. */
export function parseTimeText(text: string, offsetMinutes: number): number | undefined {
  const m = TIME_TEXT.exec(text.trim());
  if (m === null) return undefined;
  return wallFromParts('1970', '1', '1', m[1], m[2], m[3], m[4], m[5], offsetMinutes);
}

function wallFromParts(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
  fraction: string | undefined,
  zone: string | undefined,
  offsetMinutes: number,
): number {
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour ?? 0);
  const mi = Number(minute ?? 0);
  const s = Number(second ?? 0);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return NaN;
  const ms = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  let wall = utc(y, mo, d, h, mi, s, ms);
  if (zone !== undefined) wall += (offsetMinutes - zoneMinutes(zone)) * 60_000;
  return wall;
}

function zoneMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, ms));
  date.setUTCFullYear(y); // Date.UTC maps years 0-99 to 1900-1999
  return date.getTime();
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, month: number): number {
  if (month === 2) return isLeapYear(y) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** ODK text of a date: 'YYYY-MM-DD' at midnight, else an ISO date-time with the offset. */
export function formatDateValue(value: DateValue, offsetMinutes: number): string {
  const d = new Date(value.wall);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
  if (value.isDateOnly) return day;
  const time = `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(d.getUTCMilliseconds(), 3)}`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${day}T${time}${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** format-date escapes (spec 001 section 5). Names are English: the engine carries no locale data. */
const ESCAPES = {
  '%': () => '%',
  Y: (d: Date) => pad(d.getUTCFullYear(), 4),
  y: (d: Date) => pad(d.getUTCFullYear(), 4).slice(-2),
  m: (d: Date) => pad(d.getUTCMonth() + 1, 2),
  n: (d: Date) => String(d.getUTCMonth() + 1),
  b: (d: Date) => (MONTHS[d.getUTCMonth()] ?? '').slice(0, 3),
  B: (d: Date) => MONTHS[d.getUTCMonth()] ?? '',
  d: (d: Date) => pad(d.getUTCDate(), 2),
  e: (d: Date) => String(d.getUTCDate()),
  a: (d: Date) => (WEEKDAYS[d.getUTCDay()] ?? '').slice(0, 3),
  A: (d: Date) => WEEKDAYS[d.getUTCDay()] ?? '',
  H: (d: Date) => pad(d.getUTCHours(), 2),
  h: (d: Date) => String(d.getUTCHours()),
  M: (d: Date) => pad(d.getUTCMinutes(), 2),
  S: (d: Date) => pad(d.getUTCSeconds(), 2),
  I: (d: Date) => pad(d.getUTCHours() % 12 || 12, 2),
  '3': (d: Date) => pad(d.getUTCMilliseconds(), 3),
  p: (d: Date) => (d.getUTCHours() < 12 ? 'AM' : 'PM'),
} as const satisfies Record<string, (d: Date) => string>;
type Escape = keyof typeof ESCAPES;
type Formatter = (d: Date) => string;

/** Literal text and field formatters, in order. */
export type DateFormat = readonly (string | Formatter)[];

const isEscape = (c: string): c is Escape => Object.hasOwn(ESCAPES, c);

/** Splits a format into literal text and escapes; an unknown escape or a trailing % is an error. */
export function compileDateFormat(format: string): DateFormat {
  const parts: (string | Formatter)[] = [];
  let literal = '';
  for (let i = 0; i < format.length; i++) {
    const c = format.charAt(i);
    if (c !== '%') {
      literal += c;
      continue;
    }
    const next = format.charAt(++i);
    if (next === '') fail(`The date format '${format}' ends with a lone %; write %% for a percent sign`);
    if (!isEscape(next)) fail(`Unknown date format escape %${next} in '${format}'`);
    if (literal !== '') parts.push(literal);
    literal = '';
    parts.push(ESCAPES[next]);
  }
  if (literal !== '') parts.push(literal);
  return parts;
}

export function formatDate(value: DateValue, format: DateFormat): string {
  const d = new Date(value.wall);
  if (Number.isNaN(d.getTime())) return '';
  let out = '';
  for (const part of format) out += typeof part === 'string' ? part : part(d);
  return out;
}
