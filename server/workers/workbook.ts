// An uploaded workbook read into rows of text, within limits. The format is told by the file's first
// bytes, never its name: a zip is an .xlsx (or .xlsm), read by archive.ts first (sizes, entries, ratio and
// DTDs counted as the parts inflate) and its rows holding values counted in the XML before it is parsed;
// an OLE compound file is an Excel 97-2003 .xls, whose header archive.ts checks against the file's length.
// SheetJS then parses only the sheets asked for (docs/decisions/0068-workbook-reader.md), and cellText.ts
// turns each cell into the text pyxform reads. The XLSForm import and the translation sheet both read
// workbooks through here, in a worker thread (pool.ts): what a hostile file costs is one worker's.
import type { ParsingOptions, WorkBook, WorkSheet } from '@e965/xlsx';
import { said, type ReportCode, type ReportEntry, type Sheet } from '../../engine/survey/index';
import {
  ArchiveError,
  checkCompoundFile,
  COMPOUND_FILE_SIGNATURE,
  readArchive,
  WORKBOOK_LIMITS,
  type ArchiveEntry,
} from '../services/archive';
import { cellText, type RawCell, type WorkbookFormat } from './cellText';

export interface SheetLimits {
  /** The last row holding a value, per sheet. */
  rows: number;
  /** The last column holding a value, per sheet: formatting alone (a style over 1,023 empty columns) does not count. */
  columns: number;
  cellLength: number;
  /**
   * The sheets to read, by name trimmed and lower-cased (an XLSForm's); a workbook of one sheet has it
   * read whatever its name, as pyxform does. The others are listed without rows and never parsed, so
   * nothing on them (a help sheet's odd cells, its size) can stop the reading. Absent: every sheet.
   */
  sheets?: readonly string[];
}

type Said = { code: ReportCode; params: Readonly<Record<string, string | number>>; message: string };
const workbookError = (s: Said, sheet = '', row = 0, column = ''): ReportEntry => ({ sheet, row, column, level: 'error', ...s });

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
    case 'compoundFile':
      return said('xlsDamaged');
    default:
      return said('archiveDamaged');
  }
}

/** What the first bytes say the file is. */
function formatOf(bytes: Buffer): WorkbookFormat | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b) return 'xlsx';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE)) return 'xls';
  return null;
}

const XML_TEXT: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(Number(e[1] === 'x' || e[1] === 'X' ? `0${e.slice(1)}` : e.slice(1))) : (XML_TEXT[e] ?? m),
  );
const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`)
    .exec(tag)
    ?.slice(2)
    .find((x) => x !== undefined);

/** Each worksheet part's sheet name, from the workbook part and its relationships; parts it cannot place are absent. */
function sheetNamesOfParts(entries: readonly ArchiveEntry[]): Map<string, string> {
  const byName = new Map(entries.map((e) => [e.name.toLowerCase(), e.data]));
  const workbook = byName.get('xl/workbook.xml')?.toString('utf8') ?? '';
  const rels = byName.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  const targets = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    const id = attr(tag, 'Id');
    const target = attr(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const parts = new Map<string, string>();
  for (const [tag] of workbook.matchAll(/<(?:[\w.-]+:)?sheet\b[^>]*>/g)) {
    const name = attr(tag, 'name');
    const id = attr(tag, '[\\w.-]+:id');
    const part = id === undefined ? undefined : targets.get(id);
    if (name !== undefined && part) parts.set(part.toLowerCase(), unescapeXml(name));
  }
  return parts;
}

/**
 * The last row of the worksheet XML that holds a value (a `<v>` or an inline string), counted without
 * parsing: `<row>` elements that only carry formatting or a height do not count.
 */
function lastValueRow(xml: string): number {
  let row = 0;
  let last = 0;
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?(row|v|is)\b([^>]*?)(\/?)>/g)) {
    if (m[1] === 'row') {
      const r = Number(attr(m[2]!, 'r'));
      row = Number.isInteger(r) && r > 0 ? r : row + 1;
    } else if (m[3] !== '/' && row > last) last = row;
  }
  return last;
}

const readable = (name: string, wanted: readonly string[] | undefined, all: readonly string[]) =>
  !wanted || all.length === 1 || wanted.includes(name.trim().toLowerCase());

/** The sheet's cells as rows of text, up to its last row and column holding text. */
function rowsOf(ws: WorkSheet, format: WorkbookFormat, date1904: boolean, form: boolean): { rows: string[][]; lastColumn: number } {
  const data = (ws['!data'] ?? []) as (RawCell[] | undefined)[];
  const rows: string[][] = [];
  let lastColumn = 0;
  data.forEach((cells, r) => {
    if (!cells) return;
    const out: string[] = [];
    cells.forEach((cell, c) => {
      let text = cellText(cell, format, date1904);
      // pyxform turns no-break spaces in any text into spaces.
      if (form && cell?.t === 's') text = text.replaceAll('\u00a0', ' ');
      if (text === '') return;
      out[c] = text;
      if (c + 1 > lastColumn) lastColumn = c + 1;
    });
    if (out.length) rows[r] = Array.from(out, (t) => t ?? '');
  });
  return { rows: Array.from(rows, (r) => r ?? []), lastColumn };
}

const PARSING: ParsingOptions = {
  type: 'buffer',
  dense: true,
  // Raw values with their number format: cellText.ts says them as pyxform does.
  cellNF: true,
  cellDates: false,
  cellText: false,
  cellHTML: false,
  cellStyles: false,
  bookVBA: false,
  bookDeps: false,
};

/**
 * SheetJS writes to the console for each record of an .xls it does not know, and a hostile file can hold
 * millions: parsing is synchronous, so the thread's console is silenced for just that long.
 */
function quietly<T>(parse: () => T): T {
  const error = console.error;
  console.error = () => undefined;
  try {
    return parse();
  } finally {
    console.error = error;
  }
}

/** SheetJS's refusal of a password, whichever container carried it. */
const encrypted = (e: unknown) => /password|encrypt/i.test(e instanceof Error ? e.message : String(e));

/** The workbook's sheets as rows of text, or the report of why it cannot be read. */
export async function readWorkbook(bytes: Buffer, limits: SheetLimits): Promise<{ sheets: Sheet[] } | { report: ReportEntry[] }> {
  if (bytes.length > WORKBOOK_LIMITS.compressedBytes)
    return { report: [workbookError(archiveSaid(new ArchiveError('compressedBytes', '')))] };
  const format = formatOf(bytes);
  if (!format) return { report: [workbookError(said('notWorkbook'))] };
  let entries: ArchiveEntry[] = [];
  try {
    if (format === 'xlsx') entries = readArchive(bytes);
    else checkCompoundFile(bytes);
  } catch (e) {
    if (e instanceof ArchiveError) return { report: [workbookError(archiveSaid(e), e.entry ?? '')] };
    throw e;
  }
  if (format === 'xlsx') {
    // openpyxl, and so pyxform, reads only what the package's manifest lists, and only XML workbooks
    // (not .xlsb, not OpenDocument, which SheetJS would read).
    const names = new Set(entries.map((e) => e.name.toLowerCase()));
    if (!names.has('[content_types].xml') || !entries.some((e) => /^xl\/workbook\.xml$/i.test(e.name)))
      return { report: [workbookError(said('notWorkbook'))] };
  }
  const XLSX = await import('@e965/xlsx');
  let names: string[];
  try {
    names = quietly(() => XLSX.read(bytes, { ...PARSING, bookSheets: true })).SheetNames;
  } catch (e) {
    return { report: [workbookError(said(encrypted(e) ? 'workbookEncrypted' : format === 'xls' ? 'xlsDamaged' : 'notWorkbook'))] };
  }
  if (!names.length) return { report: [workbookError(said(format === 'xls' ? 'xlsDamaged' : 'notWorkbook'))] };
  const wanted = names.filter((n) => readable(n, limits.sheets, names));
  if (format === 'xlsx') {
    // Rows are counted in the XML before a parser builds them; a part no sheet can be matched to counts too.
    const parts = sheetNamesOfParts(entries);
    for (const { name, data } of entries) {
      if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) continue;
      const sheet = parts.get(name.toLowerCase());
      if (sheet !== undefined && !wanted.includes(sheet)) continue;
      if (lastValueRow(data.toString('utf8')) > limits.rows)
        return { report: [workbookError(said('sheetRows', { max: limits.rows }), sheet ?? name, limits.rows + 1)] };
    }
  }
  const report: ReportEntry[] = [];
  let wb: WorkBook | undefined;
  try {
    wb = quietly(() => XLSX.read(bytes, { ...PARSING, sheets: wanted }));
  } catch (e) {
    if (encrypted(e)) return { report: [workbookError(said('workbookEncrypted'))] };
    // One sheet at a time, to name the one that cannot be read.
  }
  const date1904 = Boolean(wb?.Workbook?.WBProps?.date1904);
  const sheets: Sheet[] = [];
  for (const name of names) {
    if (!wanted.includes(name)) {
      sheets.push({ name, rows: [] });
      continue;
    }
    let ws = wb?.Sheets[name];
    if (!wb) {
      try {
        ws = quietly(() => XLSX.read(bytes, { ...PARSING, sheets: [name] })).Sheets[name];
      } catch {
        ws = undefined;
      }
    }
    if (!ws) {
      report.push(workbookError(said('sheetUnreadable'), name));
      continue;
    }
    const { rows, lastColumn } = rowsOf(ws, format, date1904, limits.sheets !== undefined);
    if (lastColumn > limits.columns) {
      report.push(
        workbookError(said('sheetColumns', { count: lastColumn, max: limits.columns }), name, 1, XLSX.utils.encode_col(limits.columns)),
      );
      continue;
    }
    if (rows.length > limits.rows) {
      report.push(workbookError(said('sheetRows', { max: limits.rows }), name, limits.rows + 1));
      continue;
    }
    for (let r = 0; r < rows.length && report.length < 50; r++)
      rows[r]!.forEach((text, c) => {
        if (text.length > limits.cellLength && report.length < 50)
          report.push(
            workbookError(said('cellLength', { length: text.length, max: limits.cellLength }), name, r + 1, XLSX.utils.encode_col(c)),
          );
      });
    sheets.push({ name, rows });
  }
  return report.length ? { report } : { sheets };
}
