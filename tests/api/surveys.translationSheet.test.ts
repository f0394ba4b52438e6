// The translation spreadsheet: exported with a column per language, filled in offline and
// imported back; the upload is bounded (size before reading, zip parts, DTDs) and scoped like every
// survey call.
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { createSurvey } from '../support/surveys';

let t: TestApp;
let junior: Session;
let guest: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  [junior, guest, other] = (await Promise.all(['junior', 'guest', 'other'].map((p) => t.signIn(`${p}@demo.test`)))) as [
    Session,
    Session,
    Session,
  ];
});
afterAll(() => t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function surveyInFrench() {
  const s = await createSurvey(
    t,
    [q.select_one('colour').label('Colour').hint('Pick one').choices('red', 'blue'), q.text('why').label('Why?')],
    { status: 0 },
  );
  const fr = await t.db.selectFrom('languages').select('id').where('code', '=', 'fr').executeTakeFirstOrThrow();
  await t.call('POST', '/api/Survey/AddSurveyLanguage', { session: junior, body: { surveyId: s.id, languageId: fr.id } });
  return { s, fr: fr.id };
}

const upload = (session: Session, surveyId: string, bytes: Uint8Array, fileName = 'translations.xlsx') => {
  const { payload, headers } = multipart([['file', { fileName, contentType: XLSX, bytes }]]);
  return t.app.inject({
    method: 'POST',
    url: `/api/Survey/ImportTranslations?surveyId=${surveyId}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${session.token}`, 'organization-id': session.organizationId },
  });
};

async function exported(surveyId: string, session = junior) {
  const r = await t.call('GET', '/api/Survey/ExportTranslations', { session, query: { surveyId } });
  return r;
}

describe('the translation spreadsheet', () => {
  it('exports one row per text and a column per language, and imports what a translator typed', async () => {
    const { s, fr } = await surveyInFrench();
    const r = await exported(s.id);
    expect(r.status).toBe(200);
    expect(r.res.headers['content-disposition']).toContain('translations.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('translations')!;
    const header = [1, 2, 3, 4, 5].map((c) => ws.getRow(1).getCell(c).text);
    expect(header).toEqual(['key', 'where', 'what', 'English (en)', 'French (fr)']);
    // colour: label, hint, 2 choices; why: label (texts the base language lacks are not rows).
    const whats: string[] = [];
    ws.eachRow((row, n) => n > 1 && whats.push(row.getCell(3).text));
    expect(whats).toEqual(['Label', 'Hint', 'Choice', 'Choice', 'Label']);
    const col = { fr: 5, en: 4 };
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const en = row.getCell(col.en).text;
      if (en === 'Colour') row.getCell(col.fr).value = 'Couleur';
      if (en === 'red') row.getCell(col.fr).value = 'rouge';
      if (en === 'Why?') row.getCell(col.fr).value = '=Pourquoi ?';
    });
    const back = Buffer.from(await wb.xlsx.writeBuffer());
    const imported = await upload(junior, s.id, back);
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data).toMatchObject({ languages: [{ languageId: fr, changed: 3 }], unknownRows: 0 });
    const got = await t.call<{
      surveyItems: {
        surveyItem: {
          questionLabels: { languageId: number; text: string }[];
          selectQuestionChoices: { choiceLabels: { languageId: number; text: string }[] }[];
        };
      }[];
    }>('POST', '/api/Survey/GetById', { session: junior, body: { SurveyId: s.id } });
    const [colour, why] = got.body.data.surveyItems.map((i) => i.surveyItem);
    expect(colour!.questionLabels).toContainEqual({ languageId: fr, text: 'Couleur' });
    expect(colour!.selectQuestionChoices[0]!.choiceLabels).toContainEqual({ languageId: fr, text: 'rouge' });
    // Stored as the text typed, never run as a formula.
    expect(why!.questionLabels).toContainEqual({ languageId: fr, text: '=Pourquoi ?' });
  });

  it('refuses files that are not workbooks, too large, zip bombs and DTDs, naming the file', async () => {
    const { s } = await surveyInFrench();
    const notZip = await upload(junior, s.id, Buffer.from('key,where\n'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().errors[0]).toMatch(/^file: /);
    const csv = await upload(junior, s.id, Buffer.from('PK'), 'translations.csv');
    expect(csv.statusCode).toBe(400);
    const big = await upload(junior, s.id, Buffer.alloc(3 * 1024 * 1024, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().isSuccess).toBe(false);
    // A part that declares 10 MB but compresses a thousandfold.
    const bomb = zipOf([['xl/worksheets/sheet1.xml', Buffer.alloc(10 * 1024 * 1024, 0x20)]]);
    const r = await upload(junior, s.id, bomb);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0]).toContain('inflates');
    const dtd = zipOf([['[Content_Types].xml', Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')]]);
    const d = await upload(junior, s.id, dtd);
    expect(d.statusCode).toBe(400);
    expect(d.json().errors[0]).toContain('DOCTYPE');
  });

  it('is for authors of the survey organization: a Guest is refused, another tenant gets 404', async () => {
    const { s } = await surveyInFrench();
    expect((await exported(s.id, guest)).status).toBe(403);
    expect((await exported(s.id, other)).status).toBe(404);
    const good = (await exported(s.id)).res.rawPayload;
    expect((await upload(other, s.id, good)).statusCode).toBe(404);
    expect((await upload(guest, s.id, good)).statusCode).toBe(403);
  });
});

/** A minimal zip (deflated parts) with sizes declared truthfully. */
function zipOf(parts: [string, Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of parts) {
    const packed = deflateRawSync(data);
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, packed);
    centrals.push(central, n);
    offset += 30 + n.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
