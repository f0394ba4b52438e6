// A streaming XLSX writer for data exports: each sheet's XML is written row by row into a zip entry as
// the rows arrive, cells typed (numbers, true/false, inline strings, dates with a date format, links),
// the first row bold and frozen.
// ExcelJS's streaming writer builds a model object, a style lookup and an XML node tree for every cell:
// about 500 rows/s of 300 questions here against the 5,000 asked (docs/decisions/
// 0034-exports-from-a-compact-copy.md); this writes the same SpreadsheetML as bytes (rows: services/exportBytes.ts).
// Workbooks are read with ExcelJS (tests).
import { Readable } from 'node:stream';
import type { CellValue } from '../../engine/survey/index';
import { ByteSink, XlsxRowFormat, writeCells, type SheetLink } from './exportBytes';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export interface SheetSource {
  /** At most 31 characters, unique, without []:*?/\ (the caller's sheet names). */
  name: string;
  header: readonly CellValue[];
  /** The rows after the header as SpreadsheetML (`<row r="2">...`, XlsxRowFormat), in chunks. */
  rows: AsyncIterable<Buffer> | Iterable<Buffer>;
  /** The hyperlinks of the rows, read once they are written (XlsxRowFormat.links). */
  links?: readonly SheetLink[];
}

/** Something that takes zip entries in order (archiver). */
export interface ZipSink {
  append(source: string | Readable, data: { name: string }): unknown;
}

function escapeXml(s: string): string {
  const sink = new ByteSink(s.length * 5 + 16);
  sink.xml(s);
  return sink.take().toString('utf8');
}

const attribute = (s: string) => escapeXml(s).replace(/"/g, '&quot;');

/** A sheet's relationships: each hyperlink's address, an external target (ECMA-376 part 1, 18.3.1.47). */
function sheetRels(links: readonly SheetLink[]): Readable {
  return Readable.from(
    (function* () {
      const sink = new ByteSink(1 << 16);
      sink.text(`${HEAD}<Relationships xmlns="${PKG}">`);
      for (let i = 0; i < links.length; i++) {
        sink.text(`<Relationship Id="rId${i + 1}" Type="${REL}/hyperlink" Target="${attribute(links[i]!.url)}" TargetMode="External"/>`);
        if (sink.length > 1 << 16) yield sink.take();
      }
      sink.text('</Relationships>');
      yield sink.take();
    })(),
    { objectMode: false },
  );
}

function sheetXml(sheet: SheetSource): Readable {
  return Readable.from(
    (async function* () {
      const sink = new ByteSink(1 << 16);
      sink.text(
        `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`,
      );
      writeCells(sink, new XlsxRowFormat(1), 1, sheet.header);
      yield sink.take();
      yield* sheet.rows;
      sink.text('</sheetData>');
      const links = sheet.links ?? [];
      if (links.length) {
        sink.text('<hyperlinks>');
        for (let i = 0; i < links.length; i++) {
          sink.text(`<hyperlink ref="${links[i]!.ref}" r:id="rId${i + 1}"/>`);
          if (sink.length > 1 << 16) yield sink.take();
        }
        sink.text('</hyperlinks>');
      }
      sink.text('</worksheet>');
      yield sink.take();
    })(),
    { objectMode: false },
  );
}

// Cell styles (exportBytes.ts XLSX_STYLE): 0 plain, 1 the bold header, 2 a date, 3 a time, 4 a date-time, 5 a link.
const STYLES = `${HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="hh:mm:ss"/><numFmt numFmtId="166" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><u/><sz val="11"/><color rgb="FF0563C1"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/**
 * Writes a workbook of these sheets into `zip`, one sheet after the other, each streamed as its rows
 * come (the caller finalizes the zip). Sheet names are escaped here; their rules are the caller's.
 */
export async function writeWorkbook(
  zip: ZipSink,
  sheets: readonly SheetSource[],
  ended: (entry: Readable) => Promise<unknown>,
): Promise<void> {
  const ids = sheets.map((_, i) => i + 1);
  zip.append(
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${ids.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    { name: '[Content_Types].xml' },
  );
  zip.append(
    `${HEAD}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    { name: '_rels/.rels' },
  );
  zip.append(
    `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets.map((s, i) => `<sheet name="${escapeXml(s.name).replace(/"/g, '&quot;')}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    { name: 'xl/workbook.xml' },
  );
  zip.append(
    `${HEAD}<Relationships xmlns="${PKG}">${ids.map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    { name: 'xl/_rels/workbook.xml.rels' },
  );
  zip.append(STYLES, { name: 'xl/styles.xml' });
  for (const [i, sheet] of sheets.entries()) {
    const xml = sheetXml(sheet);
    zip.append(xml, { name: `xl/worksheets/sheet${i + 1}.xml` });
    // One sheet's rows are read from the database at a time.
    await ended(xml);
    // Its links are known once its rows are written; a part's relationships may follow it in the zip.
    if (sheet.links?.length) {
      const rels = sheetRels(sheet.links);
      zip.append(rels, { name: `xl/worksheets/_rels/sheet${i + 1}.xml.rels` });
      await ended(rels);
    }
  }
}
