// `npm run bench -- regex`: author patterns run in linear time (docs/decisions/0029-author-patterns-on-re2.md). A corpus of known
// catastrophic patterns (nested quantifiers, overlapping alternations, (.*a){n}) is run through the
// engine's regex() - RE2, from the production build - against hostile 10 kB answers: each must be
// judged in under 10 ms. The anchor is JavaScript's backtracking RegExp on the same patterns, which
// cannot be stopped once started: it is run on short answers, growing by two characters from 12 until
// one match takes over ANCHOR_CAP_MS (or 30 characters are reached), and its last length and time are
// printed. The engine's figure is for 10,000 characters; the anchor's for a few dozen. The last two
// patterns are simple enough for the engine to hand them to the host RegExp, whose linear bound shows.
import { pathToFileURL } from 'node:url';
import type * as Engine from '../../engine/expression/index';
import { buildEngineForNode } from './expression-build';

const INPUT_LENGTH = Number(process.env.BENCH_REGEX_LENGTH ?? 10_000);
const TARGET_MS = 10;
const ANCHOR_CAP_MS = Number(process.env.BENCH_REGEX_ANCHOR_CAP_MS ?? 250);
const ANCHOR_MAX_LENGTH = 30;

interface Case {
  readonly pattern: string;
  /** A hostile answer of about n characters: almost matching, failing at the end. */
  readonly input: (n: number) => string;
}

const run = (unit: string, n: number, tail = '!'): string => unit.repeat(Math.max(1, Math.floor(n / unit.length))) + tail;
const as = (n: number): string => run('a', n);

export const CORPUS: readonly Case[] = [
  { pattern: '(a+)+b', input: as },
  { pattern: '(a*)*b', input: as },
  { pattern: '(a+)*b', input: as },
  { pattern: '(a*a*)*b', input: as },
  { pattern: '(a|a)+b', input: as },
  { pattern: '(a|aa)+b', input: as },
  { pattern: '(a|a?)+b', input: as },
  { pattern: '(a|aa|aaa)+b', input: as },
  { pattern: '(a|[a-z])+b', input: as },
  { pattern: '([a-z]|[a-z0-9])+b', input: as },
  { pattern: '(\\w|\\d)+b', input: (n) => run('1', n) },
  { pattern: '(x+x+)+y', input: (n) => run('x', n) },
  { pattern: '(.*)*b', input: as },
  { pattern: '(.+)+b', input: as },
  { pattern: '(.*a){8}', input: as },
  { pattern: '(.*a){12}', input: as },
  { pattern: '(.*a){20}', input: as },
  { pattern: '(a?){30}a{30}', input: (n) => run('a', n, '') },
  { pattern: '(0*)*1', input: (n) => run('0', n) },
  { pattern: '(\\d+)*x', input: (n) => run('1', n) },
  { pattern: '(\\w+\\s?)+', input: as },
  { pattern: '(\\s*\\w+\\s*)+', input: (n) => run('a ', n) },
  { pattern: '(a|b|ab)*c', input: (n) => run('ab', n) },
  { pattern: '((ab)*)*c', input: (n) => run('ab', n) },
  { pattern: '(a+|b+)*c', input: (n) => run('ab', n) },
  { pattern: '(.*,)*x', input: (n) => run(',', n) },
  { pattern: '(([a-z])+.)+[A-Z]([a-z])+', input: as },
  { pattern: '([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))', input: as },
  { pattern: '^([a-zA-Z0-9]+\\s?)*$', input: as },
  { pattern: '(\\p{L}+\\s?)+\\.', input: (n) => run('é', n) },
  { pattern: '([^ ]+ ?)+\\.', input: as },
  { pattern: '(a|ab)*(b|bb)*c', input: (n) => run('ab', n) },
  // Simple enough for the host RegExp (values/pattern.ts): one unbounded quantifier, few ways.
  { pattern: '\\w+\\d{1,3}x', input: as },
  { pattern: '[A-Z]{0,3}[a-z]*[0-9]{2,4}', input: as },
];

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

/** Milliseconds of one regex() evaluation by the engine, median of five after a warm-up. */
function ours(engine: typeof Engine, c: Case): { ms: number; result: unknown } {
  const program = engine.compile(`regex(\${s}, '${c.pattern}')`);
  const env = { fields: { s: c.input(INPUT_LENGTH) } };
  const result = program.evaluate(env);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    program.evaluate(env);
    times.push(performance.now() - t0);
  }
  return { ms: median(times), result };
}

/** The backtracking anchor: the longest answer (<= 30 characters) reached before one match took over the cap. */
function anchor(c: Case): { length: number; ms: number } {
  const re = new RegExp(`^(?:${c.pattern})$`, 'u');
  let last = { length: 0, ms: 0 };
  for (let n = 12; n <= ANCHOR_MAX_LENGTH; n += 2) {
    const input = c.input(n);
    const t0 = performance.now();
    re.test(input);
    last = { length: input.length, ms: performance.now() - t0 };
    if (last.ms > ANCHOR_CAP_MS) break;
  }
  return last;
}

const fmt = (n: number, digits = 2): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export default async function (): Promise<void> {
  const engine = (await import(pathToFileURL(await buildEngineForNode()).href)) as typeof Engine;
  console.log(
    `${CORPUS.length} catastrophic patterns; ours: regex() on ${INPUT_LENGTH.toLocaleString('en-US')}-character answers (target < ${TARGET_MS} ms each);`,
  );
  console.log(
    `anchor: JavaScript's backtracking RegExp on answers of 12 to ${ANCHOR_MAX_LENGTH} characters, stopped after the first match over ${ANCHOR_CAP_MS} ms.`,
  );
  const rows = CORPUS.map((c) => ({ pattern: c.pattern, ours: ours(engine, c), anchor: anchor(c) }));
  const width = Math.min(48, Math.max(...rows.map((r) => r.pattern.length)));
  const cut = (p: string): string => (p.length > width ? `${p.slice(0, width - 1)}…` : p);
  console.log(`${'pattern'.padEnd(width)} | ours (10 kB) | target | anchor (backtracking)`);
  console.log(`${'-'.repeat(width)}-|--------------|--------|----------------------`);
  let worst = 0;
  for (const r of rows) {
    worst = Math.max(worst, r.ours.ms);
    const ok = r.ours.ms < TARGET_MS ? 'ok' : 'MISSED';
    console.log(
      `${cut(r.pattern).padEnd(width)} | ${`${fmt(r.ours.ms)} ms`.padStart(12)} | ${ok.padEnd(6)} | ${fmt(r.anchor.ms, 1)} ms at ${r.anchor.length} chars`,
    );
  }
  const met = rows.filter((r) => r.ours.ms < TARGET_MS).length;
  console.log(`\nslowest of ours: ${fmt(worst)} ms; ${met}/${rows.length} under ${TARGET_MS} ms`);
}
