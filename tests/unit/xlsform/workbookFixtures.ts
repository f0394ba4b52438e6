// Workbooks for the reader's tests, built part by part so that every cell is exactly what the test says:
// .xlsx from raw SpreadsheetML in a zip (JSZip), .xls written by SheetJS (the reader's own library).
import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';

export interface RawSheet {
  name: string;
  /** The `<sheetData>` content. */
  rows: string;
  /** Anything after `<sheetData>` (mergeCells) or before it (cols), and the sheet's state. */
  before?: string;
  after?: string;
  state?: 'hidden' | 'veryHidden';
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cell styles by index: 0 General, 1 m/d/yy (14), 2 a date-time, 3 a time, 4 a duration, 5 text. */
const STYLES = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN}"><numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="h:mm"/><numFmt numFmtId="166" formatCode="[h]:mm:ss"/></numFmts><fonts count="1"><font><sz val="11"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/><xf numFmtId="166" applyNumberFormat="1"/><xf numFmtId="49" applyNumberFormat="1"/></cellXfs></styleSheet>`;

/** An .xlsx of the sheets, with the shared strings given (each an `<si>` body). */
export async function rawXlsx(sheets: readonly RawSheet[], sharedStrings: readonly string[] = [], opts: { date1904?: boolean } = {}) {
  const z = new JSZip();
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  z.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
  );
  z.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  z.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr${opts.date1904 ? ' date1904="1"' : ''}/><sheets>${sheets
      .map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
  );
  z.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join(
        '',
      )}<Relationship Id="rIdS" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rIdT" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  z.file('xl/styles.xml', STYLES);
  z.file(
    'xl/sharedStrings.xml',
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">${sharedStrings.map((s) => `<si>${s}</si>`).join('')}</sst>`,
  );
  sheets.forEach((s, i) =>
    z.file(
      `xl/worksheets/sheet${i + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}" xmlns:r="${REL}">${s.before ?? ''}<sheetData>${s.rows}</sheetData>${s.after ?? ''}</worksheet>`,
    ),
  );
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** An inline-string cell. */
export const is = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
/** A row of inline strings from column A. */
export const textRow = (r: number, cells: readonly string[]) =>
  `<row r="${r}">${cells.map((c, i) => (c === '' ? '' : is(`${XLSX.utils.encode_col(i)}${r}`, c))).join('')}</row>`;

/** The smallest survey sheet that imports. */
export const SURVEY: RawSheet = {
  name: 'survey',
  rows: textRow(1, ['type', 'name', 'label']) + textRow(2, ['text', 'a', 'A']),
};

/** An .xls (BIFF8) of sheets given as SheetJS cells, row by row. */
export function xls(sheets: readonly { name: string; rows: (XLSX.CellObject | null)[][]; hidden?: boolean }[]): Buffer {
  const wb = XLSX.utils.book_new();
  for (const s of sheets) {
    const ws: XLSX.WorkSheet = {};
    let cols = 1;
    s.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell) ws[XLSX.utils.encode_cell({ r, c })] = cell;
        cols = Math.max(cols, c + 1);
      }),
    );
    ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, s.rows.length - 1), c: cols - 1 } });
    XLSX.utils.book_append_sheet(wb, ws, s.name);
  }
  wb.Workbook = { Sheets: sheets.map((s) => ({ Hidden: s.hidden ? 1 : 0 })) };
  return XLSX.write(wb, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

/** Every kind of .xlsx cell, and the text pyxform (openpyxl, then xlsx_value_to_str) reads from it. */
export const XLSX_CELLS: readonly [xml: string, text: string][] = [
  ['<c r="A1"><v>1</v></c>', '1'],
  ['<c r="B1"><v>1.0</v></c>', '1'],
  ['<c r="C1"><v>2.5</v></c>', '2.5'],
  ['<c r="D1"><v>0.00001</v></c>', '1e-05'],
  ['<c r="E1"><v>1E3</v></c>', '1000'],
  ['<c r="F1"><v>-0.5</v></c>', '-0.5'],
  ['<c r="G1" t="s"><v>0</v></c>', 'rich text'],
  ['<c r="H1" t="s"><v>1</v></c>', 'plain'],
  ['<c r="I1" t="inlineStr"><is><r><t>in</t></r><r><rPr><b/></rPr><t>line</t></r></is></c>', 'inline'],
  ['<c r="J1" t="b"><v>1</v></c>', 'TRUE'],
  ['<c r="K1" t="b"><v>0</v></c>', 'FALSE'],
  ['<c r="L1" t="e"><v>#N/A</v></c>', '#N/A'],
  // Formulas: their cached result, of each type; without one, nothing (openpyxl's data_only).
  ['<c r="A2"><f>1+1</f><v>2</v></c>', '2'],
  ['<c r="B2" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>', 'ab'],
  ['<c r="C2" t="b"><f>TRUE()</f><v>1</v></c>', 'TRUE'],
  ['<c r="D2" t="e"><f>1/0</f><v>#DIV/0!</v></c>', '#DIV/0!'],
  ['<c r="E2" s="1"><f>DATE(2024,1,5)</f><v>45296</v></c>', '2024-01-05 00:00:00'],
  ['<c r="F2"><f>NOW()</f></c>', ''],
  // A text result in a date-formatted cell: what made ExcelJS hand over an Invalid Date.
  ['<c r="G2" s="1" t="str"><f>TEXT(A1,"0")</f><v>text</v></c>', 'text'],
  ['<c r="H2" s="1" t="b"><v>1</v></c>', 'TRUE'],
  // Numbers in date and time formats.
  ['<c r="A3" s="1"><v>45296</v></c>', '2024-01-05 00:00:00'],
  ['<c r="B3" s="2"><v>45296.5</v></c>', '2024-01-05 12:00:00'],
  ['<c r="C3" s="3"><v>0.5208333333333334</v></c>', '12:30:00'],
  ['<c r="D3" s="4"><v>1.0833333333333333</v></c>', '1900-01-01 02:00:00'],
  ['<c r="E3" s="1"><v>1e300</v></c>', '#VALUE!'],
  ['<c r="F3" s="1"><v>59</v></c>', '1900-02-28 00:00:00'],
  ['<c r="G3" s="5"><v>7</v></c>', '7'],
  ['<c r="H3" s="1" t="d"><v>2024-01-05T00:00:00</v></c>', '2024-01-05 00:00:00'],
];
export const XLSX_SHARED = ['<r><t xml:space="preserve">rich </t></r><r><rPr><b/></rPr><t>text</t></r>', '<t>plain</t>'];

export function cellsSheet(name = 'cells'): { name: string; rows: string } {
  const byRow = new Map<number, string[]>();
  for (const [xml] of XLSX_CELLS) {
    const r = Number(/r="[A-Z]+(\d+)"/.exec(xml)![1]);
    byRow.set(r, [...(byRow.get(r) ?? []), xml]);
  }
  return { name, rows: [...byRow].map(([r, cells]) => `<row r="${r}">${cells.join('')}</row>`).join('') };
}
/** Cells of an .xls as SheetJS writes them, and the text pyxform (xlrd, then xls_value_to_unicode) reads. */
export const XLS_CELLS: readonly [cell: XLSX.CellObject, text: string][] = [
  [{ t: 's', v: 'text' }, 'text'],
  [{ t: 'n', v: 1 }, '1'],
  [{ t: 'n', v: 1.5 }, '1.5'],
  [{ t: 'n', v: 0.00001 }, '1e-05'],
  [{ t: 'b', v: true }, 'TRUE'],
  [{ t: 'b', v: false }, 'FALSE'],
  // xlrd hands over the error's code.
  [{ t: 'e', v: 0x2a }, '42'],
  [{ t: 'n', v: 45296, z: 'yyyy-mm-dd' }, '2024-01-05 00:00:00'],
  [{ t: 'n', v: 45296.75, z: 'yyyy-mm-dd hh:mm' }, '2024-01-05 18:00:00'],
  [{ t: 'n', v: 0.5, z: 'h:mm' }, '12:00:00'],
  [{ t: 's', v: 'ab', f: '"a"&"b"' }, 'ab'],
];
export const xlsCells = (hiddenToo = true) =>
  xls([
    { name: 'survey', rows: [XLS_CELLS.map(([cell]) => cell)] },
    ...(hiddenToo ? [{ name: 'Hidden help', rows: [[{ t: 's', v: 'h' } as XLSX.CellObject]], hidden: true }] : []),
  ]);
