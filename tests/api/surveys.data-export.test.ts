// Exports of survey data: CSV that Excel opens (BOM, CRLF, RFC 4180), XLSX
// with the submissions, a sheet per repeat group and a codebook, a ZIP of CSVs with the attachments by
// submission; the table's filters applied; answers that would run as formulas neutralized in the CSV
// for Excel, left as string cells in XLSX; numbers kept as numbers; file names safe in Content-Disposition and in the zip. Read back with fast-csv,
// ExcelJS and JSZip, as a user's spreadsheet would read them.
import { parseString } from 'fast-csv';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, repeat } from '../../engine/survey/index';
import { nextBatch } from '../../server/db/queries/submissionData';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';
import { createSurvey, submit, type TestSurvey } from '../support/surveys';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const dataUrl = (type: string, name: string, bytes: Buffer) =>
  `data:${type};name=${encodeURIComponent(name)};base64,${bytes.toString('base64')}`;

let t: TestApp;
let as: ReturnType<typeof personas>;
let s: TestSurvey;

const download = async (query: string, who: string = demo.owner) => {
  const session = await as(who);
  return t.app.inject({
    method: 'GET',
    url: `/api/DataCollection/exportSubmissions/${s.id}?${query}`,
    headers: { authorization: `Bearer ${session.token}`, 'organization-id': session.organizationId },
  });
};

const parseCsv = (text: string) =>
  new Promise<string[][]>((resolve, reject) => {
    const rows: string[][] = [];
    parseString(text, { headers: false })
      .on('data', (r: string[]) => rows.push(r))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });

beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
  s = await createSurvey(
    t,
    [
      q.text('comment').label('Comment'),
      q.integer('age').label('Age'),
      q.decimal('income').label('Income'),
      q.select_multiple('needs').label('Needs').choices({ name: 'food', label: 'Food' }, { name: 'water', label: 'Water' }),
      q.image('photo'),
      repeat('members', q.text('member_name').label('Member name'), q.integer('member_age')),
    ],
    { name: 'Needs / "2026" ../evil' },
  );
  await submit(t, s, {
    comment: '=HYPERLINK("http://evil.test","click")',
    age: -5,
    income: 12.5,
    needs: 'food water',
    members: [
      { member_name: '@SUM(A1)', member_age: 30 },
      { member_name: 'B', member_age: 4 },
    ],
  });
  await submit(t, s, { comment: '+1-2', age: 41, needs: 'water', photo: dataUrl('image/png', '../../etc/passwd.png', PNG) });
  await submit(t, s, { comment: 'plain, with "quotes"\nand a line break', age: 7 });
});
afterAll(() => t.close());

describe('CSV', () => {
  it('opens in Excel: a BOM, CRLF rows, a header and one row per submission, oldest first', async () => {
    const res = await download('format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain('\r\n');
    const rows = await parseCsv(res.body.replace(/^\uFEFF/, ''));
    const header = rows[0]!;
    expect(header.slice(0, 2)).toEqual(['_id', '_submitted_at']);
    expect(header).toEqual(expect.arrayContaining(['comment', 'age', 'income', 'needs', 'photo']));
    expect(rows).toHaveLength(4);
    const col = (name: string) => rows.slice(1).map((r) => r[header.indexOf(name)]);
    expect(col('comment')).toEqual(['\'=HYPERLINK("http://evil.test","click")', "'+1-2", 'plain, with "quotes"\nand a line break']);
    // A negative number in a number column stays a number.
    expect(col('age')).toEqual(['-5', '41', '7']);
    expect(col('needs')).toEqual(['food water', 'water', '']);
  });

  it('applies the table filters, and labels when asked', async () => {
    const res = await download('format=csv&Filter=age:gt:10&headers=labels&multiple=split');
    const rows = await parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(2);
    const header = rows[0]!;
    expect(header).toEqual(expect.arrayContaining(['Comment', 'Needs/Food', 'Needs/Water']));
    expect(rows[1]![header.indexOf('Needs/Water')]).toBe('1');
    expect(rows[1]![header.indexOf('Needs/Food')]).toBe('0');
  });

  it('names the file safely in Content-Disposition (RFC 6266)', async () => {
    const res = await download('format=csv');
    const cd = String(res.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="[^"/\\]*"; filename\*=UTF-8''/);
    expect(cd).not.toContain('../');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a bad filter in the envelope, naming it', async () => {
    const res = await download('format=csv&Filter=nosuch:eq:1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.join(' ')).toContain("'Filter[0]'");
    expect((await download('format=pdf')).statusCode).toBe(400);
  });

  it('gives a DataCollector only their own rows, and another organization a 404', async () => {
    const mine = await parseCsv((await download('format=csv', demo.collector)).body.replace(/^\uFEFF/, ''));
    expect(mine).toHaveLength(1);
    expect((await download('format=csv', demo.other)).statusCode).toBe(404);
  });
});

describe('reading in batches', () => {
  it('walks every submission once, oldest first, whatever the batch size', async () => {
    const filter = { organizationId: s.organizationId, surveyId: s.id, answers: [] };
    const seen: string[] = [];
    let after: { id: string } | null = null;
    for (let i = 0; i < 10; i++) {
      const batch = await nextBatch(t.db, filter, after, 1);
      if (!batch.length) break;
      seen.push(batch[0]!.id);
      after = batch[0]!;
    }
    const all = await nextBatch(t.db, filter, null, 100);
    expect(seen).toEqual(all.map((h) => h.id));
    expect(new Set(seen).size).toBe(3);
  });
});

describe('XLSX', () => {
  it('has the submissions with typed numbers, a sheet per repeat group and a codebook', async () => {
    const res = await download('format=xlsx');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['submissions', 'members', 'codebook']);
    const sheet = wb.getWorksheet('submissions')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const at = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1).value;
    expect(sheet.rowCount).toBe(4);
    expect(at(2, 'age')).toBe(-5);
    expect(at(2, 'income')).toBe(12.5);
    // A string cell, which no spreadsheet runs: nothing added.
    expect(at(2, 'comment')).toBe('=HYPERLINK("http://evil.test","click")');
    // No cell of the workbook is a formula.
    for (const w of wb.worksheets) w.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
    const members = wb.getWorksheet('members')!;
    const mh = (members.getRow(1).values as unknown[]).slice(1);
    expect(mh.slice(0, 3)).toEqual(['_submission_id', '_index', '_parent_index']);
    const names = [2, 3].map((r) => members.getRow(r).getCell(mh.indexOf('member_name') + 1).value);
    expect(names).toEqual(['@SUM(A1)', 'B']);
    expect(members.getRow(2).getCell(1).value).toBe(at(2, '_id'));
    const codebook = wb.getWorksheet('codebook')!;
    const needs = codebook.getRows(2, codebook.rowCount - 1)!.find((r) => r.getCell(1).value === 'needs')!;
    expect(needs.getCell(2).value).toBe('select_multiple');
    expect(needs.getCell(6).value).toBe('food=Food; water=Water');
  });
});

describe('ZIP', () => {
  it('holds a CSV per table, the codebook and the attachments by submission, with safe entry names', async () => {
    const res = await download('format=zip');
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    for (const n of names) {
      expect(n).not.toMatch(/(^|\/)\.\.(\/|$)/);
      expect(n).not.toMatch(/^\//);
      expect(n).not.toMatch(/[\x00-\x1f\\]/);
    }
    expect(names).toEqual(expect.arrayContaining(['members.csv', 'codebook.csv']));
    const photo = names.find((n) => n.startsWith('attachments/'))!;
    expect(photo).toMatch(/^attachments\/[0-9a-f-]{36}\/photo_[^/]*passwd\.png$/);
    expect(Buffer.from(await zip.file(photo)!.async('uint8array'))).toEqual(PNG);
    const main = names.find((n) => n.endsWith('.csv') && n !== 'members.csv' && n !== 'codebook.csv')!;
    expect(main).not.toContain('/');
    const rows = await parseCsv((await zip.file(main)!.async('string')).replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(4);
  });
});
