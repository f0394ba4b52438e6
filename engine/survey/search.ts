// The search() appearance of ODK: a select question whose choices are the rows of a CSV file
// attached to the survey - search('towns'), or filtered: search('towns', 'matches', 'county', ${county}),
// with 'contains', 'startswith', 'endswith', and a second column and value that must match exactly. The
// question's own choice row names the CSV columns: its name the column of the values, its label (per
// language; several columns separated by commas) the columns shown. bindSurvey turns the call into
// plain choices and a choice filter, so the fill page, offline drafts, the validator and the data
// screens need nothing of their own (docs/decisions/0031-csv-attachments-search-and-pulldata.md).
import { syntaxTree, type AstNode } from '../expression/index';
import type { ChoiceModel, LocalizedText } from './model';

export const SEARCH_MODES = ['matches', 'contains', 'startswith', 'endswith'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export interface SearchCall {
  /** The attachment's instance name: the file name without `.csv`. */
  readonly file: string;
  /** The call as the appearance spells it. */
  readonly text: string;
  readonly mode: SearchMode | null;
  /** Columns and the expression sources of the values they are compared with (0, 1 or 2 pairs). */
  readonly pairs: readonly { readonly column: string; readonly value: string }[];
}

export interface Appearance {
  /** The appearance words without the search() call. */
  readonly words: readonly string[];
  /** The search() call, when the appearance holds one. */
  readonly search: SearchCall | null;
  /** Why a search(...) in the appearance cannot be read. */
  readonly problem: string | null;
}

/**
 * Appearance words, with a `search(...)` call kept whole (its arguments hold spaces and quoted text):
 * `minimal search('towns', 'matches', 'county', ${county})` is two words.
 */
export function appearanceWords(appearance: string | null | undefined): string[] {
  const s = appearance ?? '';
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    if (/\s/.test(s[i]!)) {
      i++;
      continue;
    }
    const start = i;
    let depth = 0;
    let quote: string | null = null;
    for (; i < s.length; i++) {
      const c = s[i]!;
      if (quote !== null) {
        if (c === quote) quote = null;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '(') depth++;
      else if (c === ')') depth = Math.max(0, depth - 1);
      else if (depth === 0 && /\s/.test(c)) {
        // 'search (' is still the call.
        const rest = s.slice(i).trimStart();
        if (!(rest.startsWith('(') && /^search$/i.test(s.slice(start, i)))) break;
      }
    }
    out.push(s.slice(start, i).replace(/^search\s+\(/i, 'search('));
  }
  return out;
}

const isSearchWord = (w: string): boolean => /^search\s*\(/i.test(w);

/** Whether an appearance word is a search() call (the builder accepts it on select questions). */
export const isSearchCall = isSearchWord;

const stringArg = (node: AstNode | undefined): string | null => (node?.kind === 'string' ? node.value : null);

/** The search() call of an appearance word, or why it cannot be read. */
export function parseSearch(word: string): SearchCall | string {
  const usage =
    "search() takes a file name, or a file name, 'matches', 'contains', 'startswith' or 'endswith', a column and a value, and optionally a second column and value";
  const root = syntaxTree(word);
  if (root === undefined || root.kind !== 'call' || root.name.toLowerCase() !== 'search') return `'${word}' cannot be read: ${usage}`;
  const args = root.args;
  if (![1, 4, 6].includes(args.length)) return usage;
  const file = stringArg(args[0])
    ?.trim()
    .replace(/\.csv$/i, '');
  if (!file) return "search() needs the CSV file's name in quotes as its first argument";
  if (args.length === 1) return { file, text: word, mode: null, pairs: [] };
  const mode = stringArg(args[1])?.trim().toLowerCase();
  if (!(SEARCH_MODES as readonly string[]).includes(mode ?? ''))
    return `search() filters with 'matches', 'contains', 'startswith' or 'endswith', not ${args[1]?.kind === 'string' ? `'${args[1].value}'` : 'an expression'}`;
  const pairs: { column: string; value: string }[] = [];
  for (let k = 2; k < args.length; k += 2) {
    const column = stringArg(args[k])?.trim();
    if (!column) return 'search() needs a column name in quotes before each value';
    const v = args[k + 1]!;
    pairs.push({ column, value: word.slice(v.span.offset, v.span.offset + v.span.length) });
  }
  return { file, text: word, mode: mode as SearchMode, pairs };
}

/** An appearance split into its words and its search() call. */
export function readAppearance(appearance: string | null | undefined): Appearance {
  const words: string[] = [];
  let search: SearchCall | null = null;
  let problem: string | null = null;
  for (const w of appearanceWords(appearance)) {
    if (!isSearchWord(w)) {
      words.push(w);
      continue;
    }
    const r = parseSearch(w);
    if (typeof r === 'string') problem = r;
    else if (search !== null) problem = 'An appearance holds one search() call at most';
    else search = r;
  }
  return { words, search, problem };
}

/** Names the generated filter reads the compared columns under: no CSV header can clash with a question's choice columns. */
const KEY_COLUMNS = ['_search_1', '_search_2'] as const;

/**
 * The choice filter the call stands for, over the columns searchChoices keeps under KEY_COLUMNS. As
 * ODK Collect: the first pair compares by the mode, a second pair always matches exactly.
 */
export function searchFilter(call: SearchCall): string | null {
  if (call.mode === null) return null;
  return call.pairs
    .map((p, i) => {
      const column = KEY_COLUMNS[i]!;
      const value = `string(${p.value})`;
      if (i > 0 || call.mode === 'matches') return `${column} = ${value}`;
      if (call.mode === 'contains') return `contains(${column}, ${value})`;
      return `${call.mode === 'startswith' ? 'starts-with' : 'ends-with'}(${column}, ${value})`;
    })
    .join(' and ');
}

export interface SearchColumns {
  /** The column holding the choice values. */
  readonly value: string;
  /** Per language, the columns whose texts make the label (joined by a space). */
  readonly labels: readonly { readonly languageId: number; readonly columns: readonly string[] }[];
}

/** What the question's own choice row names (ODK: name = the value column, label = the label columns); 'name' and 'label' without one. */
export function searchColumns(template: readonly ChoiceModel[], baseLanguageId: number): SearchColumns {
  const row = template[0];
  if (row === undefined) return { value: 'name', labels: [{ languageId: baseLanguageId, columns: ['label'] }] };
  const split = (t: string) =>
    t
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
  const labels = row.choiceLabels.map((l) => ({ languageId: l.languageId, columns: split(l.text) })).filter((l) => l.columns.length > 0);
  return { value: row.name.trim(), labels: labels.length ? labels : [{ languageId: baseLanguageId, columns: [row.name.trim()] }] };
}

/**
 * A stable uuid for a CSV choice: answers store choice ids, so the id of a value must be the same on the
 * fill page, on the server and in every later load of the file. Not cryptographic; four 32-bit FNV-1a
 * lanes over the question's id and the value.
 */
export function csvChoiceId(questionId: string, value: string): string {
  const text = `${questionId}\u0000${value}`;
  const lanes = [0x811c9dc5, 0x050c5d1f, 0x1b873593, 0x6b43a9b5];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    for (let l = 0; l < 4; l++) lanes[l] = Math.imul((lanes[l]! ^ (c + l * 0x9e37)) >>> 0, 0x01000193) >>> 0;
  }
  const hex = lanes.map((x) => x.toString(16).padStart(8, '0')).join('');
  // Version 8 (custom) with the RFC 4122 variant bits, so it reads as a uuid everywhere.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The CSV rows as choices: one per distinct non-blank value (the first row of a value wins, as a select
 * cannot hold a value twice), labelled from the label columns, every column kept for choice filters and
 * the compared ones under KEY_COLUMNS as well.
 */
export function searchChoices(
  questionId: string,
  call: SearchCall,
  rows: readonly Readonly<Record<string, string>>[],
  columns: SearchColumns,
): ChoiceModel[] {
  const seen = new Set<string>();
  const out: ChoiceModel[] = [];
  for (const row of rows) {
    const name = (row[columns.value] ?? '').trim();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    const choiceLabels: LocalizedText[] = columns.labels.map((l) => ({
      languageId: l.languageId,
      text:
        l.columns
          .map((c) => row[c] ?? '')
          .filter((t) => t !== '')
          .join(' ') || name,
    }));
    const filters: Record<string, string> = { ...row };
    call.pairs.forEach((p, i) => (filters[KEY_COLUMNS[i]!] = row[p.column] ?? ''));
    out.push({ id: csvChoiceId(questionId, name), name, choiceLabels, emoji: null, filters });
  }
  return out;
}
