// The front end's files are sent as the brotli or gzip copy written at build time, by the browser's
// Accept-Encoding (a respondent on a slow link downloads about a quarter of the bytes); API replies over
// 1 KiB are compressed on the fly; a client that accepts neither gets the plain bytes.
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createSpaApp, type SpaApp } from '../support/spa';

const SCRIPT = `export const words = ${JSON.stringify('field survey '.repeat(400))};\n`;
const PAGE = `<!doctype html><html lang="en"><head><title>Field Survey</title></head><body>${'<p>offline</p>'.repeat(200)}</body></html>`;

let t: TestApp;
let spa: SpaApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const files: Record<string, string | Uint8Array> = {};
  for (const [name, text] of [
    ['index.html', PAGE],
    ['assets/index-abc.js', SCRIPT],
  ] as const) {
    files[name] = text;
    files[`${name}.br`] = brotliCompressSync(text);
    files[`${name}.gz`] = gzipSync(text);
  }
  spa = await createSpaApp(t, files);
});
afterAll(async () => {
  await spa.close();
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  spa.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the front end', () => {
  it('sends the brotli copy of an asset to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("compresses the app's page at any address too", async () => {
    const res = await get('/survey/survey-tools', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
  });
});

describe('the API', () => {
  it('compresses a reply over 1 KiB and keeps the envelope', async () => {
    const res = await get('/api/Languages/getAll', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { isSuccess: boolean; data: unknown[] };
    expect(body.isSuccess).toBe(true);
    expect(body.data.length).toBeGreaterThan(100);
  });

  it('leaves a small reply as it is', async () => {
    const res = await get('/api/health', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('isSuccess');
  });
});
