// POST DataCollection/importXlsForm: a workbook read within limits (archive.ts, then rows, columns and
// cell length), converted by engine/survey/xlsform, and stored as a new survey in Editing or as the
// new content of a survey still Editing. Nothing is stored when the report holds an error.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { importXlsForm, type ReportEntry, type Sheet, type SurveyModel } from '../../engine/survey/index';
import { MAX_SURVEY_DEPTH, MAX_SURVEY_ITEMS } from '../../schemas/surveyBuilder';
import { insertSurvey, loadSurveyModel, projectExists } from '../db/queries/surveys';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { ArchiveError, readArchive } from './archive';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';
import { saveSurvey } from './surveyBuilder';

type Q = Kysely<DB>;

export const MAX_WORKBOOK_BYTES = 10 * 1024 * 1024;
export const MAX_SHEET_ROWS = 20_000;
export const MAX_SHEET_COLUMNS = 500;
export const MAX_CELL_LENGTH = 30_000;

const refuse = (report: ReportEntry[]) => problem('validation', { message: 'The workbook cannot be imported.', errors: report.slice(0, 20).map(describe), data: { report } });
const describe = (r: ReportEntry): string => `${r.sheet}${r.row ? ` row ${r.row}` : ''}${r.column ? ` column '${r.column}'` : ''}: ${r.message}`;
const workbookError = (message: string, sheet = '', row = 0, column = ''): ReportEntry => ({ sheet, row, column, level: 'error', message });

/** A cell as the text a person sees: rich text joined, a formula's result, dates as ISO dates, booleans as TRUE/FALSE. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; formula?: unknown; text?: unknown; error?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    // =TRUE() typed in a cell reaches pyxform as the boolean (engine/expression/xlsform.ts).
    if (typeof o.formula === 'string') return /^(TRUE|FALSE)\(\)$/i.test(o.formula) ? o.formula.slice(0, -2).toUpperCase() : `=${o.formula}`;
    if (typeof o.text === 'string') return o.text;
    if (typeof o.error === 'string') return '';
  }
  return '';
}

/** The workbook's sheets as rows of text, or the report of why it cannot be read. */
export async function readWorkbook(bytes: Buffer): Promise<{ sheets: Sheet[] } | { report: ReportEntry[] }> {
  let entries;
  try {
    entries = readArchive(bytes);
  } catch (e) {
    if (e instanceof ArchiveError) return { report: [workbookError(e.message, e.entry ?? '')] };
    throw e;
  }
  // Rows are counted in the XML before a parser builds them.
  for (const { name, data } of entries) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) continue;
    let rows = 0;
    for (let at = data.indexOf('<row'); at >= 0; at = data.indexOf('<row', at + 4)) if (++rows > MAX_SHEET_ROWS) break;
    if (rows > MAX_SHEET_ROWS) return { report: [workbookError(`A sheet has more than ${MAX_SHEET_ROWS} rows.`, name, MAX_SHEET_ROWS + 1)] };
  }
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { report: [workbookError('The file is not a workbook Excel can open (.xlsx).')] };
  }
  const sheets: Sheet[] = [];
  const report: ReportEntry[] = [];
  for (const ws of wb.worksheets) {
    const rows: string[][] = [];
    if (ws.columnCount > MAX_SHEET_COLUMNS) {
      report.push(workbookError(`The sheet has ${ws.columnCount} columns; at most ${MAX_SHEET_COLUMNS} are read.`, ws.name, 1, ws.getColumn(MAX_SHEET_COLUMNS + 1).letter));
      continue;
    }
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        const text = cellText(cell.value);
        if (text.length > MAX_CELL_LENGTH && report.length < 50) report.push(workbookError(`The cell holds ${text.length} characters; at most ${MAX_CELL_LENGTH}.`, ws.name, rowNumber, ws.getColumn(col).letter));
        cells[col - 1] = text;
      });
      rows[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
    });
    sheets.push({ name: ws.name, rows: Array.from(rows, (r) => r ?? []) });
  }
  return report.length ? { report } : { sheets };
}

/** Every language of the reference table, by code and by English name, lower case. */
async function languageLookup(db: Q) {
  const rows = await db.selectFrom('languages').select(['id', 'name', 'code']).execute();
  const by = new Map<string, { languageId: number; name: string; code: string }>();
  for (const r of rows) {
    const ref = { languageId: r.id, name: r.name, code: r.code };
    by.set(r.code.toLowerCase(), ref);
    if (!by.has(r.name.toLowerCase())) by.set(r.name.toLowerCase(), ref);
  }
  return (key: string) => by.get(key.trim().toLowerCase());
}

/** The workbook as a survey model and its report; the report's errors mean nothing may be stored. */
export async function convertWorkbook(db: Q, bytes: Buffer, fileName: string) {
  const read = await readWorkbook(bytes);
  if ('report' in read) return { model: null, report: read.report };
  return importXlsForm(read.sheets, {
    language: await languageLookup(db),
    newId: randomUUID,
    fallbackName: fileName.replace(/\.[^.]*$/, '').trim() || 'Imported form',
    maxItems: MAX_SURVEY_ITEMS,
    maxDepth: MAX_SURVEY_DEPTH,
  });
}

export interface ImportRequest {
  projectId: string;
  surveyId?: string | undefined;
  fileName: string;
  bytes: Buffer;
}

export async function importWorkbook(db: Q, t: Tenant, req: ImportRequest): Promise<{ surveyId: string; report: ReportEntry[] }> {
  if (!(await projectExists(db, projectScopeOf(t), req.projectId))) throw problem('notFound');
  let current: SurveyModel | undefined;
  let version = 0;
  if (req.surveyId !== undefined) {
    const head = await db
      .selectFrom('surveys')
      .select(['status', 'version', 'project_id'])
      .where('id', '=', req.surveyId)
      .where('organization_id', '=', t.organizationId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!head || head.project_id !== req.projectId) throw problem('notFound');
    if (head.status !== 0) throw problem('validation', { errors: ["'SurveyId' names a survey that is no longer Editing: only an Editing survey's content can be replaced"] });
    current = await loadSurveyModel(db, t.organizationId, req.surveyId);
    version = head.version;
  }
  const { model, report } = await convertWorkbook(db, req.bytes, req.fileName);
  if (!model) throw refuse(report);
  if (current && req.surveyId) {
    // The imported content replaces the survey's; the survey keeps its id, name and its other languages.
    const languages = new Map(current.surveyLanguageMaps.map((l) => [l.languageId, l]));
    for (const l of model.surveyLanguageMaps) if (!languages.has(l.languageId)) languages.set(l.languageId, { ...l, isBaseLanguage: false });
    const missing = model.surveyLanguageMaps.filter((l) => !current!.surveyLanguageMaps.some((c) => c.languageId === l.languageId));
    if (missing.length) {
      await db
        .insertInto('survey_languages')
        .values(missing.map((l) => ({ organization_id: t.organizationId, survey_id: req.surveyId!, language_id: l.languageId, is_base: false, translate_status: 0 })))
        .execute();
      const head = await db.selectFrom('surveys').select('version').where('id', '=', req.surveyId).executeTakeFirstOrThrow();
      version = head.version;
    }
    const collect = (items: SurveyModel['surveyItems']): string[] => items.flatMap((i) => [i.id, ...collect(i.innerItems)]);
    await saveSurvey(db, t, {
      surveyId: req.surveyId,
      version,
      model: { ...model, id: req.surveyId, name: current.name, description: current.description, surveyLanguageMaps: [...languages.values()] },
      deletedIds: collect(current.surveyItems),
    });
    return { surveyId: req.surveyId, report };
  }
  const { id } = await db.transaction().execute((trx) => insertSurvey(trx, { organizationId: t.organizationId, projectId: req.projectId, createdBy: t.userId, model, status: 0, endDate: null }));
  return { surveyId: id, report };
}
