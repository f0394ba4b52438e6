// Respondent lists imported from a spreadsheet: the preview (columns, suggested mapping, first rows,
// nothing stored), the row-by-row report (bad phone, bad e-mail, unknown location, duplicate key),
// strict mode storing nothing, the duplicate policies when adding to a list, .xlsx beside .csv, and the
// file's type and shape refused before anything is stored.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BeneficiaryDetail, BeneficiaryPage, ImportMapping, ImportPreview, ImportReport } from '../../schemas/beneficiaries';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { demo, personas } from '../support/personas';

let t: TestApp;
const as = personas(() => t);
let projectId: string;
beforeAll(async () => {
  t = await createTestApp();
  projectId = t.ids.projects['Household Needs Assessment 2026']!;
});
afterAll(() => t.close());

const csv = (rows: string[][]) =>
  Buffer.from(rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n'));
const HEAD = ['National ID', 'Full name', 'Sex', 'Phone', 'E-mail', 'Country', 'State', 'City', 'District', 'Household size'];
const GOOD = [
  ['KE-001', 'Amina Yusuf', 'Female', '0712 345 678', 'amina@example.org', 'Kenya', 'Turkana', 'Lodwar', 'Turkana Central', '5'],
  ['KE-002', 'Baraka Otieno', 'Male', '+254 722 000 111', '', 'Kenya', 'Turkana', '', 'Turkana West', '3'],
];

const mapping = (over: Partial<ImportMapping> = {}): ImportMapping => ({
  name: 'Cash transfer round 1',
  columns: [
    { source: 'National ID', field: 'idNumber' },
    { source: 'Full name', field: 'fullName' },
    { source: 'Sex', field: 'gender' },
    { source: 'Phone', field: 'phone' },
    { source: 'E-mail', field: 'email' },
    { source: 'Country', field: 'country' },
    { source: 'State', field: 'state' },
    { source: 'City', field: 'city' },
    { source: 'District', field: 'district' },
    { source: 'Household size', field: 'custom', type: 'number' },
  ],
  key: 'idNumber',
  duplicates: 'skip',
  strict: false,
  ...over,
});

async function send(
  path: 'importTable' | 'previewImport',
  s: Session,
  file: { name: string; bytes: Buffer },
  fields: { Mapping?: ImportMapping | string; TableId?: string; ProjectId?: string } = {},
) {
  const entries: [string, string | { fileName: string; contentType: string; bytes: Uint8Array }][] = [
    ['ProjectId', fields.ProjectId ?? projectId],
  ];
  if (fields.Mapping !== undefined)
    entries.push(['Mapping', typeof fields.Mapping === 'string' ? fields.Mapping : JSON.stringify(fields.Mapping)]);
  if (fields.TableId) entries.push(['TableId', fields.TableId]);
  entries.push(['File', { fileName: file.name, contentType: 'text/csv', bytes: file.bytes }]);
  const { payload, headers } = multipart(entries);
  return t.call<{ tableId: string; report: ImportReport } & ImportPreview>('POST', `/api/Beneficiaries/${path}`, {
    session: s,
    body: payload,
    headers,
  });
}
const importCsv = async (rows: string[][], m: ImportMapping, tableId?: string) =>
  send(
    'importTable',
    await as(demo.manager),
    { name: 'round1.csv', bytes: csv(rows) },
    { Mapping: m, ...(tableId ? { TableId: tableId } : {}) },
  );
const page = async (tableId: string, query: Record<string, string> = {}) =>
  (
    await t.call<BeneficiaryPage>('GET', '/api/Beneficiaries/getBeneficiaries', {
      session: await as(demo.manager),
      query: { TableId: tableId, PageSize: '100', ...query },
    })
  ).body.data;
const counts = async () => ({
  tables: (
    await t.db
      .selectFrom('beneficiary_tables')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
  people: (
    await t.db
      .selectFrom('beneficiaries')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
});

describe('POST /api/Beneficiaries/previewImport', () => {
  it('answers the columns, a suggested mapping and the first rows, and stores nothing', async () => {
    const before = await counts();
    const r = await send('previewImport', await as(demo.manager), { name: 'households.csv', bytes: csv([HEAD, ...GOOD]) });
    expect(r.status).toBe(200);
    expect(r.body.data.columns).toEqual(HEAD);
    expect(r.body.data.totalRows).toBe(2);
    expect(r.body.data.rows[0]![1]).toBe('Amina Yusuf');
    const fields = Object.fromEntries(r.body.data.suggested.columns.map((c) => [c.source, c.field]));
    expect(fields).toMatchObject({
      'National ID': 'idNumber',
      'Full name': 'fullName',
      Sex: 'gender',
      Phone: 'phone',
      'E-mail': 'email',
      District: 'district',
    });
    expect(r.body.data.suggested.columns.find((c) => c.source === 'Household size')).toMatchObject({ field: 'custom', type: 'number' });
    expect(r.body.data.suggested.key).toBe('idNumber');
    expect(r.body.data.suggested.name).toBe('households');
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/Beneficiaries/importTable', () => {
  it('stores the good rows and reports each bad one by row and column', async () => {
    const rows = [
      HEAD,
      ...GOOD,
      ['KE-003', 'Chebet Kiprop', 'F', '12345', 'chebet@example.org', 'Kenya', 'Turkana', '', '', '2'],
      ['KE-004', 'Daudi Were', 'M', '0733 111 222', 'not-an-email', 'Kenya', 'Turkana', '', '', '4'],
      ['KE-005', 'Esther Nanjala', 'F', '', '', 'Kenya', 'Atlantis', '', '', '1'],
      ['KE-001', 'Amina Y. (again)', 'F', '', '', '', '', '', '', ''],
      ['KE-006', '=HYPERLINK("http://x.test","click")', '', '', '', '', '', '', '', 'many'],
    ];
    const r = await importCsv(rows, mapping());
    expect(r.status).toBe(200);
    const report = r.body.data.report;
    expect(report).toMatchObject({ rows: 7, added: 2, skipped: 1, refused: 4 });
    const lines = report.lines.map((l) => [l.row, l.column, l.code, l.level]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [4, 'Phone', 'badPhone', 'error'],
        [5, 'E-mail', 'badEmail', 'error'],
        [6, 'State', 'unknownLocation', 'error'],
        [7, 'National ID', 'duplicateKey', 'warning'],
        [8, 'Household size', 'badNumber', 'error'],
      ]),
    );
    const list = await page(r.body.data.tableId);
    expect(list.totalSize).toBe(2);
    const amina = list.beneficiaries.find((b) => b.idNumber === 'KE-001')!;
    // The phone in E.164, read in the project's country (Kenya), the place as the product's data spells it.
    expect(amina).toMatchObject({
      fullName: 'Amina Yusuf',
      gender: 1,
      phone: '+254712345678',
      state: 'Turkana',
      city: 'Lodwar',
      custom: { household_size: 5 },
    });
  });

  it('keeps a formula-like cell as text', async () => {
    const r = await importCsv([HEAD, ['KE-100', '=SUM(A1:A9)', '', '', '', '', '', '', '', '']], mapping({ name: 'Formulas' }));
    const list = await page(r.body.data.tableId);
    expect(list.beneficiaries[0]!.fullName).toBe('=SUM(A1:A9)');
  });

  it('stores nothing in strict mode when one row is refused', async () => {
    const before = await counts();
    const r = await importCsv(
      [HEAD, ...GOOD, ['KE-009', 'Fatuma', 'F', 'abc', '', '', '', '', '', '']],
      mapping({ strict: true, name: 'Strict' }),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('beneficiaryImportRefused');
    expect(r.body.message).toMatch(/1 row is refused/);
    expect(r.body.errors.join(' ')).toMatch(/row 4 column 'Phone'/);
    expect(await counts()).toEqual(before);
  });

  it('skips, updates or keeps both when a row has the key of someone on the list', async () => {
    const first = await importCsv([HEAD, ...GOOD], mapping({ name: 'Follow-up' }));
    const tableId = first.body.data.tableId;
    const again = [HEAD, ['KE-001', 'Amina Yusuf Ali', 'F', '0712 999 000', '', '', '', '', 'Turkana North', '6']];

    const skip = await importCsv(again, mapping({ duplicates: 'skip' }), tableId);
    expect(skip.body.data.report).toMatchObject({ added: 0, skipped: 1, updated: 0 });
    expect((await page(tableId)).beneficiaries.find((b) => b.idNumber === 'KE-001')!.fullName).toBe('Amina Yusuf');

    const update = await importCsv(again, mapping({ duplicates: 'update' }), tableId);
    expect(update.body.data.report).toMatchObject({ added: 0, skipped: 0, updated: 1 });
    expect(update.body.data.tableId).toBe(tableId);
    const after = await page(tableId);
    expect(after.totalSize).toBe(2);
    const amina = after.beneficiaries.find((b) => b.idNumber === 'KE-001')!;
    // What the file left blank stays as it was (the e-mail, the city).
    expect(amina).toMatchObject({
      fullName: 'Amina Yusuf Ali',
      phone: '+254712999000',
      email: 'amina@example.org',
      city: 'Lodwar',
      district: 'Turkana North',
      custom: { household_size: 6 },
    });
    const detail = (await t.call<BeneficiaryDetail>('GET', `/api/Beneficiaries/getById/${amina.id}`, { session: await as(demo.manager) }))
      .body.data;
    const change = detail.history.find((h) => h.changes.length)!;
    expect(change).toMatchObject({ action: 'imported', by: 'Marcus Manager' });
    expect(change.changes).toEqual(expect.arrayContaining([{ field: 'fullName', from: 'Amina Yusuf', to: 'Amina Yusuf Ali' }]));

    const both = await importCsv(again, mapping({ duplicates: 'keepBoth' }), tableId);
    expect(both.body.data.report).toMatchObject({ added: 1, skipped: 0, updated: 0 });
    expect((await page(tableId, { Search: 'KE-001' })).totalSize).toBe(2);
  });

  it('reads an .xlsx workbook like a CSV file', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('People');
    ws.addRow(['ID', 'Name', 'Mobile', 'Date of birth']);
    ws.addRow(['X-1', 'Grace Atieno', '+254711000222', new Date(Date.UTC(1990, 4, 17))]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const s = await as(demo.manager);
    const prev = await send('previewImport', s, { name: 'people.xlsx', bytes });
    expect(prev.status).toBe(200);
    expect(prev.body.data.suggested.columns.map((c) => c.field)).toEqual(['idNumber', 'fullName', 'phone', 'dateOfBirth']);
    const r = await send('importTable', s, { name: 'people.xlsx', bytes }, { Mapping: prev.body.data.suggested });
    expect(r.status).toBe(200);
    const list = await page(r.body.data.tableId);
    expect(list.beneficiaries[0]).toMatchObject({
      idNumber: 'X-1',
      fullName: 'Grace Atieno',
      dateOfBirth: '1990-05-17',
      phone: '+254711000222',
    });
  });

  it('refuses another file type, a mapping naming no column of the file, and bad JSON, storing nothing', async () => {
    const before = await counts();
    const s = await as(demo.manager);
    const txt = await send('importTable', s, { name: 'people.txt', bytes: csv([HEAD]) }, { Mapping: mapping() });
    expect(txt.status).toBe(400);
    expect(txt.body.errors[0]).toMatch(/\.xlsx, \.xls, \.csv/);
    const xls = await send('importTable', s, { name: 'old.xls', bytes: Buffer.from('not really') }, { Mapping: mapping() });
    expect(xls.status).toBe(400);
    expect(xls.body.errors[0]).toMatch(/Excel 97-2003/);
    const unknown = await importCsv([HEAD, ...GOOD], mapping({ columns: [{ source: 'Nope', field: 'idNumber' }] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatch(/'Nope'/);
    const json = await send('importTable', s, { name: 'a.csv', bytes: csv([HEAD]) }, { Mapping: '{nope' });
    expect(json.status).toBe(400);
    const noKey = await importCsv([HEAD, ...GOOD], mapping({ columns: [{ source: 'Full name', field: 'fullName' }] }));
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors[0]).toMatch(/key 'idNumber'/);
    expect(await counts()).toEqual(before);
  });

  it("refuses a collector and a guest, and another organization's project is a 404", async () => {
    const file = { name: 'a.csv', bytes: csv([HEAD, ...GOOD]) };
    expect((await send('importTable', await as(demo.collector), file, { Mapping: mapping() })).status).toBe(403);
    expect((await send('importTable', await as(demo.guest), file, { Mapping: mapping() })).status).toBe(403);
    expect((await send('importTable', await as(demo.other), file, { Mapping: mapping() })).status).toBe(404);
  });
});
