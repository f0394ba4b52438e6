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
 * A text cell that a spreadsheet would run as a formula gets a leading apostrophe, as OWASP recommends;
 * numbers, booleans and texts that are plain numbers are left as they are.
 */
export function neutralizeCell(v: CellValue): CellValue {
  if (typeof v !== 'string' || !FORMULA_START.test(v) || PLAIN_NUMBER.test(v)) return v;
  return `'${v}`;
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
