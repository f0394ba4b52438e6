// Text functions (XPath 1.0 string functions and ODK additions).
import { cachedMatcher, wholeMatcher } from '../values/pattern';
import { toStr } from '../values/value';
import { fn, type Scope } from './types';

const XML_SPACE = /[ \t\r\n]+/g;

const currentText = (scope: Scope): string => toStr(scope.current(), scope);

/** JavaRosa substr: 0-based, end exclusive; a negative index counts from the end; clamped to the text. */
function substr(text: string, start: number, end: number | undefined): string {
  const from = clampIndex(start, text.length);
  const to = end === undefined ? text.length : clampIndex(end, text.length);
  return from < to ? text.slice(from, to) : '';
}

function clampIndex(n: number, length: number): number {
  // Java's (int) of NaN is 0.
  const whole = Number.isNaN(n) ? 0 : Math.trunc(n);
  const index = whole < 0 ? length + whole : whole;
  return Math.min(Math.max(0, index), length);
}

/** XPath 1.0 substring: 1-based, positions rounded, the characters p with start <= p < start + length. */
function substring(text: string, start: number, length: number | undefined): string {
  const from = Math.round(start);
  const to = length === undefined ? Infinity : from + Math.round(length);
  if (Number.isNaN(from) || Number.isNaN(to)) return '';
  let out = '';
  for (let p = Math.max(1, from); p < to && p <= text.length; p++) out += text.charAt(p - 1);
  return out;
}

function translate(text: string, from: string, to: string): string {
  let out = '';
  for (const c of text) {
    const i = from.indexOf(c);
    if (i === -1) out += c;
    else if (i < to.length) out += to.charAt(i);
  }
  return out;
}

export const stringFunctions = {
  concat: fn(['...string'], 'string', (_, parts) => parts.join('')),
  /** pulldata('instance', 'column', 'key column', key): a value from a CSV attached to the form (Env.attachments). */
  pulldata: fn(['string', 'string', 'string', 'string'], 'string', (scope, instance, column, keyColumn, key) =>
    scope.pulldata(instance, column, keyColumn, key),
  ),
  string: fn(['value?'], 'string', (scope, v) => toStr(v ?? scope.current(), scope)),
  'string-length': fn(['string?'], 'number', (scope, s) => (s ?? currentText(scope)).length),
  'normalize-space': fn(['string?'], 'string', (scope, s) => (s ?? currentText(scope)).replace(XML_SPACE, ' ').trim()),
  contains: fn(['string', 'string'], 'boolean', (_, s, part) => s.includes(part)),
  'not-contains': fn(['string', 'string'], 'boolean', (_, s, part) => !s.includes(part)),
  'starts-with': fn(['string', 'string'], 'boolean', (_, s, prefix) => s.startsWith(prefix)),
  'ends-with': fn(['string', 'string'], 'boolean', (_, s, suffix) => s.endsWith(suffix)),
  'substring-before': fn(['string', 'string'], 'string', (_, s, sep) => {
    const i = s.indexOf(sep);
    return i === -1 ? '' : s.slice(0, i);
  }),
  'substring-after': fn(['string', 'string'], 'string', (_, s, sep) => {
    const i = s.indexOf(sep);
    return i === -1 ? '' : s.slice(i + sep.length);
  }),
  substr: fn(['string', 'number', 'number?'], 'string', (_, s, start, end) => substr(s, start, end)),
  substring: fn(['string', 'number', 'number?'], 'string', (_, s, start, length) => substring(s, start, length)),
  translate: fn(['string', 'string', 'string'], 'string', (_, s, from, to) => translate(s, from, to)),
  /** ODK regex(): the pattern must match the whole value (JavaRosa), in linear time (values/pattern.ts). */
  regex: fn(['string', 'string'], 'boolean', (_, s, pattern) => cachedMatcher(pattern)(s), {
    specialize: ([, pattern]) => {
      if (typeof pattern !== 'string') return undefined;
      const matches = wholeMatcher(pattern);
      return (_, s) => matches(s);
    },
  }),
} as const;
