// Dates and times. A date value is kept as "wall-clock" milliseconds: the calendar date and clock
// time the respondent sees, counted as if it were UTC. Date-only answers are then whole days and
// never shift with time zones; instants written with an offset (…T09:15:00+03:00) are moved to the
// scope's time-zone offset. Formatting reads the UTC fields of the wall clock, so the host's time
// zone never leaks in.
import { fail } from '../errors';

export const DAY_MS = 86_400_000;

/** The respondent's time zone, as values/value.ts's Clock gives it. */
export interface Zone {
  offsetAt(instantMs: number): number;
}

export class DateValue {
  constructor(readonly wall: number) {}
  get isDateOnly(): boolean {
    return mod(this.wall, DAY_MS) === 0;
  }
}

const DATE_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
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
export function parseDateText(text: string, zone: Zone): number | undefined {
  if (text.length === 10) {
    const quick = plainDate(text);
    if (quick !== undefined) return quick;
  }
  const m = DATE_TEXT.exec(text.trim());
  if (m === null) return undefined;
  return wallFromParts(m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], zone);
}

const digit = (text: string, i: number): number => {
  const c = text.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
};

/** 'YYYY-MM-DD' without a regular expression: the shape of nearly every date answer. */
function plainDate(text: string): number | undefined {
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  const y = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  const m = digit(text, 5) * 10 + digit(text, 6);
  const d = digit(text, 8) * 10 + digit(text, 9);
  if (Number.isNaN(y + m + d)) return undefined;
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return NaN;
  return daysFromCivil(y, m, d) * DAY_MS;
}

/** A time of day ('14:30', '14:30:15.250+02:00') on 1970-01-01, as ODK stores time answers. */
export function parseTimeText(text: string, zone: Zone): number | undefined {
  const m = TIME_TEXT.exec(text.trim());
  if (m === null) return undefined;
  return wallFromParts('1970', '1', '1', m[1], m[2], m[3], m[4], m[5], zone);
}

function wallFromParts(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
  hour: string | undefined,
  minute: string | undefined,
  second: string | undefined,
  fraction: string | undefined,
  written: string | undefined,
  zone: Zone,
): number {
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour ?? 0);
  const mi = Number(minute ?? 0);
  const s = Number(second ?? 0);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return NaN;
  const ms = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  const wall = utc(y, mo, d, h, mi, s, ms);
  if (written === undefined) return wall;
  // An instant written with its offset: shown as the respondent's clock read it then.
  const instant = wall - zoneMinutes(written) * 60_000;
  return instant + zone.offsetAt(instant) * 60_000;
}

function zoneMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  return daysFromCivil(y, mo, d) * DAY_MS + ((h * 60 + mi) * 60 + s) * 1000 + ms;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm; no Date objects). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The calendar fields of a wall-clock time. */
export interface Fields {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** 0 = Sunday */
  readonly weekday: number;
}

export function fieldsOf(time: number): Fields {
  const wall = Math.floor(time);
  const days = Math.floor(wall / DAY_MS);
  let rest = wall - days * DAY_MS;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const millisecond = rest % 1000;
  rest = (rest - millisecond) / 1000;
  return {
    year: yoe + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: doy - Math.floor((153 * mp + 2) / 5) + 1,
    hour: Math.floor(rest / 3600),
    minute: Math.floor(rest / 60) % 60,
    second: rest % 60,
    millisecond,
    weekday: mod(days + 4, 7),
  };
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

function pad(n: number, width: number): string {
  const text = String(n);
  return text.length >= width ? text : '0'.repeat(width - text.length) + text;
}

/** ODK text of a date: 'YYYY-MM-DD' at midnight, else an ISO date-time with the offset. */
export function formatDateValue(value: DateValue, offsetMinutes: number): string {
  if (!Number.isFinite(value.wall)) return '';
  const d = fieldsOf(value.wall);
  const day = `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
  if (value.isDateOnly) return day;
  const time = `${pad(d.hour, 2)}:${pad(d.minute, 2)}:${pad(d.second, 2)}.${pad(d.millisecond, 3)}`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${day}T${time}${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** format-date escapes (spec 001 section 5). Names are English: the engine carries no locale data. */
const ESCAPES = {
  '%': () => '%',
  Y: (d: Fields) => pad(d.year, 4),
  y: (d: Fields) => pad(d.year, 4).slice(-2),
  m: (d: Fields) => pad(d.month, 2),
  n: (d: Fields) => String(d.month),
  b: (d: Fields) => (MONTHS[d.month - 1] ?? '').slice(0, 3),
  B: (d: Fields) => MONTHS[d.month - 1] ?? '',
  d: (d: Fields) => pad(d.day, 2),
  e: (d: Fields) => String(d.day),
  a: (d: Fields) => (WEEKDAYS[d.weekday] ?? '').slice(0, 3),
  A: (d: Fields) => WEEKDAYS[d.weekday] ?? '',
  H: (d: Fields) => pad(d.hour, 2),
  h: (d: Fields) => String(d.hour),
  M: (d: Fields) => pad(d.minute, 2),
  S: (d: Fields) => pad(d.second, 2),
  I: (d: Fields) => pad(d.hour % 12 || 12, 2),
  '3': (d: Fields) => pad(d.millisecond, 3),
  p: (d: Fields) => (d.hour < 12 ? 'AM' : 'PM'),
} as const satisfies Record<string, (d: Fields) => string>;
type Escape = keyof typeof ESCAPES;
type Formatter = (d: Fields) => string;

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
  if (!Number.isFinite(value.wall)) return '';
  const d = fieldsOf(value.wall);
  let out = '';
  for (const part of format) out += typeof part === 'string' ? part : part(d);
  return out;
}
