// One check per question type: is a non-empty answer of the right shape, in range, among the offered
// choices? Constraints and required answers are the pass's business (validate.ts); these checks only
// know the type. Keyed by the type table, so a type without a check fails the build.
import type { FieldNode } from '../bindings';
import { lineProblem } from '../lines';
import { SHEET_TYPES, sheetTypeOf, type QuestionType } from '../question-types';
import {
  TEXT_MAX_LENGTH,
  MAX_FILE_BYTES,
  coordsProblem,
  isBlockedFileName,
  isDate,
  isDateTime,
  isFirstOfMonth,
  isTime,
  onRangeStep,
  parseGeopoint,
  splitNames,
  type FileInfo,
} from '../values';
import { FIELD_MESSAGES as M, type IssueKind } from './messages';

export interface Problem {
  kind: IssueKind;
  message: string;
}

export interface CheckContext {
  /** The choice names offered here after the choice filter; 'error' when the filter failed. */
  allowed(): ReadonlySet<string> | 'error';
  fileInfo(value: string): FileInfo | undefined;
  isValidPhone(value: string): boolean;
}

type Check = (value: unknown, field: FieldNode, ctx: CheckContext) => Problem | undefined;

const invalid = (message: string): Problem => ({ kind: 'invalid', message });
const none: Check = () => undefined;

function choiceProblem(names: readonly string[], ctx: CheckContext): Problem | undefined {
  const allowed = ctx.allowed();
  if (allowed === 'error') return { kind: 'choice', message: M.choiceFilter };
  return names.every((n) => allowed.has(n)) ? undefined : { kind: 'choice', message: M.invalidChoice };
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The MIME type prefix a file question wants: images for a photograph, the media kind of an audio or video variant. */
function wantedKind(field: FieldNode): string | null {
  if (field.type === 106) return 'image/';
  const v = sheetTypeOf(field.model);
  const accept: string | undefined = v ? (SHEET_TYPES[v] as { accept?: string }).accept : undefined;
  return accept ? accept.replace('*', '') : null;
}

const file: Check = (value, field, ctx) => {
  if (typeof value !== 'string') return { kind: 'file', message: M.file };
  const info = ctx.fileInfo(value);
  if (info === undefined) return { kind: 'file', message: M.file };
  if (info.blocked === true || isBlockedFileName(info.name)) return { kind: 'file', message: M.fileType };
  const kind = wantedKind(field);
  if (kind !== null && !info.type.startsWith(kind)) return { kind: 'file', message: M.fileType };
  if (info.size > MAX_FILE_BYTES) return { kind: 'file', message: M.fileSize };
  return undefined;
};

/** Rows of a grid answer must be rows of the question, cells columns of it. */
function gridProblem(value: unknown, field: FieldNode, many: boolean): Problem | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid(M.invalidChoice);
  const rows = new Set(field.choices.map((c) => c.name));
  const columns = new Set(field.columns.map((c) => c.name));
  for (const [row, cell] of Object.entries(value)) {
    if (!rows.has(row)) return { kind: 'choice', message: M.invalidChoice };
    const cells = many ? cell : [cell];
    if (!Array.isArray(cells) || !cells.every((c) => typeof c === 'string' && columns.has(c)))
      return { kind: 'choice', message: M.invalidChoice };
  }
  return undefined;
}

export const CHECKS: Record<QuestionType, Check> = {
  0: none,
  // One choice's name, which may hold a space (pyxform accepts that in a select_one's list).
  32: (v, _f, ctx) => (typeof v === 'string' && v.trim() !== '' ? choiceProblem([v.trim()], ctx) : invalid(M.invalidChoice)),
  33: (v, f, ctx) => {
    if (typeof v !== 'string') return invalid(M.invalidChoice);
    const names = splitNames(v);
    if (new Set(names).size !== names.length) return invalid(M.invalidChoice);
    const p = choiceProblem(names, ctx);
    if (p) return p;
    return f.maxChoices !== null && names.length > f.maxChoices ? { kind: 'maxChoices', message: M.maxChoices(f.maxChoices) } : undefined;
  },
  34: (v, f) => {
    if (typeof v !== 'string') return invalid(M.text);
    if (v.length > TEXT_MAX_LENGTH) return invalid(M.textTooLong);
    const line = sheetTypeOf(f.model);
    if (line === 'geotrace' || line === 'geoshape') return lineProblem(line, v) === undefined ? undefined : invalid(M[line]);
    return f.appearance.includes('numbers') && !/^[0-9]+$/.test(v) ? invalid(M.digitsOnly) : undefined;
  },
  35: (v) => (isNumber(v) && Number.isInteger(v) ? undefined : invalid(M.integer)),
  36: (v) => (!isNumber(v) ? invalid(M.number) : v < 0 ? invalid(M.decimalMin) : undefined),
  37: (v, f) => {
    if (f.appearance.includes('month-year')) return typeof v === 'string' && isFirstOfMonth(v) ? undefined : invalid(M.monthYear);
    return typeof v === 'string' && isDate(v) ? undefined : invalid(M.date);
  },
  38: (v) => (typeof v === 'string' && isTime(v) ? undefined : invalid(M.time)),
  40: none,
  100: (v, _f, ctx) => (typeof v === 'string' && ctx.isValidPhone(v) ? undefined : invalid(M.phone)),
  104: (v) => (typeof v === 'string' && isDateTime(v) ? undefined : invalid(M.dateTime)),
  105: (v) => {
    const coords = typeof v === 'string' ? parseGeopoint(v) : undefined;
    if (coords === undefined) return invalid(M.geopoint);
    const p = coordsProblem(coords);
    return p === undefined ? undefined : invalid(p);
  },
  106: file,
  110: file,
  112: (v) => (v === true ? undefined : invalid(M.acknowledge)),
  113: none,
  275: (v, f) => {
    const r = f.range ?? { start: 1, end: 5, step: 1 };
    const lo = Math.min(r.start, r.end);
    const hi = Math.max(r.start, r.end);
    return isNumber(v) && onRangeStep(v, r) ? undefined : invalid(M.range(lo, hi, r.step));
  },
  276: (v, f) => gridProblem(v, f, false),
  277: (v, f) => gridProblem(v, f, true),
  278: (v, _f, ctx) => {
    if (typeof v !== 'string') return invalid(M.invalidChoice);
    const names = splitNames(v);
    if (new Set(names).size !== names.length) return { kind: 'ranking', message: M.ranking };
    const allowed = ctx.allowed();
    if (allowed === 'error') return { kind: 'choice', message: M.choiceFilter };
    if (!names.every((n) => allowed.has(n))) return { kind: 'choice', message: M.invalidChoice };
    return names.length === allowed.size ? undefined : { kind: 'ranking', message: M.ranking };
  },
  279: none,
};
