// Media that authors attach (label images, audio, video, CSV for pulldata) follow the rules of every
// other upload (tests/api/security/uploads.test.ts): the name's kind and its size limit are checked before the bytes
// are held, the bytes decide what the file is, and a served file is a download that cannot run as a
// page of ours (attachment, nosniff, a sandboxing CSP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../../../engine/survey/index';
import { MEDIA_CSV_LIMITS, MEDIA_RULES } from '../../../../schemas/surveyMedia';
import { createTestApp, type Session, type TestApp } from '../../../support/app';
import { multipart } from '../../../support/multipart';
import { demo, personas } from '../../../support/personas';
import { createSurvey, type TestSurvey } from '../../../support/surveys';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/Account/me")</script></body></html>');
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);
const CSV = Buffer.from('name,label,population\nnairobi,Nairobi,4397073\nmombasa,Mombasa,1208333\n');

let t: TestApp;
let s: TestSurvey;
let editing: TestSurvey;
let author: Session;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [q.text('town')]);
  editing = await createSurvey(t, [q.text('town')], { status: 0 });
  author = await as(demo.manager);
});
afterAll(() => t.close());

async function upload(fileName: string, bytes: Buffer, opts: { session?: Session; surveyId?: string; contentType?: string } = {}) {
  const { payload, headers } = multipart([
    ['SurveyId', opts.surveyId ?? s.id],
    ['File', { fileName, contentType: opts.contentType ?? 'image/png', bytes }],
  ]);
  const session = opts.session ?? author;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/DataCollection/uploadSurveyMedia',
    payload,
    headers: { ...headers, authorization: `Bearer ${session.token}`, 'organization-id': session.organizationId },
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      isSuccess: boolean;
      message: string;
      errors?: string[];
      data: { contentType: string; kind: string } | Record<string, unknown> | null;
    },
  };
}
const fetchMedia = (surveyId: string, fileName: string, session?: Session) =>
  t.app.inject({
    method: 'GET',
    url: `/api/DataCollection/getSurveyMedia/${surveyId}/${encodeURIComponent(fileName)}`,
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  });

describe('what an author may attach', () => {
  it.each([
    ['a PNG label image', 'cat.png', PNG, 'image', 'image/png'],
    ['a pulldata CSV', 'towns.csv', CSV, 'csv', 'text/csv'],
  ])('%s is stored with the type its bytes show', async (_, name, bytes, kind, type) => {
    const r = await upload(name, bytes, { contentType: 'application/octet-stream' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ fileName: name, kind, contentType: type, size: bytes.length });
  });

  it('the same name again replaces the file', async () => {
    expect((await upload('again.png', PNG)).status).toBe(200);
    expect((await upload('again.png', PNG)).status).toBe(200);
    const list = await t.call<{ fileName: string }[]>('GET', `/api/DataCollection/getSurveyMediaList?surveyId=${s.id}`, {
      session: author,
    });
    expect(list.body.data.filter((m) => m.fileName === 'again.png')).toHaveLength(1);
  });
});

describe('checked by their bytes', () => {
  // The reason travels as data too (schemas/surveyMedia.ts MediaRefusal): the page says it in the reader's language.
  it.each([
    ['a page named .png', 'cat.png', HTML, { reason: 'notKind', kind: 'image' }],
    ['an svg named .png', 'logo.png', SVG, { reason: 'notKind', kind: 'image' }],
    ['an svg by its name', 'logo.svg', SVG, { reason: 'kind' }],
    ['a page by its name', 'index.html', HTML, { reason: 'kind' }],
    ['text named .mp3', 'anthem.mp3', Buffer.from('not really music at all, just text'), { reason: 'notKind', kind: 'audio' }],
    ['a PNG named .mp4', 'clip.mp4', PNG, { reason: 'notKind', kind: 'video' }],
    ['a program named .csv', 'towns.csv', EXE, { reason: 'notKind', kind: 'csv' }],
    ['a page named .csv', 'towns.csv', HTML, { reason: 'markup', kind: 'csv' }],
    ['binary data named .csv', 'towns.csv', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81]), { reason: 'notKind', kind: 'csv' }],
    ['a program named .jpg', 'photo.jpg', EXE, { reason: 'notKind', kind: 'image' }],
  ])('%s is refused', async (_, name, bytes, data) => {
    const r = await upload(name, bytes, { contentType: 'image/png' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ isSuccess: false, message: 'File type not allowed or potentially harmful.' });
    expect(r.body.errors?.[0]).toMatch(/^'File' /);
    expect(r.body.data).toEqual(data);
  });

  it('a path in the name is cut to its last part', async () => {
    const r = await upload('../../etc/cut.png', PNG);
    expect(r.body.data).toMatchObject({ fileName: 'cut.png' });
  });

  it.each([['cat\r\n.png'], ['.htaccess'], ['cat.png\u0000.html']])('the name %j is refused', async (name) => {
    const r = await upload(name, PNG);
    expect(r.status).toBe(400);
    expect(r.body.isSuccess).toBe(false);
  });
});

describe('size limits, before the bytes are held', () => {
  it('an image over its limit is refused with 413 naming the limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MEDIA_RULES.image.maxBytes)]);
    const r = await upload('huge.png', big);
    expect(r.status).toBe(413);
    expect(r.body.errors).toEqual(["'File' must be at most 5 MB for an image file"]);
    expect(r.body.data).toEqual({ reason: 'tooLarge', max: 5, kind: 'image' });
  });

  it('a declared length over the largest limit is refused before reading', async () => {
    const { payload, headers } = multipart([
      ['SurveyId', s.id],
      ['File', { fileName: 'cat.png', contentType: 'image/png', bytes: PNG }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/DataCollection/uploadSurveyMedia',
      payload,
      headers: {
        ...headers,
        'content-length': String(500 * 1024 * 1024),
        authorization: `Bearer ${author.token}`,
        'organization-id': author.organizationId,
      },
    });
    expect(res.statusCode).toBe(413);
  });

  it('a CSV beyond its columns is refused naming the bound', async () => {
    const wide = Buffer.from(`${Array.from({ length: MEDIA_CSV_LIMITS.columns + 1 }, (_, i) => `c${i}`).join(',')}\n`);
    const r = await upload('wide.csv', wide);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([`'File' has more than ${MEDIA_CSV_LIMITS.columns} columns (row 1)`]);
    expect(r.body.data).toEqual({ reason: 'columns', max: MEDIA_CSV_LIMITS.columns, row: 1 });
  });
});

describe('who may upload', () => {
  it('a data collector may not', async () => {
    expect((await upload('cat.png', PNG, { session: await as(demo.collector) })).status).toBe(403);
  });

  it('another organization cannot attach to this survey', async () => {
    expect((await upload('cat.png', PNG, { session: await as(demo.other) })).status).toBe(404);
  });
});

describe('served', () => {
  it('as an attachment, nosniff, with a sandboxing CSP, and the type of its bytes', async () => {
    await upload('served.png', PNG, { contentType: 'text/html' });
    const res = await fetchMedia(s.id, 'served.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="served.png"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('a survey being edited shows its media to its members only', async () => {
    expect((await upload('draft.png', PNG, { surveyId: editing.id })).status).toBe(200);
    expect((await fetchMedia(editing.id, 'draft.png')).statusCode).toBe(404);
    expect((await fetchMedia(editing.id, 'draft.png', await as(demo.other))).statusCode).toBe(404);
    expect((await fetchMedia(editing.id, 'draft.png', author)).statusCode).toBe(200);
  });

  it('an unknown name is not found', async () => {
    expect((await fetchMedia(s.id, 'nothing.png')).statusCode).toBe(404);
  });
});
