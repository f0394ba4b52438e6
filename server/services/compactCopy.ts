// Each submission's compact copy (migration 0014, docs/decisions/0034-exports-from-a-compact-copy.md): its
// answers as one JSON text, positional by the survey's column numbers, so an export reads one short row
// per submission instead of a row per answer. Written with the submission (services/submissions.ts) and
// again after a correction (services/submissionData.ts); read by services/submissionExport.ts.
import type { Kysely } from 'kysely';
import type { Bindings, StoredValue } from '../../engine/survey/index';
import { answersOf } from '../db/queries/submissionData';
import { ensureDataColumns, writeCompactCopy } from '../db/queries/submissionCopies';
import type { AnswerRow } from '../db/queries/submissions';
import type { DB } from '../db/schema';

/** What a compact copy holds of one answer: exactly one of the answers table's value columns. */
type Answer = Pick<AnswerRow, 'itemId' | 'repeatPath' | 'text' | 'number' | 'bool' | 'choices' | 'detail'>;

export interface CompactCopy {
  top: string;
  repeats: string | null;
}

/** The ids a copy of these answers numbers: their questions and their choices. */
function keysOf(rows: readonly Answer[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    out.push(r.itemId);
    if (r.choices) for (const id of r.choices.split(',')) out.push(id);
  }
  return out;
}

/**
 * Every question, repeat group and choice of a survey version, numbered together once: questions
 * first, so that the top-level array of a copy has no holes where choices are numbered.
 */
function surveyKeys(b: Bindings): string[] {
  const out = b.nodes.map((n) => n.id);
  for (const n of b.nodes) if (n.kind === 'field') for (const c of n.choices) out.push(c.id);
  return out;
}

function valueOf(r: Answer, numbers: ReadonlyMap<string, number>): unknown {
  if (r.text !== null) return r.text;
  if (r.number !== null) return r.number;
  if (r.bool !== null) return r.bool;
  if (r.choices !== null) return r.choices === '' ? [] : r.choices.split(',').map((id) => numbers.get(id)!);
  return { d: r.detail ?? null };
}

/** The compact copy of a submission's answers; every id must have its number in `numbers`. */
export function compactOf(rows: readonly Answer[], numbers: ReadonlyMap<string, number>): CompactCopy {
  const top: unknown[] = [];
  const repeats: unknown[] = [];
  for (const r of rows) {
    const n = numbers.get(r.itemId);
    if (n === undefined) throw new Error(`question ${r.itemId} has no data column`);
    if (r.repeatPath === '') top[n - 1] = valueOf(r, numbers);
    else repeats.push(n, r.repeatPath, valueOf(r, numbers));
  }
  // JSON writes the holes of the array (unanswered columns) as null.
  return { top: JSON.stringify(top), repeats: repeats.length ? JSON.stringify(repeats) : null };
}

/** Numbers are never changed, so a survey version's are kept with its compiled form once known. */
const known = new WeakMap<Bindings, ReadonlyMap<string, number>>();

/**
 * The column numbers for these answers of a survey version: from memory when every id has one,
 * else numbered in the database (with the rest of the version, so that happens once per version).
 */
export async function numbersFor(
  db: Kysely<DB>,
  organizationId: string,
  b: Bindings,
  rows: readonly Answer[],
): Promise<ReadonlyMap<string, number>> {
  const have = known.get(b);
  const keys = keysOf(rows);
  if (have && keys.every((k) => have.has(k))) return have;
  const numbers = await ensureDataColumns(db, organizationId, b.surveyId, [...surveyKeys(b), ...keys]);
  known.set(b, numbers);
  return numbers;
}

/** Writes a submission's copy again from its answers (after a correction, in the correction's transaction). */
export async function rewriteCompactCopy(db: Kysely<DB>, organizationId: string, b: Bindings, submissionId: string): Promise<void> {
  const rows = await answersOf(db, organizationId, [submissionId], false);
  const numbers = await numbersFor(db, organizationId, b, rows);
  await writeCompactCopy(db, organizationId, submissionId, compactOf(rows, numbers));
}

/** One value of a copy as the answers table would hold it; undefined when unanswered. */
export function storedOfCompact(v: unknown, keyOf: (n: number) => string | undefined): StoredValue | undefined {
  if (v === null || v === undefined) return undefined;
  const none = { text: null, number: null, bool: null, choices: null, detail: null };
  switch (typeof v) {
    case 'number':
      return { ...none, number: v };
    case 'string':
      return { ...none, text: v };
    case 'boolean':
      return { ...none, bool: v };
    default:
      if (Array.isArray(v)) return { ...none, choices: v.length ? v.map((n: number) => keyOf(n) ?? '').join(',') : null };
      return { ...none, detail: (v as { d?: unknown }).d ?? null };
  }
}

/** What a value of a copy's top-level array is, as scanTop finds it without parsing. */
export const TOKEN = { null: 0, number: 1, plain: 2, escaped: 3, true: 4, false: 5, array: 6, object: 7 } as const;

/** Where each value of a copy's top-level array lies in its text: s.slice(start[n], end[n]) is value n. */
export interface TopSpans {
  start: Int32Array;
  end: Int32Array;
  /** A TOKEN: `plain` is a string without escapes (its text is between the quotes as it stands). */
  kind: Uint8Array;
}

export const topSpans = (size = 1024): TopSpans => ({ start: new Int32Array(size), end: new Int32Array(size), kind: new Uint8Array(size) });

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function badCopy(): never {
  throw new Error('a compact copy is not a JSON array');
}

/** Whether the last string stringEnd went over held an escape. */
let escaped = false;

/** The end of the string that starts at s[i] (a quote); sets `escaped`. */
function stringEnd(s: string, i: number, n: number): number {
  escaped = false;
  for (i++; i < n;) {
    const c = s.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0x5c) {
      escaped = true;
      i += 2;
    } else i++;
  }
  return badCopy();
}

/** The end of the array or object that starts at s[i]. */
function nestedEnd(s: string, i: number, n: number): number {
  let depth = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(s, i, n);
      continue;
    }
    if (c === 0x5b || c === 0x7b) depth++;
    else if ((c === 0x5d || c === 0x7d) && --depth === 0) return i + 1;
    i++;
  }
  return badCopy();
}

/**
 * Finds the values of a copy's top-level array in its text (`spans` grows when needed) and returns how
 * many there are. A scan, not a parse: an export reads a few values of each kind in place instead of
 * building a 300-element array per submission. The values themselves are checked only when read.
 */
export function scanTop(s: string, spans: TopSpans): number {
  const n = s.length;
  let i = 0;
  while (i < n && isSpace(s.charCodeAt(i))) i++;
  if (s.charCodeAt(i) !== 0x5b) badCopy();
  i++;
  let k = 0;
  for (;;) {
    while (i < n && isSpace(s.charCodeAt(i))) i++;
    if (k === 0 && s.charCodeAt(i) === 0x5d) return 0;
    if (i >= n) badCopy();
    const a = i;
    const c = s.charCodeAt(i);
    let kind: number;
    if (c === 0x22) {
      i = stringEnd(s, i, n);
      kind = escaped ? TOKEN.escaped : TOKEN.plain;
    } else if (c === 0x5b || c === 0x7b) {
      i = nestedEnd(s, i, n);
      kind = c === 0x5b ? TOKEN.array : TOKEN.object;
    } else {
      while (i < n) {
        const d = s.charCodeAt(i);
        if (d === 0x2c || d === 0x5d || isSpace(d)) break;
        i++;
      }
      kind = c === 0x6e ? TOKEN.null : c === 0x74 ? TOKEN.true : c === 0x66 ? TOKEN.false : TOKEN.number;
    }
    if (k === spans.kind.length) {
      const grown = topSpans(k * 2);
      grown.start.set(spans.start);
      grown.end.set(spans.end);
      grown.kind.set(spans.kind);
      Object.assign(spans, grown);
    }
    spans.start[k] = a;
    spans.end[k] = i;
    spans.kind[k] = kind;
    k++;
    while (i < n && isSpace(s.charCodeAt(i))) i++;
    const d = s.charCodeAt(i);
    if (d === 0x2c) i++;
    else if (d === 0x5d) return k;
    else badCopy();
  }
}
