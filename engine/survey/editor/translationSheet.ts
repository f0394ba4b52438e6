// The translation spreadsheet, as rows of cells (the workbook I/O is the server's): one row per
// translatable text, one column per language, for translators who work offline. Reading it back gives
// the changed texts per language; the key column ties a row to its text, so rows may be sorted or
// filtered in Excel, and a blank cell leaves the text as it was (a half-done sheet erases nothing).
import type { SurveyModel } from '../model';
import { textFor, toTranslate, translatableTexts, type TextChange, type TextRole } from './translations';

export const SHEET_NAME = 'translations';
/** Rows and columns read at most; a survey of 2,000 questions with their choices fits well within. */
export const MAX_SHEET_ROWS = 50_000;
export const MAX_SHEET_COLUMNS = 310;
/** The longest text a cell may hold (the save call's own bound). */
export const MAX_CELL_LENGTH = 30_000;

const ROLE_NAMES: Record<TextRole, string> = {
  title: 'Label',
  hint: 'Hint',
  constraintMessage: 'Constraint message',
  requiredMessage: 'Required message',
  guidanceHint: 'Guidance hint',
  rangeFirst: 'Range start label',
  rangeSecond: 'Range end label',
  choices: 'Choice',
  secondChoices: 'Column',
};

const header = (l: { name: string; code: string }) => `${l.name} (${l.code})`;

/** The sheet's rows, header first: key, where, what, then the base language and each other language; a row per text the base language has. */
export function translationSheet(model: SurveyModel): string[][] {
  const languages = [...model.surveyLanguageMaps].sort((a, b) => Number(b.isBaseLanguage) - Number(a.isBaseLanguage));
  const rows: string[][] = [['key', 'where', 'what', ...languages.map(header)]];
  const base = languages[0]?.languageId ?? 0;
  // Texts the base language has: an empty hint needs no translation.
  for (const t of toTranslate(translatableTexts(model), base)) {
    const what =
      t.isSection && t.role === 'title' ? 'Section name' : t.isSection && t.role === 'hint' ? 'Section description' : ROLE_NAMES[t.role];
    rows.push([t.key, t.where, what, ...languages.map((l) => textFor(t.texts, l.languageId))]);
  }
  return rows;
}

export interface SheetReading {
  /** Changed texts per language id (only the survey's languages other than the base one). */
  changes: Map<number, TextChange[]>;
  /** Languages found in the header, by id. */
  languages: number[];
  /** Rows whose key is not a text of this survey (removed since the export, or typed by hand). */
  unknownRows: number;
  /** What makes the sheet unusable as a whole; empty when it was read. */
  problems: string[];
}

/** Reads the rows (header first) against the survey as it is now. */
export function readTranslationSheet(model: SurveyModel, rows: readonly (readonly string[])[]): SheetReading {
  const out: SheetReading = { changes: new Map(), languages: [], unknownRows: 0, problems: [] };
  const [head, ...body] = rows;
  const keyColumn = head?.findIndex((h) => h.trim().toLowerCase() === 'key') ?? -1;
  if (!head || keyColumn < 0) {
    out.problems.push("The sheet has no 'key' column: export the translations first and fill that file in");
    return out;
  }
  const columns: { index: number; languageId: number }[] = [];
  for (const l of model.surveyLanguageMaps) {
    if (l.isBaseLanguage) continue;
    const index = head.findIndex((h) => h.trim().toLowerCase().endsWith(`(${l.code.toLowerCase()})`));
    if (index >= 0) columns.push({ index, languageId: l.languageId });
  }
  if (columns.length === 0) {
    out.problems.push('No column of the sheet names a language of this survey other than its base language');
    return out;
  }
  out.languages = columns.map((c) => c.languageId);
  const byKey = new Map(translatableTexts(model).map((t) => [t.key, t]));
  for (const row of body) {
    const key = (row[keyColumn] ?? '').trim();
    if (key === '') continue;
    const text = byKey.get(key);
    if (!text) {
      out.unknownRows++;
      continue;
    }
    for (const c of columns) {
      const cell = row[c.index] ?? '';
      if (cell.trim() === '' || cell === textFor(text.texts, c.languageId)) continue;
      const list = out.changes.get(c.languageId) ?? [];
      list.push({ key, text: cell });
      out.changes.set(c.languageId, list);
    }
  }
  return out;
}
