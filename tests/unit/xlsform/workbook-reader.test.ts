// The workbook reader (server/workers/workbook.ts): every kind of cell of an .xlsx and an .xls reads as the
// text pyxform reads; sheets that are not the form's never stop an import; formatting alone does not count
// against the column limit; and hostile or broken files (truncated, random, a compound file declaring more
// than it holds, a password) give a report and never a throw.
import fc from 'fast-check';
import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReportEntry, Sheet } from '../../../engine/survey/index';
import { XLSFORM_SHEET_LIMITS } from '../../../server/services/xlsformImport';
import { readWorkbook, type SheetLimits } from '../../../server/workers/workbook';
import { importBytes } from './helpers';
import { cellsSheet, is, rawXlsx, SURVEY, textRow, xls, XLS_CELLS, xlsCells, XLSX_CELLS, XLSX_SHARED } from './workbookFixtures';

const EVERY_SHEET: SheetLimits = { rows: 20_000, columns: 500, cellLength: 30_000 };

async function sheetsOf(bytes: Buffer, limits: SheetLimits = EVERY_SHEET): Promise<Sheet[]> {
  const read = await readWorkbook(bytes, limits);
  if ('report' in read) throw new Error(JSON.stringify(read.report));
  return read.sheets;
}
async function reportOf(bytes: Buffer, limits: SheetLimits = XLSFORM_SHEET_LIMITS): Promise<ReportEntry[]> {
  const read = await readWorkbook(bytes, limits);
  if (!('report' in read)) throw new Error(`read: ${JSON.stringify(read.sheets.map((s) => s.name))}`);
  return read.report;
}

const cellAt = (rows: readonly (readonly string[])[], ref: string) => {
  const { r, c } = XLSX.utils.decode_cell(ref);
  return rows[r]?.[c] ?? '';
};

describe('cells of an .xlsx', () => {
  it('read as the text pyxform reads: numbers, strings, rich text, booleans, errors, formula results, dates', async () => {
    const [sheet] = await sheetsOf(await rawXlsx([cellsSheet()], XLSX_SHARED));
    for (const [xml, text] of XLSX_CELLS) expect(cellAt(sheet!.rows, /r="([A-Z]+\d+)"/.exec(xml)![1]!), xml).toBe(text);
  });

  it('count dates from 1904 in a workbook that says so', async () => {
    const [sheet] = await sheetsOf(
      await rawXlsx([{ name: 's', rows: '<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1" s="1"><v>1</v></c></row>' }], [], {
        date1904: true,
      }),
    );
    expect(sheet!.rows[0]).toEqual(['00:00:00', '1904-01-02 00:00:00']);
  });

  it('keep merged cells in their first cell, and read hidden, empty and oddly named sheets', async () => {
    const odd = `Ünï & <odd> 'q' ${'x'.repeat(10)}`;
    const sheets = await sheetsOf(
      await rawXlsx([
        {
          name: 'merged',
          rows: textRow(1, ['m']) + textRow(2, ['', 'n']),
          after: '<mergeCells count="1"><mergeCell ref="A1:C1"/></mergeCells>',
        },
        { name: 'hidden', rows: textRow(1, ['h']), state: 'hidden' },
        { name: 'very', rows: textRow(1, ['v']), state: 'veryHidden' },
        { name: 'empty', rows: '' },
        { name: odd, rows: textRow(1, ['o']) },
      ]),
    );
    expect(sheets).toEqual([
      { name: 'merged', rows: [['m'], ['', 'n']] },
      { name: 'hidden', rows: [['h']] },
      { name: 'very', rows: [['v']] },
      { name: 'empty', rows: [] },
      { name: odd, rows: [['o']] },
    ]);
  });
});

describe('an XLSForm workbook', () => {
  it('imports whatever its other sheets hold: odd cells, damaged XML, more rows and columns than the limits', async () => {
    const tall = Array.from({ length: 20_500 }, (_, i) => textRow(i + 1, ['x'])).join('');
    const r = await importBytes(
      await rawXlsx(
        [
          SURVEY,
          cellsSheet('help'),
          { name: 'broken', rows: '<row r="1"><c r="A1" t="s"><v>99</v></c><c r="B1"><v>not a number</v></c></row><row><c' },
          { name: 'tall', rows: tall },
          { name: 'wide', rows: `<row r="1">${is('XFD1', 'far')}</row>` },
        ],
        XLSX_SHARED,
      ),
    );
    expect(r.report.filter((e) => e.level === 'error')).toEqual([]);
    expect(r.model!.surveyItems.map((i) => i.surveyItem.name)).toEqual(['a']);
  });

  it('reads its sheets by name in any case, and a workbook of one sheet whatever the sheet is called', async () => {
    const upper = await sheetsOf(
      await rawXlsx([{ ...SURVEY, name: 'SURVEY' }, { name: 'Choices', rows: textRow(1, ['list_name']) }, cellsSheet('notes')]),
      XLSFORM_SHEET_LIMITS,
    );
    expect(upper.map((s) => [s.name, s.rows.length])).toEqual([
      ['SURVEY', 2],
      ['Choices', 1],
      ['notes', 0],
    ]);
    const sole = await sheetsOf(await rawXlsx([{ ...SURVEY, name: 'Sheet1' }]), XLSFORM_SHEET_LIMITS);
    expect(sole[0]!.rows).toEqual([
      ['type', 'name', 'label'],
      ['text', 'a', 'A'],
    ]);
  });

  it('imports a sheet whose formatting spans 1,023 empty columns, and counts only columns holding a value', async () => {
    const styled = Array.from({ length: 1023 }, (_, c) => `<c r="${XLSX.utils.encode_col(c)}3" s="1"/>`).join('');
    const wide = await importBytes(
      await rawXlsx([
        {
          ...SURVEY,
          before: '<cols><col min="1" max="1023" width="12" style="1" customWidth="1"/></cols>',
          rows: SURVEY.rows + `<row r="3">${styled}</row>`,
        },
      ]),
    );
    expect(wide.report.filter((e) => e.level === 'error')).toEqual([]);
    expect(wide.model).not.toBeNull();
    const over = await reportOf(await rawXlsx([{ ...SURVEY, rows: SURVEY.rows + `<row r="3">${is('SG3', 'x')}</row>` }]));
    expect(over).toEqual([
      expect.objectContaining({ sheet: 'survey', row: 1, column: 'SG', code: 'sheetColumns', params: { count: 501, max: 500 } }),
    ]);
  });

  it('counts rows up to the last one holding a value', async () => {
    const formatted = Array.from({ length: 25_000 }, (_, i) => `<row r="${i + 3}" ht="20" customHeight="1"/>`).join('');
    expect((await importBytes(await rawXlsx([{ ...SURVEY, rows: SURVEY.rows + formatted }]))).model).not.toBeNull();
    const over = await reportOf(await rawXlsx([{ ...SURVEY, rows: SURVEY.rows + textRow(20_001, ['x']) }]));
    expect(over).toEqual([expect.objectContaining({ sheet: 'survey', row: 20_001, code: 'sheetRows' })]);
  });

  it('turns no-break spaces into spaces, as pyxform does', async () => {
    const [survey] = await sheetsOf(
      await rawXlsx([{ ...SURVEY, rows: textRow(1, ['type', 'name', 'label']) + textRow(2, ['text', 'a', 'A\u00a0B']) }]),
      XLSFORM_SHEET_LIMITS,
    );
    expect(survey!.rows[1]![2]).toBe('A B');
  });
});

describe('an Excel 97-2003 workbook (.xls)', () => {
  it('reads every kind of cell as pyxform does, and its hidden sheets', async () => {
    const sheets = await sheetsOf(xlsCells());
    expect(sheets.map((s) => s.name)).toEqual(['survey', 'Hidden help']);
    expect(sheets[0]!.rows[0]).toEqual(XLS_CELLS.map(([, text]) => text));
    expect(sheets[1]!.rows).toEqual([['h']]);
  });

  it('imports as a form, by its bytes whatever it is called, within the same limits', async () => {
    const form = xls([
      {
        name: 'survey',
        rows: [
          ['type', 'name', 'label'].map((v) => ({ t: 's', v }) as XLSX.CellObject),
          ['integer', 'n', 'N'].map((v) => ({ t: 's', v }) as XLSX.CellObject),
        ],
      },
    ]);
    const r = await importBytes(form, 'renamed.xlsx');
    expect(r.report.filter((e) => e.level === 'error')).toEqual([]);
    expect(r.model!.surveyItems[0]!.surveyItem.name).toBe('n');
    const wide = xls([
      { name: 'survey', rows: [Array.from({ length: 250 }, (): XLSX.CellObject | null => null).concat([{ t: 's', v: 'x' }])] },
    ]);
    expect(await reportOf(wide, { ...XLSFORM_SHEET_LIMITS, columns: 200 })).toEqual([
      expect.objectContaining({ sheet: 'survey', code: 'sheetColumns', column: 'GS', params: { count: 251, max: 200 } }),
    ]);
  });

  it('reads the IFRC distribution site assessment, an .xls published as .xlsx', async () => {
    const sheets = await sheetsOf(readFileSync('fixtures/xlsforms/ifrc-distribution-site-assessment.xls'), XLSFORM_SHEET_LIMITS);
    expect(sheets.map((s) => s.name)).toEqual(['survey', 'choices', 'settings']);
    expect(sheets[0]!.rows[0]!.slice(0, 3)).toEqual(['type', 'name', 'label::English']);
    expect(sheets[2]!.rows[1]!.slice(0, 3)).toEqual([
      'M4_5_2_1a-ODK-DistributionSite_Assessment-XLSForm',
      'distributionsite_assessment_v1_0',
      'English',
    ]);
  });
});

/** A stand-in for each outcome: never a throw, and a report names a code. */
async function outcome(bytes: Buffer): Promise<'sheets' | string> {
  const read = await readWorkbook(bytes, XLSFORM_SHEET_LIMITS);
  if ('sheets' in read) return 'sheets';
  expect(read.report.length).toBeGreaterThan(0);
  for (const e of read.report) expect(e.code).toBeTruthy();
  return read.report[0]!.code!;
}

describe('broken and hostile files', () => {
  it('refuses random bytes, whatever they start with', { timeout: 60_000 }, async () => {
    const starts = [Buffer.alloc(0), Buffer.from('PK\x03\x04'), Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.from('<?xml ')];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...starts), fc.uint8Array({ maxLength: 4096 }), async (start, rest) => {
        expect(await outcome(Buffer.concat([start, Buffer.from(rest)]))).not.toBe('sheets');
      }),
      { seed: 37, numRuns: 200 },
    );
  });

  it('gives a report or the sheets for an .xlsx of every cell type cut or flipped anywhere', { timeout: 120_000 }, async () => {
    const good = await rawXlsx([SURVEY, cellsSheet('choices')], XLSX_SHARED);
    expect(await outcome(good)).toBe('sheets');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: good.length - 1 }), async (cut) => {
        await outcome(good.subarray(0, cut));
      }),
      { seed: 38, numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(good.length - 1), fc.nat(255)), { minLength: 1, maxLength: 6 }), async (flips) => {
        const b = Buffer.from(good);
        for (const [at, v] of flips) b[at] = v;
        await outcome(b);
      }),
      { seed: 39, numRuns: 60 },
    );
  });

  it('refuses a zip that is not an Excel workbook (no workbook part, an OpenDocument sheet)', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('xl/worksheets/sheet1.xml', '<worksheet/>');
    expect(await outcome(await zip.generateAsync({ type: 'nodebuffer' }))).toBe('notWorkbook');
    const ods = XLSX.write(XLSX.utils.book_new(XLSX.utils.aoa_to_sheet([['type', 'name']]), 'survey'), {
      type: 'buffer',
      bookType: 'ods',
    }) as Buffer;
    expect(await outcome(ods)).toBe('notWorkbook');
  });

  it('gives a report or the sheets for an .xls cut or flipped anywhere', { timeout: 120_000 }, async () => {
    const good = xlsCells();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: good.length - 1 }), async (cut) => {
        await outcome(good.subarray(0, cut));
      }),
      { seed: 40, numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(good.length - 1), fc.nat(255)), { minLength: 1, maxLength: 6 }), async (flips) => {
        const b = Buffer.from(good);
        for (const [at, v] of flips) b[at] = v;
        await outcome(b);
      }),
      { seed: 41, numRuns: 100 },
    );
  });

  it('refuses a compound file that declares more than it holds, a truncated one, and one with a password', async () => {
    const good = xlsCells(false);
    const huge = Buffer.from(good);
    huge.writeUInt32LE(0xffffffff, 0x2c); // sectors of the allocation table
    expect(await outcome(huge)).toBe('xlsDamaged');
    const stream = Buffer.from(good);
    stream.writeUInt32LE(0xffffffff, good.indexOf(Buffer.from('Workbook', 'utf16le')) + 0x78); // the workbook stream's size
    expect(await outcome(stream)).toBe('xlsDamaged');
    expect(await outcome(good.subarray(0, 700))).toBe('xlsDamaged');
    const locked = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(locked, 'EncryptionInfo', Buffer.alloc(200, 1));
    XLSX.CFB.utils.cfb_add(locked, 'EncryptedPackage', Buffer.alloc(5000, 2));
    expect(await outcome(Buffer.from(XLSX.CFB.write(locked, { type: 'buffer' }) as Uint8Array))).toBe('workbookEncrypted');
  });

  it('refuses a file over 10 MB before reading it, whatever its kind', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(big);
    expect(await outcome(big)).toBe('archiveSize');
  });
});
