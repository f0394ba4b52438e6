// regex() patterns. Survey authors write Java regular expressions (JavaRosa runs them with
// Pattern.matches), and anyone can author a survey whose constraint the server then runs on every
// public submission: a backtracking engine would let one pattern such as (a+)+b freeze it. Patterns
// therefore run on RE2 (re2js), which matches in time linear in the input, after a translation from
// Java's syntax. What RE2 cannot run in linear time (back-references, look-around) or what would
// silently mean something else (class intersection, nested classes) is refused, with its position,
// when the expression is checked - and by checkPatterns() at publish time.
import { RE2JS } from 're2js';
import { ExpressionError, fail } from '../errors';

/** Why a pattern cannot run, and where in the author's text. */
export interface PatternProblem {
  readonly message: string;
  /** Offset in the pattern (UTF-16 code units). */
  readonly position: number;
}

export type Translation = { readonly ok: true; readonly source: string } | ({ readonly ok: false } & PatternProblem);

/** A Java class name of \p{...} as a set of characters that RE2 can read inside or outside [...]. */
const POSIX_SETS: Readonly<Record<string, string>> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'a-zA-Z',
  Digit: '0-9',
  Alnum: 'a-zA-Z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F',
  Space: ' \\t\\n\\x0B\\f\\r',
  javaLowerCase: '\\p{Ll}',
  javaUpperCase: '\\p{Lu}',
  javaWhitespace: ' \\t\\n\\x0B\\f\\r\\x1C-\\x1F\\x{1680}\\x{2000}-\\x{2006}\\x{2008}-\\x{200A}\\x{2028}\\x{2029}\\x{205F}\\x{3000}',
  javaLetter: '\\p{L}',
  javaDigit: '\\p{Nd}',
  javaLetterOrDigit: '\\p{L}\\p{Nd}',
  javaAlphabetic: '\\p{L}\\p{Nl}',
  IsAlphabetic: '\\p{L}\\p{Nl}',
  IsLetter: '\\p{L}',
  IsDigit: '\\p{Nd}',
  IsUppercase: '\\p{Lu}',
  IsLowercase: '\\p{Ll}',
  IsTitlecase: '\\p{Lt}',
  IsPunctuation: '\\p{P}',
  IsControl: '\\p{Cc}',
  IsWhite_Space: ' \\t\\n\\x0B\\f\\r\\x85\\xA0\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}',
  IsWhiteSpace: ' \\t\\n\\x0B\\f\\r\\x85\\xA0\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}',
};

/** Java escapes RE2 lacks, as sets. */
const ESCAPE_SETS: Readonly<Record<string, string>> = {
  h: ' \\t\\xA0\\x{1680}\\x{180E}\\x{2000}-\\x{200A}\\x{202F}\\x{205F}\\x{3000}',
  v: '\\n\\x0B\\f\\r\\x85\\x{2028}\\x{2029}',
};

const QUANTIFIER_RANGE = /^\{\d+(?:,\d*)?\}/;
const HEX4 = /^[0-9a-fA-F]{4}$/;

const escapeChar = (c: string): string => (/[\\^$.|?*+()[\]{}-]/.test(c) ? `\\${c}` : c);

/** Java pattern -> RE2 pattern; a problem names the first construct RE2 cannot run. */
export function translatePattern(pattern: string): Translation {
  let out = '';
  let inClass = false;
  let classStart = -1;
  let quantified = false;
  const refuse = (message: string, position: number): Translation => ({ ok: false, message, position });
  const emitSet = (body: string, negated: boolean, at: number): Translation | undefined => {
    if (!inClass) out += negated ? `[^${body}]` : `[${body}]`;
    else if (negated) return refuse('A negated class such as \\P{Alpha} cannot be used inside [...]', at);
    else out += body;
    return undefined;
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    const wasQuantified: boolean = quantified;
    quantified = false;
    if (c === '\\') {
      const next = pattern.charAt(i + 1);
      if (next === '') return refuse('The pattern ends with a lone \\', i);
      if (next >= '1' && next <= '9') return refuse('Back-references (\\1) cannot be matched in linear time', i);
      if (next === 'k' && pattern.charAt(i + 2) === '<') return refuse('Back-references (\\k<name>) cannot be matched in linear time', i);
      if (next === 'p' || next === 'P') {
        const named = pattern.charAt(i + 2) === '{';
        const end = named ? pattern.indexOf('}', i + 3) : i + 2;
        if (end === -1) return refuse('Unclosed \\p{...}', i);
        const name = named ? pattern.slice(i + 3, end) : pattern.charAt(i + 2);
        const set = POSIX_SETS[name];
        if (set !== undefined) {
          const problem = emitSet(set, next === 'P', i);
          if (problem) return problem;
        } else if (name.startsWith('In')) {
          return refuse(`Unicode blocks (\\p{${name}}) are not supported; use a script such as \\p{${name.slice(2)}} or a range`, i);
        } else {
          // Java's \p{IsLatin}, \p{IsL}, \p{L}, \p{Lu}: RE2 knows the same scripts and categories without 'Is'.
          out += `\\${next}{${name.startsWith('Is') ? name.slice(2) : name}}`;
        }
        i = end;
        continue;
      }
      const escapeSet = ESCAPE_SETS[next.toLowerCase()];
      if (escapeSet !== undefined && (next === 'h' || next === 'H' || next === 'v' || next === 'V')) {
        const problem = emitSet(escapeSet, next === 'H' || next === 'V', i);
        if (problem) return problem;
        i++;
        continue;
      }
      if (next === 'u') {
        const hex = pattern.slice(i + 2, i + 6);
        if (!HEX4.test(hex)) return refuse('\\u needs four hexadecimal digits', i);
        out += `\\x{${hex}}`;
        i += 5;
        continue;
      }
      if (next === 'e') {
        out += '\\x1B';
        i++;
        continue;
      }
      if (next === 'Z') {
        out += '\\z';
        i++;
        continue;
      }
      if (next === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        const quoted = pattern.slice(i + 2, end === -1 ? pattern.length : end);
        for (const q of quoted) out += escapeChar(q);
        i = end === -1 ? pattern.length : end + 1;
        continue;
      }
      out += c + next;
      i++;
      continue;
    }
    if (inClass) {
      if (c === '[') return refuse('Nested character classes ([a-z[0-9]]) are not supported; list the ranges in one class', i);
      if (c === '&' && pattern.charAt(i + 1) === '&') return refuse('Character class intersection (&&) is not supported', i);
      if (c === ']' && !(i === classStart + 1 || (i === classStart + 2 && pattern.charAt(classStart + 1) === '^'))) inClass = false;
      out += c;
      continue;
    }
    switch (c) {
      case '[':
        inClass = true;
        classStart = i;
        out += c;
        break;
      case '(':
        if (pattern.startsWith('(?=', i) || pattern.startsWith('(?!', i))
          return refuse('Look-ahead ((?=...), (?!...)) cannot be matched in linear time', i);
        if (pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i))
          return refuse('Look-behind ((?<=...), (?<!...)) cannot be matched in linear time', i);
        if (pattern.startsWith('(?>', i)) {
          // An atomic group only prunes backtracking, which RE2 never does: a plain group.
          out += '(?:';
          i += 2;
        } else out += c;
        break;
      case '*':
      case '?':
      case '+':
        // A quantifier followed by '+' is possessive in Java; RE2 does not backtrack, so it is the plain one.
        if (c === '+' && wasQuantified) break;
        out += c;
        quantified = c !== '?' || !wasQuantified;
        break;
      case '{': {
        const range = QUANTIFIER_RANGE.exec(pattern.slice(i))?.[0];
        if (range === undefined) {
          out += '\\{';
          break;
        }
        out += range;
        i += range.length - 1;
        quantified = true;
        break;
      }
      default:
        out += c;
    }
  }
  if (inClass) return refuse('Unclosed character class [', classStart);
  return { ok: true, source: out };
}

/** The pattern's first problem, or undefined when it can run: for checks at publish time. */
export function patternProblem(pattern: string): PatternProblem | undefined {
  const translated = translatePattern(pattern);
  if (!translated.ok) return { message: translated.message, position: translated.position };
  try {
    RE2JS.compile(translated.source);
    return undefined;
  } catch (e) {
    if (e instanceof ExpressionError) throw e;
    return { message: describeSyntaxError(e), position: positionOf(e, pattern) };
  }
}

/** RE2's message, without its library prefix. */
function describeSyntaxError(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return `Invalid pattern: ${text.replace(/^error parsing regexp: /, '')}`;
}

/** Where the fragment RE2 quotes sits in the author's pattern; 0 when it cannot be found. */
function positionOf(e: unknown, pattern: string): number {
  const fragment = e instanceof Error ? /`([^`]*)`/.exec(e.message)?.[1] : undefined;
  const at = fragment === undefined || fragment === '' ? -1 : pattern.indexOf(fragment);
  return at === -1 ? 0 : at;
}

type Matcher = (text: string) => boolean;

const SAFE_ESCAPE = /[dDwW\\^$.*+?()[\]{}|/-]/;
const BOUNDED = /^\{(\d+)(,(\d*))?\}/;
/** At most this many ways for bounded quantifiers to share out an answer: the backtracking bound. */
const MAX_WAYS = 64;

/**
 * Whether a (translated) pattern is one that a backtracking engine also matches in time linear in the
 * answer, so the host's RegExp - many times faster than re2js on the short answers forms hold - may run
 * it: no groups, no alternation, no '.', at most one unbounded quantifier, bounded ones sharing an
 * answer out in at most MAX_WAYS ways, and only escapes both engines read alike ('^0[0-9]{9}$').
 */
export function linearForBacktracking(source: string): boolean {
  let unbounded = 0;
  let ways = 1;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source.charAt(i);
    if (c === '\\') {
      if (!SAFE_ESCAPE.test(source.charAt(i + 1))) return false;
      i++;
      continue;
    }
    if (inClass) {
      if (c === '[') return false;
      if (c === ']') inClass = false;
      continue;
    }
    switch (c) {
      case '[':
        if (source.charAt(i + 1) === ']' || source.startsWith('^]', i + 1)) return false;
        inClass = true;
        break;
      case '(':
      case ')':
      case '|':
      case '.':
        return false;
      case '*':
      case '+':
      case '?':
        if (source.charAt(i + 1) === '?') return false;
        if (c === '?') ways *= 2;
        else unbounded++;
        break;
      case '{': {
        const m = BOUNDED.exec(source.slice(i));
        if (m === null) return false;
        if (m[2] !== undefined && m[3] === '') unbounded++;
        else if (m[3] !== undefined) ways *= Number(m[3]) - Number(m[1]) + 1;
        i += m[0].length - 1;
        break;
      }
      default:
        break;
    }
    if (unbounded > 1 || ways > MAX_WAYS) return false;
  }
  return !inClass;
}

/** The host's RegExp for a pattern both engines read alike, else undefined. */
function hostMatcher(source: string): Matcher | undefined {
  if (!linearForBacktracking(source)) return undefined;
  try {
    const re = new RegExp(`^(?:${source})$`, 'u');
    return (text) => re.test(text);
  } catch {
    return undefined;
  }
}

/**
 * A whole-value matcher (ODK's regex() matches the whole answer). Problems of translation throw at
 * once; RE2 itself is reached on the first match, so that a browser build that loads it on demand
 * (src/expression/re2.ts) can check an expression before it is there.
 */
export function wholeMatcher(pattern: string): Matcher {
  const translated = translatePattern(pattern);
  if (!translated.ok) return fail(`regex(): ${translated.message} (at ${translated.position + 1} in '${pattern}')`);
  const host = hostMatcher(translated.source);
  if (host !== undefined) return host;
  let re: RE2JS | undefined;
  const compiled = (): RE2JS => {
    try {
      // Anchored and tested for existence only: RE2 then runs its DFA, without the submatch
      // bookkeeping that Matcher.matches() pays for (ten times slower on 10 kB answers).
      re ??= RE2JS.compile(`^(?:${translated.source})$`);
      return re;
    } catch (e) {
      if (e instanceof ExpressionError) throw e;
      return fail(`regex(): ${describeSyntaxError(e)} (at ${positionOf(e, pattern) + 1} in '${pattern}')`);
    }
  };
  try {
    compiled();
  } catch (e) {
    // Still loading (the browser's stand-in): compile on the first match instead.
    if (!(e instanceof ExpressionError) || e.code !== 'internal') throw e;
  }
  return (text) => compiled().test(text);
}

const CACHE_LIMIT = 256;
const matchers = new Map<string, Matcher>();

/** wholeMatcher for a pattern only known when evaluating (read from an answer), memoised. */
export function cachedMatcher(pattern: string): Matcher {
  let m = matchers.get(pattern);
  if (m === undefined) {
    m = wholeMatcher(pattern);
    if (matchers.size >= CACHE_LIMIT) matchers.clear();
    matchers.set(pattern, m);
  }
  return m;
}
