// A fuzz of the XLSForm import with malformed workbooks: truncated zips, bytes flipped,
// wrong cell types, 16,384 columns, a million rows, deep nesting, every sheet missing in turn. Zero
// crashes: every outcome is a model or a report, and every refusal names its sheet, row and column.
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importBytes } from './helpers';

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const SURVEY = [
  ['type', 'name', 'label::English (en)', 'relevant'],
  ['begin_group', 'g', 'G', ''],
  ['select_one yn', 'a', 'A', ''],
  ['integer', 'b', 'B', "${a} = 'yes'"],
  ['end_group', '', '', ''],
];
const CHOICES = [
  ['list_name', 'name', 'label::English (en)'],
  ['yn', 'yes', 'Yes'],
  ['yn', 'no', 'No'],
];
const SETTINGS = [['form_title'], ['T']];

/** An outcome is well-formed: a model, or errors that each say where. */
function wellFormed(r: Awaited<ReturnType<typeof importBytes>>): void {
  if (r.model) return;
  const errors = r.report.filter((e) => e.level === 'error');
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(typeof e.sheet).toBe('string');
    expect(Number.isInteger(e.row)).toBe(true);
    expect(typeof e.column).toBe('string');
    expect(e.message.length).toBeGreaterThan(0);
  }
}

describe('malformed workbooks', () => {
  it('survives truncation at any length and flipped bytes', { timeout: 60_000 }, async () => {
    const good = await workbook({ survey: SURVEY, choices: CHOICES, settings: SETTINGS });
    const cuts = fc.sample(fc.integer({ min: 0, max: good.length - 1 }), { seed: 21, numRuns: 30 });
    for (const cut of cuts) wellFormed(await importBytes(good.subarray(0, cut)));
    const flips = fc.sample(
      fc.array(fc.tuple(fc.integer({ min: 0, max: good.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
      { seed: 22, numRuns: 30 },
    );
    for (const f of flips) {
      const b = Buffer.from(good);
      for (const [at, v] of f) b[at] = v;
      wellFormed(await importBytes(b));
    }
  });

  it('refuses each missing sheet that is needed, naming it, and imports without the optional ones', async () => {
    const noSurvey = await importBytes(await workbook({ choices: CHOICES, settings: SETTINGS }));
    expect(noSurvey.model).toBeNull();
    expect(noSurvey.report[0]).toMatchObject({ sheet: 'survey', level: 'error' });
    const noChoices = await importBytes(await workbook({ survey: SURVEY, settings: SETTINGS }));
    expect(noChoices.model).toBeNull();
    expect(noChoices.report).toContainEqual(expect.objectContaining({ sheet: 'survey', row: 3, column: 'type', level: 'error' }));
    const noSettings = await importBytes(await workbook({ survey: SURVEY, choices: CHOICES }));
    expect(noSettings.model).not.toBeNull();
  });

  it('reads wrong cell types (numbers, booleans, dates, formulas) as text', async () => {
    const r = await importBytes(
      await workbook({
        survey: [
          ['type', 'name', 'label', 'required', 'default'],
          ['integer', 'n', 42, true, 7],
          ['date', 'd', new Date('2026-01-02T00:00:00Z'), false, new Date('2026-01-02T00:00:00Z')],
          ['text', 't', { formula: '1+1', result: 2 }, { formula: 'TRUE()', result: true }, ''],
        ],
      }),
    );
    expect(r.report.filter((e) => e.level === 'error')).toEqual([]);
    const [n, d, t] = r.model!.surveyItems.map((i) => i.surveyItem);
    expect([n!.questionLabels[0]!.text, n!.isRequired, n!.default]).toEqual(['42', true, '7']);
    // A date cell reads as pyxform reads it (openpyxl's datetime printed by Python).
    expect([d!.isRequired, d!.default]).toEqual([false, '2026-01-02 00:00:00']);
    expect([t!.questionLabels[0]!.text, t!.isRequired]).toEqual(['2', true]);
  });

  it('refuses 16,384 columns and a million rows, naming the limit', { timeout: 120_000 }, async () => {
    const wide = await workbook({ survey: [Array.from({ length: 16384 }, (_, i) => `c${i}`)] });
    const w = await importBytes(wide);
    expect(w.model).toBeNull();
    expect(w.report[0]!.message).toMatch(/columns/);
    // A million rows, written as XML directly: ExcelJS would take minutes to write them. Rows count up
    // to the last one holding a value.
    const rows =
      Array.from({ length: 1_000_000 }, (_, i) => `<row r="${i + 1}"/>`).join('') + '<row r="1000001"><c r="A1000001"><v>1</v></c></row>';
    const base = await workbook({ survey: [['type', 'name']] });
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(base);
    const name = Object.keys(zip.files).find((f) => /worksheets\/sheet1\.xml$/.test(f))!;
    const xml = (await zip.file(name)!.async('string')).replace(
      /<sheetData>.*<\/sheetData>|<sheetData\/>/s,
      `<sheetData>${rows}</sheetData>`,
    );
    zip.file(name, xml);
    const tall = await importBytes(await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expect(tall.model).toBeNull();
    expect(tall.report[0]!.message).toMatch(/more than 20000 rows/);
  });

  it('refuses nesting deeper than the builder allows, and unclosed groups, at their rows', async () => {
    const deep = [
      ['type', 'name', 'label'],
      ...Array.from({ length: 12 }, (_, i) => ['begin_group', `g${i}`, 'G']),
      ['text', 'x', 'X'],
      ...Array.from({ length: 12 }, () => ['end_group', '', '']),
    ];
    const r = await importBytes(await workbook({ survey: deep }));
    expect(r.model).toBeNull();
    expect(r.report[0]).toMatchObject({ sheet: 'survey', row: 12, column: 'type', level: 'error' });
    const open = await importBytes(
      await workbook({
        survey: [
          ['type', 'name', 'label'],
          ['begin_repeat', 'r', 'R'],
          ['text', 'x', 'X'],
        ],
      }),
    );
    expect(open.report).toContainEqual(expect.objectContaining({ sheet: 'survey', row: 2, column: 'type', level: 'error' }));
  });
});
