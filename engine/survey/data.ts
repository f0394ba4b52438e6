// Survey data as a table: which columns a survey's submissions have (the top level, and each
// repeat group on its own), the cell of a stored answer, the data table's answer filters, and the
// neutralizing of export cells. The data table, the CSV and XLSX exports and the dashboard all read
// these, so a column looks the same wherever it is shown.
import type { Bindings, ChoiceBinding, FieldNode, SectionNode } from './bindings';
import { keyLabel } from './keys';
import { QUESTION_TYPES, type AnswerSlot } from './question-types';
import { textIn } from './text';
import { formatGeopoint, type Coords } from './values';

/** A stored answer (the answers table: exactly one of these is set). `choices` are comma-joined ids. */
export interface StoredValue {
  text: string | null;
  number: number | null;
  bool: boolean | null;
  choices: string | null;
  detail: unknown;
}

export type CellValue = string | number | boolean | null;

export interface CellOptions {
  /** Column headers and choices: labels in `languageId` (else the base language), or names. */
  headers: 'labels' | 'names';
  languageId?: number | undefined;
  /** Select multiple: all selections in one column, or one 1/0 column per choice. */
  multiple: 'single' | 'split';
}

export interface DataColumn {
  /** Unique in its table: the question's key (keys.ts), or 'key/choice' for a split choice column. */
  key: string;
  header: string;
  node: FieldNode;
  /** Set on the 1/0 column of one choice of a select multiple. */
  choice?: ChoiceBinding;
}

/** The repeat group a field belongs to directly (its innermost repeat), or null at the top. */
const scopeOf = (n: FieldNode | SectionNode): string | null => n.repeats[n.repeats.length - 1] ?? null;

/** Fields that hold answers in one table: the top level (repeat null) or one repeat group. Notes hold none. */
export function dataFields(b: Bindings, repeat: string | null): FieldNode[] {
  return b.nodes.filter((n): n is FieldNode => n.kind === 'field' && QUESTION_TYPES[n.type].source !== 'display' && scopeOf(n) === repeat);
}

/** The repeat groups of a survey, each a table of its own. */
export function repeatGroups(b: Bindings): SectionNode[] {
  return b.nodes.filter((n): n is SectionNode => n.kind === 'section' && n.repeat);
}

const labelOf = (b: Bindings, texts: FieldNode['model']['questionLabels'], name: string, o: CellOptions): string =>
  o.headers === 'labels' ? (textIn(texts, o.languageId ?? b.baseLanguageId, b.baseLanguageId) ?? name) : name;

const choiceLabel = (b: Bindings, c: ChoiceBinding, o: CellOptions): string =>
  o.headers === 'labels' ? (textIn(c.labels, o.languageId ?? b.baseLanguageId, b.baseLanguageId) ?? c.name) : c.name;

/** The columns of one table, in document order. */
export function dataColumns(b: Bindings, repeat: string | null, o: CellOptions): DataColumn[] {
  const out: DataColumn[] = [];
  for (const node of dataFields(b, repeat)) {
    // A name used in more than one group is headed by its group path ('household/name'), only there.
    const header = labelOf(b, node.model.questionLabels, keyLabel(node.name), o);
    if (node.type === 33 && o.multiple === 'split') {
      for (const choice of node.choices)
        out.push({ key: `${node.name}/${choice.name}`, header: `${header}/${choiceLabel(b, choice, o)}`, node, choice });
    } else out.push({ key: node.name, header, node });
  }
  return out;
}

const idsOf = (v: StoredValue): string[] => (v.choices ? v.choices.split(',') : []);
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** A choice's label (or name) by id; the id itself when the choice is gone. */
function choiceById(b: Bindings, from: readonly ChoiceBinding[], id: string, o: CellOptions): string {
  const c = from.find((x) => x.id === id);
  return c ? choiceLabel(b, c, o) : id;
}

/**
 * The cell of a stored answer (undefined: not answered) in a column. Numbers stay numbers. Exports call
 * this for every answer, so it allocates nothing on the common paths (numbers, texts, one choice).
 */
export function cellOf(b: Bindings, col: DataColumn, v: StoredValue | undefined, o: CellOptions): CellValue {
  const node = col.node;
  if (col.choice) return v ? (idsOf(v).includes(col.choice.id) ? 1 : 0) : null;
  if (!v) return null;
  const slot: AnswerSlot = QUESTION_TYPES[node.type].slot;
  switch (slot) {
    case 'counter':
    case 'number':
      return node.type === 100 ? v.text : v.number;
    case 'text':
    case 'answerFiles':
      return v.text;
    case 'questionChoice':
      return v.bool;
    case 'choices':
      if (v.choices !== null && !v.choices.includes(',')) return choiceById(b, node.choices, v.choices, o);
      return idsOf(v)
        .map((id) => choiceById(b, node.choices, id, o))
        .join(' ');
    case 'coords':
      return v.detail && typeof v.detail === 'object' ? formatGeopoint(v.detail as Coords) : null;
    case 'answerRankings':
      return list<{ choiceId: string; rank: number }>(v.detail)
        .slice()
        .sort((x, y) => x.rank - y.rank)
        .map((r) => choiceById(b, node.choices, r.choiceId, o))
        .join(' ');
    case 'answerRatings':
      return list<{ choiceId: string; secondChoiceId: string }>(v.detail)
        .map((r) => `${choiceById(b, node.choices, r.choiceId, o)}=${choiceById(b, node.columns, r.secondChoiceId, o)}`)
        .join('; ');
    case 'answerMatrix':
      return list<{ choiceId: string; secondChoiceId: string; text: string }>(v.detail)
        .map((r) => `${choiceById(b, node.choices, r.choiceId, o)}/${choiceById(b, node.columns, r.secondChoiceId, o)}=${r.text}`)
        .join('; ');
  }
}

// ---- Export cells that cannot become formulas -----------------------------------------------------

/** What a spreadsheet reads as the start of a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain signed number ('-5', '+254712345678') runs nothing, and a phone number keeps its '+'. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Who a CSV is for (docs/decisions/0067-export-cells-for-analysis-and-for-excel.md): 'analysis' keeps
 * every answer as it was given (RFC 4180; the feed is always this), 'excel' neutralizes texts a
 * spreadsheet would run. XLSX needs neither: its texts are string cells, which no spreadsheet runs.
 */
export const CSV_AUDIENCES = ['excel', 'analysis'] as const;
export type CsvAudience = (typeof CSV_AUDIENCES)[number];

/**
 * A text cell that a spreadsheet would run as a formula gets a leading apostrophe, as OWASP recommends;
 * numbers, booleans and texts that are plain numbers are left as they are. Only for the CSV for Excel.
 */
export function neutralizeCell(v: CellValue): CellValue {
  if (typeof v !== 'string' || !FORMULA_START.test(v) || PLAIN_NUMBER.test(v)) return v;
  return `'${v}`;
}

// ---- Typed spreadsheet cells -----------------------------------------------------------------------

/**
 * How a column's cells are typed in a spreadsheet beyond their value: dates, times and date-times as
 * date cells, a calculation that gives a plain number as a number, a phone number always as text (its
 * '+' and leading zeros kept), a file as a link.
 */
export type SheetKind = 'date' | 'time' | 'datetime' | 'number' | 'phone' | 'file' | 'text';

export function sheetKindOf(node: FieldNode): SheetKind {
  if (node.type === 37) return 'date';
  if (node.type === 38) return 'time';
  if (node.type === 104) return 'datetime';
  if (node.type === 100) return 'phone';
  if (node.type === 113) return 'number';
  const slot = QUESTION_TYPES[node.type].slot;
  if (slot === 'answerFiles') return 'file';
  return 'text';
}

/**
 * A calculation's text that is a number as written (no leading zero, at most 15 digits before the
 * point, so the number cell shows the same digits); '007' or '1e3' stay text.
 */
const NUMBER_TEXT = /^-?(0|[1-9]\d{0,14})(\.\d{1,15})?$/;

export function numberOfText(s: string): number | null {
  return NUMBER_TEXT.test(s) ? Number(s) : null;
}

const DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?/;
/** 1970-01-01 as a spreadsheet serial (days since 1899-12-30, the 1900 date system). */
const EPOCH_SERIAL = 25569;
/** 1900-03-01: before it, the 1900 system counts a 29 February that never was; such dates stay text. */
const FIRST_SERIAL_DAY = Date.UTC(1900, 2, 1);

const dayPart = (y: number, m: number, d: number): number | null => {
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d || t < FIRST_SERIAL_DAY || y > 9999) return null;
  return t / 86_400_000 + EPOCH_SERIAL;
};
const timePart = (h: number, m: number, s: number, frac: string | undefined): number | null =>
  h > 23 || m > 59 || s > 59 ? null : (h * 3600 + m * 60 + s + (frac ? Number(frac) : 0)) / 86_400;

/**
 * A date, time or date-time answer as a spreadsheet serial (days since 1899-12-30; a time is the
 * fraction of a day), or null when the text is not one (it is then written as text). The wall-clock
 * time as written: an offset after it is not applied, as the respondent's device showed the time.
 */
export function serialOfText(kind: 'date' | 'time' | 'datetime', s: string): number | null {
  if (kind === 'date') {
    const m = DATE.exec(s);
    return m ? dayPart(+m[1]!, +m[2]!, m[3] ? +m[3] : 1) : null;
  }
  if (kind === 'time') {
    const m = TIME.exec(s);
    return m ? timePart(+m[1]!, +m[2]!, m[3] ? +m[3] : 0, m[4]) : null;
  }
  const m = DATE_TIME.exec(s);
  if (!m) return null;
  const day = dayPart(+m[1]!, +m[2]!, +m[3]!);
  const time = timePart(+m[4]!, +m[5]!, m[6] ? +m[6] : 0, m[7]);
  return day === null || time === null ? null : day + time;
}

// ---- Answer filters of the data table ('name:op:value') ------------------------------------------

export const FILTER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains', 'empty', 'notempty'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** Which stored column a filter compares, by the question's answer slot. */
export type FilterColumn = 'number' | 'text' | 'choices' | 'bool';

export interface AnswerFilter {
  itemId: string;
  name: string;
  column: FilterColumn;
  op: FilterOp;
  /** Numbers for 'number', choice ids for 'choices', texts otherwise; empty for empty/notempty. */
  values: (string | number | boolean)[];
}

const COLUMN_OF: Partial<Record<AnswerSlot, FilterColumn>> = {
  number: 'number',
  counter: 'number',
  text: 'text',
  answerFiles: 'text',
  choices: 'choices',
  questionChoice: 'bool',
};
export const FILTER_OPS_OF: Record<FilterColumn, readonly FilterOp[]> = {
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notempty'],
  text: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains', 'empty', 'notempty'],
  choices: ['in', 'eq', 'empty', 'notempty'],
  bool: ['eq', 'empty', 'notempty'],
};

/** Which stored column a question's filters compare; null: its answers cannot be filtered (GPS, files' details, matrices). */
export function filterColumnOf(node: FieldNode): FilterColumn | null {
  // A phone number is stored as text.
  return node.type === 100 ? 'text' : (COLUMN_OF[QUESTION_TYPES[node.type].slot] ?? null);
}

/** Reads one filter; a string is the reason it cannot be used. Only top-level and repeat fields of the survey. */
export function parseAnswerFilter(b: Bindings, source: string): AnswerFilter | string {
  const first = source.indexOf(':');
  const second = first < 0 ? -1 : source.indexOf(':', first + 1);
  const name = first < 0 ? source : source.slice(0, first);
  const op = (second < 0 ? source.slice(first + 1) : source.slice(first + 1, second)) as FilterOp;
  const raw = second < 0 ? '' : source.slice(second + 1);
  const node = b.byName.get(name);
  if (!node || node.kind !== 'field') return `no question named '${name}'`;
  const column = filterColumnOf(node);
  if (!column) return `answers of '${name}' cannot be filtered`;
  if (!FILTER_OPS_OF[column].includes(op)) return `'${op}' is not a filter for '${name}' (${FILTER_OPS_OF[column].join(', ')})`;
  const base = { itemId: node.id, name, column, op };
  if (op === 'empty' || op === 'notempty') return { ...base, values: [] };
  if (column === 'number') {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? { ...base, values: [n] } : `'${raw}' is not a number`;
  }
  if (column === 'bool') return raw === 'true' || raw === 'false' ? { ...base, values: [raw === 'true'] } : `'${raw}' is not true or false`;
  if (column === 'choices') {
    const ids: string[] = [];
    for (const want of raw.split('|')) {
      const c = node.choices.find((x) => x.name === want);
      if (!c) return `'${want}' is not a choice of '${name}'`;
      ids.push(c.id);
    }
    return { ...base, values: ids };
  }
  return { ...base, values: [raw] };
}
