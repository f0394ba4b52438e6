// ODK Web Forms beside our fill page, on the same XForms, so the comparison is on one machine.
// @getodk/web-forms 0.22 (the version of the published anchors) installs from npm
// with Vue; odk-web-forms/ is a host page that mounts it, built here with Vite into a temporary folder and
// served with the form's XForm beside it. The XForms are pyxform's (../shared/tools/xlsform-check), from the
// workbook our import read (WHO VA) or the one our export writes (the 2,000-question form), so that both
// pages render the same questions. Enketo is not run: enketo-core 9 depends on a GitHub fork of
// Leaflet.draw (`github:enketo/Leaflet.draw#ff73078`), which does not install from the npm registry alone.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { judge, judgeBuffers, pyxformMissing } from '../unit/xlsform/pyxform';
import { AFTER_PAINT, type AfterPaint } from './fill-in-page';

const PAGE = resolve(import.meta.dirname, 'odk-web-forms');

/** What the in-page measurement looks for on ODK Web Forms' page: its text inputs (PrimeVue's InputText) and text areas. */
export const ODK_FIELD = '.odk-form input[type="text"], .odk-form textarea';

/** The XForm pyxform writes for a workbook on disk or in memory; throws with pyxform's reason when it refuses. */
export function xformOf(workbook: string | { name: string; bytes: Buffer }): string {
  const missing = pyxformMissing();
  if (missing) throw new Error(missing);
  const [verdict] = typeof workbook === 'string' ? judge([workbook]) : judgeBuffers([workbook]);
  if (!verdict?.ok || !verdict.xform)
    throw new Error(`pyxform refused ${typeof workbook === 'string' ? workbook : workbook.name}: ${verdict?.error ?? 'no verdict'}`);
  return verdict.xform;
}

/** Builds the host page (minified, as a deployment would serve it); returns the folder. */
export async function buildOdkWebForms(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'odk-web-forms-'));
  await build({
    configFile: false,
    root: PAGE,
    base: './',
    // The library's bundle draws warnings (a direct eval in a dependency it bundles) that are not ours to fix.
    logLevel: 'error',
    define: { __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
    build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: false, chunkSizeWarningLimit: 10_000 },
  });
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/** Serves the built page at /<name>/ for each form, its XForm at /<name>/form.xml. */
export async function serveOdkWebForms(dir: string, forms: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const [, name = '', ...rest] = new URL(req.url ?? '/', 'http://bench').pathname.split('/');
    const form = forms[name];
    const file = rest.join('/') || 'index.html';
    if (form === undefined) return void res.writeHead(404).end();
    if (file === 'form.xml') return void res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(form);
    const path = normalize(join(dir, file));
    if (!path.startsWith(dir) || !existsSync(path)) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-cache' })
      .end(readFileSync(path));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(() => ok())) };
}

/**
 * Answers the 2,000-question form's driver on ODK Web Forms' page and returns the milliseconds, measured
 * in the page, from the key that answers it to the first painted frame with `dependants` more questions in
 * the DOM than before, each with a box (fill-page.bench.ts's answerDriver, for a page whose questions carry
 * no names: their containers are counted as they come and go). PrimeVue's number field takes keys, not
 * Playwright's fill.
 */
export async function answerOdkDriver(page: Page, dependants: number, value = '9'): Promise<number> {
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  await page.evaluate(AFTER_PAINT);
  await page.evaluate((dependants) => {
    const w = window as unknown as { __driver?: Promise<number>; __afterPaint: AfterPaint };
    const SELECTOR = '.question-container';
    w.__driver = new Promise<number>((done, fail) => {
      let start = -1;
      let count = document.querySelectorAll(SELECTOR).length;
      const expected = count + dependants;
      const counted = (nodes: NodeList) => {
        let n = 0;
        for (const node of nodes)
          if (node instanceof Element) n += (node.matches(SELECTOR) ? 1 : 0) + node.querySelectorAll(SELECTOR).length;
        return n;
      };
      const drawn = () => [...document.querySelectorAll<HTMLElement>(SELECTOR)].every((el) => el.getBoundingClientRect().height > 0);
      const observer = new MutationObserver((records) => {
        for (const r of records) count += counted(r.addedNodes) - counted(r.removedNodes);
        if (start >= 0 && count >= expected)
          w.__afterPaint(drawn, (end) => {
            observer.disconnect();
            done(end - start);
          });
      });
      observer.observe(document.body, { childList: true, subtree: true });
      document.addEventListener('keydown', (e) => (start = e.timeStamp), { capture: true, once: true });
      setTimeout(() => fail(new Error(`${expected} questions did not show within 120 s (${count})`)), 120_000);
    });
  }, dependants);
  await page.locator('.question-container input').first().pressSequentially(value);
  return page.evaluate(() => (window as unknown as { __driver: Promise<number> }).__driver);
}
