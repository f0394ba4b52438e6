// geotrace, geoshape, barcode, audio and video through import and export: kept as the variants of Text and
// File upload they are (question-types.ts SHEET_TYPES), written back as the same types, with no report
// line; pyxform's XForm of our export has the same bind type and, for uploads, the same media type as
// pyxform's XForm of the original.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsformSheets, type SurveyItem } from '../../../engine/survey/index';
import { workbookOf } from '../../../server/services/surveyExport';
import { importBytes } from './helpers';
import { judgeBuffers, mustJudge, pyxformMissing, type Verdict } from './pyxform';

const ROWS = [
  ['geotrace', 'route', 'The route walked', ''],
  ['geoshape', 'plot', 'The field', ''],
  ['barcode', 'code', 'The parcel code', 'front'],
  ['audio', 'voice', 'A voice note', ''],
  ['video', 'clip', 'A short video', ''],
  ['file', 'doc', 'A document', ''],
] as const;

async function original(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const survey = wb.addWorksheet('survey');
  survey.addRow(['type', 'name', 'label', 'appearance']);
  for (const r of ROWS) survey.addRow([...r]);
  const settings = wb.addWorksheet('settings');
  settings.addRow(['form_title', 'form_id']);
  settings.addRow(['Kept types', 'kept_types']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const flat = (items: readonly SurveyItem[]): SurveyItem[] => items.flatMap((i) => [i, ...flat(i.innerItems)]);

/** Each question's bind type and, for an upload, its media type, as pyxform wrote the XForm. */
function xformTypes(v: Verdict): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of v.questions ?? []) {
    if (/\/meta\//.test(q.path)) continue;
    const upload = new RegExp(`<upload[^>]*ref="${q.path}"[^>]*>`).exec(v.xform ?? '')?.[0];
    const media = upload ? / mediatype="([^"]+)"/.exec(upload)?.[1] : undefined;
    out[q.name] = media ? `${q.type} ${media}` : q.type;
  }
  return out;
}

describe('XLSForm types kept as variants', () => {
  it('import with no report line, keep their type and appearance, and export as the same types', async () => {
    const first = await importBytes(await original(), 'kept.xlsx');
    expect(first.report).toEqual([]);
    const questions = flat(first.model!.surveyItems).map((i) => i.surveyItem);
    expect(questions.map((q) => [q.name, q.questionType, q.sheetType ?? null, q.appearance])).toEqual([
      ['route', 34, 'geotrace', null],
      ['plot', 34, 'geoshape', null],
      ['code', 34, 'barcode', 'front'],
      ['voice', 110, 'audio', null],
      ['clip', 110, 'video', null],
      ['doc', 110, null, null],
    ]);
    const sheet = xlsformSheets(first.model!).find((s) => s.name === 'survey')!.rows;
    const type = sheet[0]!.indexOf('type');
    expect(sheet.slice(1).map((r) => r[type])).toEqual(ROWS.map((r) => r[0]));

    const again = await importBytes(await workbookOf(first.model!), 'again.xlsx');
    expect(again.report).toEqual([]);
    expect(flat(again.model!.surveyItems).map((i) => [i.surveyItem.name, i.surveyItem.sheetType ?? null])).toEqual(
      questions.map((q) => [q.name, q.sheetType ?? null]),
    );
  });

  it("pyxform's XForm of the export has the types of pyxform's XForm of the original", { timeout: 60_000 }, async () => {
    const missing = pyxformMissing();
    if (missing) {
      if (mustJudge()) throw new Error(`pyxform is required under CI: ${missing}`);
      console.error(`pyxform cannot run here: ${missing}`);
      return;
    }
    const bytes = await original();
    const first = await importBytes(bytes, 'kept.xlsx');
    const [before, after] = judgeBuffers([
      { name: 'original.xlsx', bytes },
      { name: 'export.xlsx', bytes: await workbookOf(first.model!) },
    ]);
    expect([before!.ok, after!.ok, after!.error]).toEqual([true, true, undefined]);
    const types = xformTypes(before!);
    expect(types).toMatchObject({ route: 'geotrace', plot: 'geoshape', code: 'barcode', voice: 'binary audio/*', clip: 'binary video/*' });
    expect(xformTypes(after!)).toEqual(types);
  });
});
