// Uploaded files: pages, scripts and programs are refused under any name, a
// photo must be an image by its bytes, and whatever the server sends back is a download that cannot
// run as a page of ours.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../../engine/survey/index';
import { createStorage, sendStoredFile } from '../../../server/plugins/storage';
import { createTestApp, type TestApp } from '../../support/app';
import { createSurvey, demoSurveyOf, submissionCount, submit, type TestSurvey } from '../../support/surveys';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/Account/me")</script></body></html>');
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const BAT = Buffer.from('@echo off\r\nformat c: /q\r\n');
const dataUrl = (type: string, name: string, bytes: Buffer) =>
  `data:${type};name=${encodeURIComponent(name)};base64,${bytes.toString('base64')}`;
const HARMFUL = 'File type not allowed or potentially harmful.';

let t: TestApp;
let s: TestSurvey;
beforeAll(async () => {
  t = await createTestApp();
  s = await createSurvey(t, [q.text('note_text'), q.image('photo'), q.file('doc')]);
});
afterAll(() => t.close());

describe('refused uploads', () => {
  it.each([
    ['an .html page', 'doc', dataUrl('text/html', 'invoice.html', HTML)],
    ['an .htm page', 'doc', dataUrl('text/html', 'invoice.HTM', HTML)],
    ['an .svg image', 'doc', dataUrl('image/svg+xml', 'logo.svg', SVG)],
    ['a .bat script', 'doc', dataUrl('application/x-bat', 'run.bat', BAT)],
    ['a .ps1 script', 'doc', dataUrl('text/plain', 'run.ps1', BAT)],
    ['a .js script', 'doc', dataUrl('text/javascript', 'app.js', Buffer.from('alert(1)'))],
    ['a .jar', 'doc', dataUrl('application/java-archive', 'tool.jar', PNG)],
    ['a page named .txt', 'doc', dataUrl('text/plain', 'notes.txt', HTML)],
    ['an svg named .pdf', 'doc', dataUrl('application/pdf', 'report.pdf', SVG)],
    ['an svg as a photograph', 'photo', dataUrl('image/svg+xml', 'photo.svg', SVG)],
    ['an svg named .png as a photograph', 'photo', dataUrl('image/png', 'photo.png', SVG)],
    ['text named .jpg as a photograph', 'photo', dataUrl('image/jpeg', 'photo.jpg', Buffer.from('just some text, not a JPEG'))],
  ])('%s', async (_, name, value) => {
    const before = await submissionCount(t, s.id);
    const { status, body } = await submit(t, s, { note_text: 'x', [name]: value });
    expect(status).toBe(400);
    expect(body).toMatchObject({ isSuccess: false, message: HARMFUL, errors: [`${name}: ${HARMFUL}`] });
    expect(await submissionCount(t, s.id)).toBe(before);
  });

  it('a real photograph and a plain text file are still fine', async () => {
    const { status } = await submit(t, s, {
      note_text: 'x',
      photo: dataUrl('image/png', 'shelter.png', PNG),
      doc: dataUrl('text/plain', 'notes.txt', Buffer.from('water point 3 is dry')),
    });
    expect(status).toBe(200);
  });
});

describe('a served upload', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'fieldsurvey-files-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // No route serves uploads yet; every one that will goes through sendStoredFile.
  async function served(fileName: string, contentType: string, bytes: Buffer) {
    const storage = createStorage(root);
    const key = storage.newKey('00000000-0000-4000-8000-000000000001', 'bin');
    await storage.put(key, bytes);
    const app = Fastify();
    app.get('/file', (_req, reply) => sendStoredFile(reply, storage, { key, fileName, contentType }));
    const res = await app.inject({ method: 'GET', url: '/file' });
    await app.close();
    return res;
  }

  it('is an attachment, not sniffed, sandboxed', async () => {
    const res = await served('shelter photo é.png', 'image/png', PNG);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="shelter photo _.png"; filename*=UTF-8''shelter%20photo%20%C3%A9.png`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
  });

  it('a type a browser would run goes out as plain bytes', async () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'text/javascript', 'application/xhtml+xml']) {
      const res = await served('x.txt', type, HTML);
      expect(res.headers['content-type'], type).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    }
  });

  it('the survey export (a file served today) has the same headers', async () => {
    const demo = await demoSurveyOf(t);
    const manager = await t.signIn('manager@demo.test');
    const { res } = await t.call('GET', `/api/DataCollection/exportSurvey/${demo.id}`, { session: manager });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
  });
});
