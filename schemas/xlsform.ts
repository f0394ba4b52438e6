// POST DataCollection/importXlsForm: multipart fields ProjectId, File and optional SurveyId.
// The body is multipart, so these bounds are checked by the route as it reads the parts; the report's
// shape is what both the success and the refusal carry.
import { uuid } from './common';
import { endpoint } from './endpoint';
import { SURVEY_AUTHOR_ROLES } from './surveyBuilder';

export const XLSFORM_IMPORT_ROLES = SURVEY_AUTHOR_ROLES;
/** The multipart fields the route reads; anything else is refused naming it. */
export const XLSFORM_IMPORT_FIELDS = ['ProjectId', 'SurveyId', 'File'] as const;
/** Real forms (the WHO verbal autopsy is several MB) are larger than the 1 MB bulk-upload rule allows. */
export const XLSFORM_MAX_BYTES = 10 * 1024 * 1024;
/** A workbook's sheet limits (services/xlsformImport.ts): a cell longer than this is refused. */
export const XLSFORM_CELL_MAX = 30_000;
/**
 * The longest text a report entry carries: its message quotes at most two cells (a duplicated column's
 * two headers), and a damaged archive's entry name, the sheet it names, is at most 65,535 bytes.
 */
const REPORT_TEXT_MAX = 65_536;
const reportText = { type: 'string', maxLength: REPORT_TEXT_MAX } as const;
/**
 * The most entries a report is declared to hold. The converter does not stop at a number of entries
 * (a warning per row of a 20,000-row sheet, several per row): this bounds the declaration, not the report.
 */
export const XLSFORM_REPORT_MAX = 200_000;

/**
 * One entry of the import report (engine/survey/xlsform ReportEntry): where (sheet, row, column, the
 * question's name), how grave, and what, as English text and as a code with its parameters the app
 * translates (xlsform.messages.<code>).
 */
export const xlsformReportEntrySchema = {
  type: 'object',
  required: ['sheet', 'row', 'column', 'level', 'message'],
  // Closed, as the serializer treats it, so that the engine's ReportEntry (an interface) is its type.
  additionalProperties: false,
  properties: {
    sheet: reportText,
    /** 1-based sheet row; 0 for the workbook as a whole. */
    row: { type: 'integer', minimum: 0 },
    /** The column's header as written in the sheet; '' for a whole row or sheet. */
    column: reportText,
    level: { type: 'string', enum: ['warning', 'error'] },
    message: reportText,
    code: { type: 'string', maxLength: 50 },
    params: { type: 'object', maxProperties: 20, additionalProperties: { type: ['string', 'number'], maxLength: REPORT_TEXT_MAX } },
    name: reportText,
  },
} as const;

/**
 * POST DataCollection/importXlsForm: the survey made or replaced, and the report's warnings (a refusal
 * carries the report with its errors as its data).
 */
export const xlsformImportSchema = {
  type: 'object',
  required: ['surveyId', 'report'],
  properties: {
    surveyId: uuid,
    report: { type: 'array', maxItems: XLSFORM_REPORT_MAX, items: xlsformReportEntrySchema },
  },
} as const;

/** The import call: multipart (XLSFORM_IMPORT_FIELDS), read by the route as it arrives. */
export const XLSFORM_API = {
  importXlsForm: endpoint({
    method: 'POST',
    path: '/DataCollection/importXlsForm',
    access: XLSFORM_IMPORT_ROLES,
    answer: xlsformImportSchema,
  }),
} as const;
