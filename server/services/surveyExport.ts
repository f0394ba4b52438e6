// GET DataCollection/exportSurvey/{id}: the organization's survey as an XLSForm workbook. The sheets come
// from engine/survey (xlsformSheets); this module only writes them with ExcelJS. GET exportXForm/{id}: the
// same survey as an ODK XForm (engine/survey/xform).
import type { Kysely } from 'kysely';
import { exportFileName, xlsformSheets, type SurveyModel } from '../../engine/survey/index';
import { XFormError, xformOf } from '../../engine/survey/xform/index';
import { problem } from '../problems';
import type { DB } from '../db/schema';
import type { SurveyCache } from './surveyCache';
import { surveyById, type SurveyReader } from './surveys';

interface Deps {
  db: Kysely<DB>;
  cache: SurveyCache;
}

/** Widest a column grows to fit its texts: a long label does not push the rest of the sheet out of view. */
const MAX_COLUMN_WIDTH = 60;

export async function workbookOf(model: SurveyModel): Promise<Buffer> {
  // Loaded on the first export only: ExcelJS is large, and most servers start and run without exporting.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Survey export';
  for (const sheet of xlsformSheets(model)) {
    const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.addRows(sheet.rows.map((r) => [...r]));
    ws.getRow(1).font = { bold: true };
    const widths = sheet.rows[0]?.map((_, c) => Math.max(...sheet.rows.map((r) => (r[c] ?? '').length))) ?? [];
    widths.forEach((w, c) => {
      ws.getColumn(c + 1).width = Math.min(MAX_COLUMN_WIDTH, Math.max(10, w + 2));
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The survey as an .xlsx with its file name; another organization's, or another project's for a project role, is not found. */
export async function exportSurvey(deps: Deps, reader: SurveyReader, surveyId: string): Promise<{ fileName: string; bytes: Buffer }> {
  const model = await surveyById(deps, reader, surveyId, undefined);
  return { fileName: exportFileName(model.name), bytes: await workbookOf(model) };
}

/** The survey as an XForm with its file name ('{survey name}.xml'); not found as exportSurvey is. */
export async function exportXForm(deps: Deps, reader: SurveyReader, surveyId: string): Promise<{ fileName: string; xml: string }> {
  const model = await surveyById(deps, reader, surveyId, undefined);
  try {
    return { fileName: exportFileName(model.name).replace(/\.xlsx$/, '.xml'), xml: xformOf(model) };
  } catch (e) {
    // A survey whose expression names no question (or two) has no XForm: the caller's survey, not our fault.
    if (e instanceof XFormError) throw problem('badRequest', { message: e.message, data: { code: e.code } });
    throw e;
  }
}
