// What runs in a worker thread (pool.ts), one export per task. Inputs and results cross the thread
// boundary by structured clone: plain data only, no functions, no database.
import { randomUUID } from 'node:crypto';
import { importXlsForm, type ReportEntry, type Sheet, type SurveyModel } from '../../engine/survey/index';
import { readWorkbook, type SheetLimits } from './workbook';

export interface LanguageRow {
  id: number;
  name: string;
  code: string;
}

/** A workbook's sheets as rows of text, or the report of why it cannot be read. */
export function readSheets(input: { bytes: Uint8Array; limits: SheetLimits }): Promise<{ sheets: Sheet[] } | { report: ReportEntry[] }> {
  return readWorkbook(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength), input.limits);
}

export interface ConvertInput {
  bytes: Uint8Array;
  limits: SheetLimits;
  /** The languages reference table: workbook columns name languages by code or by English name. */
  languages: LanguageRow[];
  fallbackName: string;
  maxItems: number;
  maxDepth: number;
}

/** An XLSForm workbook as a survey model and its report; errors in the report mean nothing may be stored. */
export async function convertXlsForm(input: ConvertInput): Promise<{ model: SurveyModel | null; report: ReportEntry[] }> {
  const read = await readSheets(input);
  if ('report' in read) return { model: null, report: read.report };
  const by = new Map<string, { languageId: number; name: string; code: string }>();
  for (const r of input.languages) {
    const ref = { languageId: r.id, name: r.name, code: r.code };
    by.set(r.code.toLowerCase(), ref);
    if (!by.has(r.name.toLowerCase())) by.set(r.name.toLowerCase(), ref);
  }
  return importXlsForm(read.sheets, {
    language: (key: string) => by.get(key.trim().toLowerCase()),
    newId: randomUUID,
    fallbackName: input.fallbackName,
    maxItems: input.maxItems,
    maxDepth: input.maxDepth,
  });
}
