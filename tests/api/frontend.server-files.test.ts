// dist/ holds the front end and, in dist/server/, the compiled server (build/server.ts): the web root
// serves the first and never the second, however the address is spelled.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createSpaApp, type SpaApp } from '../support/spa';

const PAGE = '<!doctype html><html lang="en"><head><title>Field Survey</title></head><body></body></html>';
const SERVER_CODE = 'const secret = "the compiled server";';

let t: TestApp;
let spa: SpaApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  spa = await createSpaApp(t, {
    'index.html': PAGE,
    'serverless.js': 'export const ok = 1;',
    'server/main.js': SERVER_CODE,
    'server/main.js.map': `{"version":3,"sources":[],"mappings":"","x":${JSON.stringify(SERVER_CODE)}}`,
    'server/main.js.br': SERVER_CODE,
  });
});
afterAll(async () => {
  await spa.close();
  await t.close();
});

describe('the compiled server beside the front end', () => {
  it.each([
    '/server/main.js',
    '/server/main.js.map',
    '/SERVER/main.js',
    '/Server/Main.js',
    '/assets/../server/main.js',
    '/%73erver/main.js',
    '/server%2Fmain.js',
    '//server/main.js',
    '/./server/main.js',
    '/server/',
    '/server',
  ])('is not served at %s', async (url) => {
    for (const encoding of ['br', 'identity']) {
      const res = await spa.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body).not.toContain('the compiled server');
      expect([200, 404]).toContain(res.statusCode);
      // An address without a file name is a page of the app, which decides what it shows.
      if (res.statusCode === 200) expect(body).toBe(PAGE);
    }
  });

  it("leaves the front end's own files that start alike", async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/serverless.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const ok = 1;');
  });
});
