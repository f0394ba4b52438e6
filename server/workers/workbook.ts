// An uploaded workbook read into rows of text, within limits: the archive first (archive.ts: sizes,
// entries, ratio and DTDs counted as the parts inflate), then the rows counted in the XML before ExcelJS
// builds them, then columns and cell length. The XLSForm import and the translation sheet both read
// workbooks through here, in a worker thread (pool.ts): what a hostile file costs is one worker's.
import { said, type ReportCode, type ReportEntry, type Sheet } from '../../engine/survey/index';
import { ArchiveError, readArchive, WORKBOOK_LIMITS } from '../services/archive';

export interface SheetLimits {
  rows: number;
  columns: number;
  cellLength: number;
}

const workbookError = (
  said: { code: ReportCode; params: Readonly<Record<string, string | number>>; message: string },
  sheet = '',
  row = 0,
  column = '',
): ReportEntry => ({ sheet, row, column, level: 'error', ...said });

const MB = 1024 * 1024;

/** An archive's refusal by the limit it broke, in the report's words. */
function archiveSaid(e: ArchiveError) {
  switch (e.limit) {
    case 'compressedBytes':
      return said('archiveSize', { max: WORKBOOK_LIMITS.compressedBytes / MB });
    case 'entries':
      return said('archiveEntries', { max: WORKBOOK_LIMITS.entries });
    case 'uncompressedBytes':
      return said('archiveInflates', { max: WORKBOOK_LIMITS.uncompressedBytes / MB });
    case 'ratio':
      return said('archiveRatio', { max: WORKBOOK_LIMITS.ratio });
    case 'doctype':
      return said('archiveDoctype');
    default:
      return said('archiveDamaged');
  }
}

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
    if (typeof o.formula === 'string')
      return /^(TRUE|FALSE)\(\)$/i.test(o.formula) ? o.formula.slice(0, -2).toUpperCase() : `=${o.formula}`;
    if (typeof o.text === 'string') return o.text;
    if (typeof o.error === 'string') return '';
  }
  return '';
}

/** The workbook's sheets as rows of text, or the report of why it cannot be read. */
export async function readWorkbook(bytes: Buffer, limits: SheetLimits): Promise<{ sheets: Sheet[] } | { report: ReportEntry[] }> {
  let entries;
  try {
    entries = readArchive(bytes);
  } catch (e) {
    if (e instanceof ArchiveError) return { report: [workbookError(archiveSaid(e), e.entry ?? '')] };
    throw e;
  }
  // Rows are counted in the XML before a parser builds them.
  for (const { name, data } of entries) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) continue;
    let rows = 0;
    for (let at = data.indexOf('<row'); at >= 0; at = data.indexOf('<row', at + 4)) if (++rows > limits.rows) break;
    if (rows > limits.rows) return { report: [workbookError(said('sheetRows', { max: limits.rows }), name, limits.rows + 1)] };
  }
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { report: [workbookError(said('notWorkbook'))] };
  }
  const sheets: Sheet[] = [];
  const report: ReportEntry[] = [];
  for (const ws of wb.worksheets) {
    const rows: string[][] = [];
    if (ws.columnCount > limits.columns) {
      report.push(
        workbookError(
          said('sheetColumns', { count: ws.columnCount, max: limits.columns }),
          ws.name,
          1,
          ws.getColumn(limits.columns + 1).letter,
        ),
      );
      continue;
    }
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        const text = cellText(cell.value);
        if (text.length > limits.cellLength && report.length < 50)
          report.push(
            workbookError(
              said('cellLength', { length: text.length, max: limits.cellLength }),
              ws.name,
              rowNumber,
              ws.getColumn(col).letter,
            ),
          );
        cells[col - 1] = text;
      });
      rows[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
    });
    sheets.push({ name: ws.name, rows: Array.from(rows, (r) => r ?? []) });
  }
  return report.length ? { report } : { sheets };
}
