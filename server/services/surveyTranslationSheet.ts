// The translation spreadsheet at the server's edge: GET /Survey/ExportTranslations writes the rows of
// engine/survey (translationSheet) with ExcelJS; POST /Survey/ImportTranslations reads an uploaded
// workbook back, bounded (the body, the zip, rows, columns and cells), and saves the changed texts of
// each language as SaveTranslation would.
import type { Kysely } from 'kysely';
import {
  MAX_CELL_LENGTH,
  MAX_SHEET_COLUMNS,
  MAX_SHEET_ROWS,
  readTranslationSheet,
  SHEET_NAME,
  translatableTexts,
  translationBody,
  translationSheet,
  type SurveyModel,
} from '../../engine/survey/index';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { runInWorker, WorkerBudgetError } from '../workers/pool';
import type { SurveyCache } from './surveyCache';
import { surveyById, type SurveyReader } from './surveys';
import { saveTranslation } from './surveyTranslations';

interface Deps {
  db: Kysely<DB>;
  cache: SurveyCache;
}

/** An uploaded sheet: a survey of 2,000 questions in ten languages is well under 1 MB as .xlsx. */
export const MAX_SHEET_BYTES = 2 * 1024 * 1024;

const MAX_COLUMN_WIDTH = 60;
const SHEET_TIME_BUDGET_MS = 15_000;

const fileName = (surveyName: string) =>
  `${
    surveyName
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'survey'
  } - translations.xlsx`;

export async function exportTranslations(deps: Deps, reader: SurveyReader, surveyId: string): Promise<{ fileName: string; bytes: Buffer }> {
  const model: SurveyModel = await surveyById(deps, reader, surveyId, undefined);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }] });
  const rows = translationSheet(model);
  // Plain string cells (shared strings): a text that starts with '=' stays text, never a formula.
  ws.addRows(rows);
  ws.getRow(1).font = { bold: true };
  rows[0]!.forEach((_, c) => {
    ws.getColumn(c + 1).width =
      c === 0 ? 12 : Math.min(MAX_COLUMN_WIDTH, Math.max(12, ...rows.slice(0, 200).map((r) => (r[c] ?? '').length + 2)));
    if (c >= 3) ws.getColumn(c + 1).alignment = { wrapText: true, vertical: 'top' };
  });
  return { fileName: fileName(model.name), bytes: Buffer.from(await wb.xlsx.writeBuffer()) };
}

const refuse = (why: string) => problem('validation', { errors: [`file: ${why}`] });

/** The sheet's cells as text, read in a worker within the archive's and the sheet's limits. */
async function rowsOf(bytes: Buffer): Promise<readonly (readonly string[])[]> {
  let read;
  try {
    read = await runInWorker(
      'readSheets',
      { bytes, limits: { rows: MAX_SHEET_ROWS + 1, columns: MAX_SHEET_COLUMNS, cellLength: MAX_CELL_LENGTH } },
      { timeoutMs: SHEET_TIME_BUDGET_MS },
    );
  } catch (e) {
    if (e instanceof WorkerBudgetError) throw refuse(e.limit === 'time' ? 'took too long to read' : 'needed too much memory to read');
    throw e;
  }
  if ('report' in read) {
    const r = read.report[0]!;
    throw refuse(`${r.row ? `row ${r.row}${r.column ? ` column ${r.column}` : ''}: ` : ''}${r.message}`);
  }
  const sheet = read.sheets.find((s) => s.name === SHEET_NAME) ?? read.sheets[0];
  if (!sheet) throw refuse('has no sheet');
  return sheet.rows;
}

export interface ImportResult {
  surveyId: string;
  version: number;
  /** Texts changed per language. */
  languages: { languageId: number; changed: number }[];
  unknownRows: number;
}

/** POST /Survey/ImportTranslations: the texts the sheet changed, saved language by language. */
export async function importTranslations(deps: Deps, reader: SurveyReader, surveyId: string, bytes: Buffer): Promise<ImportResult> {
  const { version, languageId: _language, ...model } = await surveyById(deps, reader, surveyId, undefined);
  const reading = readTranslationSheet(model, await rowsOf(bytes));
  if (reading.problems.length) throw problem('validation', { errors: reading.problems.map((p) => `file: ${p}`) });
  const list = translatableTexts(model);
  const out: ImportResult = { surveyId, version, languages: [], unknownRows: reading.unknownRows };
  for (const languageId of reading.languages) {
    const changes = reading.changes.get(languageId) ?? [];
    if (changes.length) {
      const saved = await saveTranslation(deps.db, reader.organizationId, { surveyId, languageId, ...translationBody(list, changes) });
      out.version = saved.version;
    }
    out.languages.push({ languageId, changed: changes.length });
  }
  return out;
}
