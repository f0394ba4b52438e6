// Exports read back as analysts' tools read them: XLSX with typed cells (dates as date cells with a
// date format, numbers as numbers, a phone number as text with its '+', an answer that begins with '='
// as a plain string cell), file answers as links that open the file (for a signed-in user of the
// organization, and on the feed with its token), the ZIP's CSV naming its own attachments, and the two
// CSVs: for analysis every answer as given, for Excel formulas neutralized.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q, repeat } from '../../engine/survey/index';
import { SUBMISSION_FILE_ROUTE } from '../../schemas/submissions';
import { createTestApp, type TestApp } from '../support/app';
import { parseCsv } from '../support/csv';
import { demo, personas } from '../support/personas';
import { createSurvey, submit, type TestSurvey } from '../support/surveys';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
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

const workbook = async (query = 'format=xlsx') => {
  const res = await download(query);
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
};

/** A sheet's cell by row and header. */
const cellIn = (sheet: ExcelJS.Worksheet) => {
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  return (row: number, name: string) => {
    expect(header).toContain(name);
    return sheet.getRow(row).getCell(header.indexOf(name) + 1);
  };
};

const csvColumns = async (body: string) => {
  const rows = await parseCsv(body);
  const header = rows[0]!;
  return (name: string) => rows.slice(1).map((r) => r[header.indexOf(name)]);
};

beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
  s = await createSurvey(t, [
    q.text('comment'),
    q.date('visit_date'),
    q.time('visit_time'),
    q.datetime('visit_at'),
    q.integer('age'),
    q.decimal('income'),
    q.phone('phone'),
    q.calculate('double').calculation('${age} * 2'),
    q.image('photo'),
    repeat('visits', q.text('place'), q.file('report')),
  ]);
  const sent = await submit(t, s, {
    comment: '=1+1',
    visit_date: '2026-03-04',
    visit_time: '10:30',
    visit_at: '2026-03-04 10:30',
    age: 41,
    income: 12.5,
    phone: '+254712345678',
    photo: dataUrl('image/png', 'front door.png', PNG),
    visits: [{ place: '-5 days', report: dataUrl('application/pdf', 'report.pdf', PDF) }],
  });
  expect(sent.body.errors).toEqual([]);
  expect(sent.status).toBe(200);
  expect((await submit(t, s, { comment: '@SUM(A1)', age: 7 })).status).toBe(200);
});
afterAll(() => t.close());

describe('XLSX', () => {
  it('writes dates, times and date-times as date cells with a date format', async () => {
    const sheet = (await workbook()).getWorksheet('submissions')!;
    const at = cellIn(sheet);
    // ExcelJS gives a date cell as a Date (its numFmt is a date format), wall-clock time as UTC.
    expect(at(2, 'visit_date').type).toBe(ExcelJS.ValueType.Date);
    expect((at(2, 'visit_date').value as Date).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(at(2, 'visit_date').numFmt).toBe('yyyy-mm-dd');
    expect(at(2, 'visit_at').type).toBe(ExcelJS.ValueType.Date);
    expect((at(2, 'visit_at').value as Date).toISOString()).toBe('2026-03-04T10:30:00.000Z');
    expect(at(2, 'visit_at').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(at(2, 'visit_time').type).toBe(ExcelJS.ValueType.Date);
    expect((at(2, 'visit_time').value as Date).toISOString()).toBe('1899-12-30T10:30:00.000Z');
    expect(at(2, 'visit_time').numFmt).toBe('hh:mm:ss');
    // The submission's own times too.
    expect(at(2, '_submitted_at').type).toBe(ExcelJS.ValueType.Date);
    expect(at(2, '_submitted_at').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('writes numbers and numeric calculations as numbers, a phone number as text with its +', async () => {
    const at = cellIn((await workbook()).getWorksheet('submissions')!);
    expect(at(2, 'age').value).toBe(41);
    expect(at(2, 'income').value).toBe(12.5);
    expect(at(2, 'double').type).toBe(ExcelJS.ValueType.Number);
    expect(at(2, 'double').value).toBe(82);
    expect(at(2, 'phone').type).toBe(ExcelJS.ValueType.String);
    expect(at(2, 'phone').value).toBe('+254712345678');
  });

  it('writes answers that begin like a formula as string cells, with nothing added', async () => {
    const wb = await workbook();
    const at = cellIn(wb.getWorksheet('submissions')!);
    expect(at(2, 'comment').type).toBe(ExcelJS.ValueType.String);
    expect(at(2, 'comment').value).toBe('=1+1');
    expect(at(3, 'comment').value).toBe('@SUM(A1)');
    expect(cellIn(wb.getWorksheet('visits')!)(2, 'place').value).toBe('-5 days');
    for (const w of wb.worksheets) w.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('writes a file answer as a hyperlink that opens the file for a signed-in user of the organization, and only for them', async () => {
    const wb = await workbook();
    const photo = cellIn(wb.getWorksheet('submissions')!)(2, 'photo');
    const report = cellIn(wb.getWorksheet('visits')!)(2, 'report');
    for (const [cell, bytes] of [
      [photo, PNG],
      [report, PDF],
    ] as const) {
      expect(cell.type).toBe(ExcelJS.ValueType.Hyperlink);
      const { hyperlink, text } = cell.value as ExcelJS.CellHyperlinkValue;
      expect(text).toBe(hyperlink);
      const link = new URL(hyperlink);
      expect(link.origin).toBe(new URL(t.app.deps.config.publicUrl).origin);
      // The app's page for the file, which fetches it with the session and the organization it names.
      const pattern = new RegExp(`^${SUBMISSION_FILE_ROUTE.replace(/:\w+/g, '([0-9a-f-]{36})')}$`);
      const [, organizationId, fileId] = pattern.exec(link.pathname)!;
      const owner = await as(demo.owner);
      expect(organizationId).toBe(owner.organizationId);
      const fetched = (who: { token: string }, org: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/DataCollection/getSubmissionFile/${fileId}`,
          headers: { authorization: `Bearer ${who.token}`, 'organization-id': org },
        });
      const mine = await fetched(owner, organizationId!);
      expect(mine.statusCode).toBe(200);
      expect(mine.rawPayload).toEqual(bytes);
      const other = await as(demo.other);
      expect((await fetched(other, other.organizationId)).statusCode).toBe(404);
      expect((await fetched(other, organizationId!)).statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('CSV', () => {
  it('for analysis keeps every answer as given; for Excel neutralizes formulas and leaves numbers and phones alone', async () => {
    const analysis = await csvColumns((await download('format=csv&csvFor=analysis')).body);
    expect(analysis('comment')).toEqual(['=1+1', '@SUM(A1)']);
    expect(analysis('phone')).toEqual(['+254712345678', '']);
    expect(analysis('visit_date')).toEqual(['2026-03-04', '']);
    const excel = await csvColumns((await download('format=csv&csvFor=excel')).body);
    expect(excel('comment')).toEqual(["'=1+1", "'@SUM(A1)"]);
    expect(excel('phone')).toEqual(['+254712345678', '']);
    expect(excel('age')).toEqual(['41', '7']);
  });

  it('writes a file answer as the link of the XLSX', async () => {
    const col = await csvColumns((await download('format=csv&csvFor=analysis')).body);
    const link = col('photo')[0]!;
    expect(new URL(link).pathname).toMatch(/^\/survey\/submission-file\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    expect(col('photo')[1]).toBe('');
  });
});

describe('ZIP', () => {
  it("names in each CSV's file columns the ZIP's own entries, which hold the files", async () => {
    const res = await download('format=zip&csvFor=analysis');
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const main = Object.keys(zip.files).find((n) => n.endsWith('.csv') && n !== 'visits.csv' && n !== 'codebook.csv')!;
    const photo = (await csvColumns(await zip.file(main)!.async('string')))('photo')[0]!;
    expect(photo).toMatch(/^attachments\/[0-9a-f-]{36}\/photo_front door\.png$/);
    expect(Buffer.from(await zip.file(photo)!.async('uint8array'))).toEqual(PNG);
    const report = (await csvColumns(await zip.file('visits.csv')!.async('string')))('report')[0]!;
    expect(report).toMatch(/^attachments\/[0-9a-f-]{36}\/report_1_report\.pdf$/);
    expect(Buffer.from(await zip.file(report)!.async('uint8array'))).toEqual(PDF);
    // The ZIP for analysis keeps answers as given, as its CSVs say.
    expect((await csvColumns(await zip.file('visits.csv')!.async('string')))('place')).toEqual(['-5 days']);
  });
});

describe('the feed', () => {
  it('gives answers as given and a file link that its token opens, for its own survey only', async () => {
    const made = await t.call<{ token: string }>('POST', '/api/DataCollection/createFeedToken', {
      session: await as(demo.manager),
      body: { surveyId: s.id, name: 'Files' },
    });
    const token = made.body.data.token;
    const bearer = { authorization: `Bearer ${token}` };
    const page = await t.app.inject({ method: 'GET', url: `/api/DataCollection/feed/${s.id}/csv`, headers: bearer });
    const col = await csvColumns(page.body);
    expect(col('comment')).toEqual(['=1+1', '@SUM(A1)']);
    const link = new URL(col('photo')[0]!);
    expect(link.pathname).toMatch(new RegExp(`^/api/DataCollection/feed/${s.id}/file/[0-9a-f-]{36}$`));
    const basic = { authorization: `Basic ${Buffer.from(`excel:${token}`).toString('base64')}` };
    for (const headers of [bearer, basic]) {
      const file = await t.app.inject({ method: 'GET', url: link.pathname, headers });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload).toEqual(PNG);
    }
    expect((await t.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(401);
    // Another survey's token, and another organization's session, do not open it.
    const other = await createSurvey(t, [q.text('x')]);
    const otherToken = (
      await t.call<{ token: string }>('POST', '/api/DataCollection/createFeedToken', {
        session: await as(demo.manager),
        body: { surveyId: other.id, name: 'Other' },
      })
    ).body.data.token;
    const fileId = link.pathname.split('/').pop()!;
    const viaOther = await t.app.inject({
      method: 'GET',
      url: `/api/DataCollection/feed/${other.id}/file/${fileId}`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(viaOther.statusCode).toBe(404);
    const stranger = await as(demo.other);
    const withSession = await t.app.inject({
      method: 'GET',
      url: link.pathname,
      headers: { authorization: `Bearer ${stranger.token}`, 'organization-id': stranger.organizationId },
    });
    expect(withSession.statusCode).toBe(401);
  });
});
