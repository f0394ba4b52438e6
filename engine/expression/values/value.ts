// Runtime values and the XPath 1.0 / ODK coercions between them. Answers enter as whatever the form
// data holds and are typed here once, from the question's XLSForm type.
import { DAY_MS, DateValue, formatDateValue, looksLikeDate, parseDateText, parseTimeText } from './dates';
import { formatNumber, parseNumber } from './numbers';
import { fail } from '../errors';

export type Scalar = string | number | boolean | DateValue;

/** Several answers at once: a question inside a repeat seen from outside it, or repeat instances. */
export class NodeSet {
  constructor(
    readonly raw: readonly unknown[],
    readonly type: string | undefined,
    /** The question or repeat it holds the answers of, for messages. */
    readonly name?: string,
  ) {}
  get size(): number {
    return this.raw.length;
  }
  at(i: number, clock: Clock): Scalar {
    return scalarOf(this.raw[i], this.type, clock);
  }
  /**
   * The one answer, '' when there is none. Several answers where one value is needed is an error, as
   * in JavaRosa: '${age} > 5' from outside the repeat of age would otherwise read whichever came first.
   */
  single(clock: Clock): Scalar {
    if (this.raw.length === 0) return '';
    if (this.raw.length > 1) {
      const what = this.name === undefined ? 'These answers' : `\${${this.name}}`;
      fail(
        `${what} ${this.name === undefined ? 'are' : 'is'} repeated (${this.raw.length} answers) where one value is needed: use indexed-repeat() to pick one, or count(), sum(), join() over all of them`,
      );
    }
    return this.at(0, clock);
  }
}

export type Val = Scalar | NodeSet;

/** The only thing coercions need from the evaluation scope: the time-zone offset, in minutes east of UTC, then. */
export interface Clock {
  /** At an instant (epoch milliseconds). */
  offsetAt(instantMs: number): number;
  /** At a wall-clock time (values/dates.ts). */
  offsetAtWall(wallMs: number): number;
}

const NUMERIC_TYPES: ReadonlySet<string> = new Set(['integer', 'int', 'decimal', 'range']);

/** One answer as the engine sees it: numeric questions become numbers so 1 equals 1.0. */
export function scalarOf(raw: unknown, type: string | undefined, clock: Clock): Scalar {
  switch (typeof raw) {
    case 'string': {
      if (type !== undefined && NUMERIC_TYPES.has(type)) {
        const n = parseNumber(raw);
        if (!Number.isNaN(n)) return n;
      }
      return raw;
    }
    case 'number':
    case 'boolean':
      return raw;
    case 'bigint':
      return Number(raw);
    case 'undefined':
      return '';
    case 'object':
      if (raw === null) return '';
      if (raw instanceof DateValue) return raw;
      if (raw instanceof Date) return new DateValue(raw.getTime() + clock.offsetAt(raw.getTime()) * 60_000);
      if (Array.isArray(raw)) return raw.every(isPrimitive) ? raw.join(' ') : textOf(raw);
      return textOf(raw);
    default:
      return '';
  }
}

const isPrimitive = (v: unknown): boolean => v === null || (typeof v !== 'object' && typeof v !== 'function');

/** XPath string-value of a group or repeat instance: its answers' text, concatenated. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  let out = '';
  for (const child of Array.isArray(value) ? value : Object.values(value)) out += textOf(child);
  return out;
}

export function toStr(v: Val, clock: Clock): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return formatNumber(v);
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      if (v instanceof DateValue) return formatDateValue(v, clock.offsetAtWall(v.wall));
      return toStr(v.single(clock), clock);
  }
}

/** Text to number: XPath digits, or a date as days since the epoch (ODK); anything else is NaN. */
export function textToNumber(text: string, clock: Clock): number {
  const n = parseNumber(text);
  if (!Number.isNaN(n) || !looksLikeDate(text.trim())) return n;
  const wall = parseDateText(text, clock);
  return wall === undefined ? NaN : wall / DAY_MS;
}

export function toNum(v: Val, clock: Clock): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return textToNumber(v, clock);
    case 'boolean':
      return v ? 1 : 0;
    default:
      if (v instanceof DateValue) return v.wall / DAY_MS;
      return v.size === 0 ? NaN : toNum(v.single(clock), clock);
  }
}

export function toBool(v: Val, clock: Clock): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0 && !Number.isNaN(v);
    case 'string':
      return v.length > 0;
    default:
      if (v instanceof DateValue) return !Number.isNaN(v.wall);
      // JavaRosa reads the one answer a node-set must hold (XPath would ask whether it holds any).
      return toBool(v.single(clock), clock);
  }
}

/**
 * A number read as a date must be a whole count of days an int can hold, as JavaRosa's
 * XPathFuncExpr.toDate and toDecimalDateTime require ("out of range for representing a date").
 */
export function checkDateNumber(n: number): number {
  if (n > 2_147_483_647 || n < -2_147_483_648 || n === Infinity || n === -Infinity)
    fail(`The value ${formatNumber(n)} is out of range for a date`);
  return n;
}

/**
 * A date for the date functions; null for a blank answer (an empty text or NaN). As JavaRosa's
 * XPathFuncExpr.toDate: a number is days since 1970-01-01T00:00Z, an instant shown on the respondent's
 * clock (`wholeDays`, date(): the respondent's calendar day that many days after 1970-01-01); a
 * text must be a date, a date-time or a time (a time answer), so '19889' is an error like 'abc'.
 */
export function toDate(v: Val, clock: Clock, wholeDays = false): DateValue | null {
  switch (typeof v) {
    case 'number': {
      if (Number.isNaN(checkDateNumber(v))) return null;
      if (wholeDays) return new DateValue(Math.trunc(v) * DAY_MS);
      const instant = Math.trunc(v * DAY_MS);
      return new DateValue(instant + clock.offsetAt(instant) * 60_000);
    }
    case 'boolean':
      return fail(`${v ? 'true' : 'false'} is not a date`);
    case 'string': {
      const text = v.trim();
      if (text === '') return null;
      const wall = parseDateText(text, clock) ?? parseTimeText(text, clock);
      if (wall === undefined || Number.isNaN(wall)) fail(`'${v}' is not a valid date`);
      return new DateValue(wall);
    }
    default:
      if (v instanceof DateValue) return v;
      return v.size === 0 ? null : toDate(v.single(clock), clock, wholeDays);
  }
}

/** The result handed back to callers: dates as ODK text; several answers are an error (NodeSet.single). */
export function finalize(v: Val, clock: Clock): string | number | boolean {
  if (v instanceof DateValue) return formatDateValue(v, clock.offsetAtWall(v.wall));
  if (v instanceof NodeSet) return finalize(v.single(clock), clock);
  return v;
}

/** JavaRosa treats numbers closer than this as equal, so 0.1 + 0.2 = 0.3. */
const EPSILON = 1e-12;

function numbersEqual(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) < EPSILON;
}

/** Whether a value is a date, a date-time or neither, for comparing one with the other. */
function dateKind(v: Scalar): 'date' | 'dateTime' | undefined {
  if (v instanceof DateValue) return v.isDateOnly ? 'date' : 'dateTime';
  if (typeof v !== 'string') return undefined;
  const text = v.trim();
  if (!looksLikeDate(text)) return undefined;
  return /[T ]/.test(text) ? 'dateTime' : 'date';
}

/**
 * A date against a date-time compares calendar days, the date-time's day on the respondent's clock:
 * JavaRosa turns both into DateUtils.daysSinceEpoch (XPathFuncExpr.toNumeric, used by XPathCmpExpr)
 * and XPathEqExpr compares their date texts. '2024-01-01' is then neither before nor after
 * '2024-01-01T10:00:00+03:00', but equal to it.
 */
function mixedDays(a: Scalar, b: Scalar, clock: Clock): [number, number] | undefined {
  const x = dateKind(a);
  const y = dateKind(b);
  if (x === undefined || y === undefined || x === y) return undefined;
  return [Math.floor(toNum(a, clock)), Math.floor(toNum(b, clock))];
}

function scalarsEqual(a: Scalar, b: Scalar, clock: Clock): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') return toBool(a, clock) === toBool(b, clock);
  const days = mixedDays(a, b, clock);
  if (days !== undefined) return days[0] === days[1];
  if (typeof a === 'number' || typeof b === 'number' || a instanceof DateValue || b instanceof DateValue) {
    return numbersEqual(toNum(a, clock), toNum(b, clock));
  }
  if (a === b) return true;
  // ODK compares dates written differently (2024-1-5, 2024-01-05) as the same day.
  if (looksLikeDate(a) || looksLikeDate(b)) return numbersEqual(textToNumber(a, clock), textToNumber(b, clock));
  return false;
}

/** '=' and '!=' on one value each side: JavaRosa unpacks node-sets rather than comparing existentially. */
export function equality(negate: boolean, a: Val, b: Val, clock: Clock): boolean {
  const x = a instanceof NodeSet ? a.single(clock) : a;
  const y = b instanceof NodeSet ? b.single(clock) : b;
  return scalarsEqual(x, y, clock) !== negate;
}

export type Relation = '<' | '<=' | '>' | '>=';

function relate(op: Relation, x: number, y: number): boolean {
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
  }
}

/** Relational operators: numbers (dates as days), one value each side (JavaRosa). */
export function relational(op: Relation, a: Val, b: Val, clock: Clock): boolean {
  const x = a instanceof NodeSet ? a.single(clock) : a;
  const y = b instanceof NodeSet ? b.single(clock) : b;
  const days = mixedDays(x, y, clock);
  return days === undefined ? relate(op, toNum(x, clock), toNum(y, clock)) : relate(op, days[0], days[1]);
}
