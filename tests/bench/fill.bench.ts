// `npm run bench -- fill`: the fill page's targets, in headless Chromium against the built
// app served by the real server (started here as `npm start` starts it, or BENCH_BASE_URL):
//  1. the fill route's JavaScript, gzip: <= 350 KiB;
//  2. the demo survey from its JSON to interactive: < 1 s;
//  3. a 2,000-question survey (300 calculations, 300 relevance rules) from JSON to interactive: < 2 s;
//  4. typing into a field of that form updates its dependants within one frame: < 16 ms median
//     (the recalculation and React's render and commit, measured around the input event);
//  5. adding the 200th instance of a repeat: < 50 ms.
// "JSON to interactive": from the survey data's response to the second animation frame after the form
// is in the DOM (compile, graph, initial evaluation, rjsf layout, React commit, first paint).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer } from './server';
import { BIG_QUESTIONS, DRIVER, bigSurvey, driverDependants, previewOf, repeatSurvey } from './fill-surveys';
import { median, p95, type Row } from './figures';

const root = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 60);

/** Marks the survey data's arrival and the second frame after the form is in the DOM. */
const TIMING = `(() => {
  // tsx names the functions of the page.evaluate bodies below through this helper.
  window.__name = (f) => f;
  const original = window.fetch.bind(window);
  const bench = (window.__bench = { json: 0, interactive: 0 });
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const res = await original(input, init);
    if (url.includes('/Survey/GetPreviewData') && bench.json === 0) {
      bench.json = performance.now();
      const check = () => {
        if (!document.querySelector('[data-testid="survey-form"] [data-path]')) return requestAnimationFrame(check);
        requestAnimationFrame(() => requestAnimationFrame(() => (bench.interactive = performance.now())));
      };
      requestAnimationFrame(check);
    }
    return res;
  };
})();`;

async function openTimed(
  browser: Browser,
  base: string,
  path: string,
  serve?: unknown,
): Promise<{ page: Page; ms: number; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, baseURL: base, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(TIMING);
  if (serve !== undefined) {
    const body = JSON.stringify({ isSuccess: true, data: serve, message: '', errors: [] });
    await page.route('**/api/Survey/GetPreviewData**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
  }
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as { __bench: { interactive: number } }).__bench.interactive > 0, undefined, {
    timeout: 60_000,
  });
  const ms = await page.evaluate(() => {
    const b = (window as unknown as { __bench: { json: number; interactive: number } }).__bench;
    return b.interactive - b.json;
  });
  return { page, ms, close: () => context.close() };
}

async function jsWeight(page: Page, rows: Row[]): Promise<void> {
  await page.waitForTimeout(1500);
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => /\.m?js(\?|$)/.test(n)),
  );
  const files = [...new Set(urls.map((u) => new URL(u).pathname))].filter((p) => p.startsWith('/assets/'));
  const sized = files.map((p) => ({ p, kib: gzipSync(readFileSync(join(root, 'dist', p))).length / 1024 })).sort((a, b) => b.kib - a.kib);
  const total = sized.reduce((s, f) => s + f.kib, 0);
  console.log(`fill route JavaScript: ${sized.length} files; the largest:`);
  for (const f of sized.slice(0, Number(process.env.BENCH_JS_FILES ?? 8))) console.log(`  ${f.kib.toFixed(1).padStart(6)} KiB  ${f.p}`);
  rows.push({
    figure: 'fill route JavaScript (gzip, demo survey)',
    value: `${total.toFixed(1)} KiB`,
    target: '<= 350 KiB',
    met: total <= 350,
  });
}

/**
 * Types '30' and '3' by turns into the driver: each keystroke shows or hides the questions whose rule
 * reads it. The measurement counts only when, right after it, the DOM already shows the new state.
 */
async function typing(page: Page, dependants: string[]): Promise<{ times: number[]; stale: number }> {
  return page.evaluate(
    async ({ driver, n, dependants }) => {
      const input = document.querySelector<HTMLInputElement>(`[data-path="${driver}"] input`)!;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const shown = () => dependants.filter((d) => document.querySelector(`[data-path="${d}"]`) !== null).length;
      const times: number[] = [];
      let stale = 0;
      for (let i = 0; i < n; i++) {
        // Let the previous keystroke's frame go by, as between two real key presses.
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const t0 = performance.now();
        setter.call(input, i % 2 === 0 ? '30' : '3');
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // React commits a discrete event's update in a microtask: wait for it, and nothing else.
        await Promise.resolve();
        await Promise.resolve();
        times.push(performance.now() - t0);
        if (shown() !== (i % 2 === 0 ? dependants.length : 0)) stale++;
      }
      return { times, stale };
    },
    { driver: DRIVER, n: KEYSTROKES, dependants },
  );
}

async function addInstances(page: Page): Promise<{ last: number; count: number }> {
  return page.evaluate(async () => {
    const add = () => document.querySelector<HTMLButtonElement>('[data-testid="repeat-add-item"]')!;
    const flush = async () => {
      await Promise.resolve();
      await Promise.resolve();
    };
    while (document.querySelectorAll('[data-testid="repeat-instance"]').length < 199) {
      add().click();
      await flush();
    }
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const t0 = performance.now();
    add().click();
    await flush();
    const last = performance.now() - t0;
    return { last, count: document.querySelectorAll('[data-testid="repeat-instance"]').length };
  });
}

export default async function run(): Promise<void> {
  const external = process.env.BENCH_BASE_URL;
  const server = external ? null : await startServer();
  const base = external ?? server!.url;
  const demoPath = process.env.BENCH_DEMO_PATH ?? server?.demoPath;
  if (!demoPath) throw new Error('BENCH_DEMO_PATH is needed with BENCH_BASE_URL');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows: Row[] = [];
  try {
    // 1 and 2: the demo survey.
    const demo: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { page, ms, close } = await openTimed(browser, base, demoPath);
      if (i === 0) await jsWeight(page, rows);
      demo.push(ms);
      await close();
    }
    rows.push({
      figure: 'demo survey, JSON to interactive (median)',
      value: `${median(demo).toFixed(0)} ms`,
      target: '< 1000 ms',
      met: median(demo) < 1000,
    });

    // 3 and 4: 2,000 questions.
    const big = bigSurvey();
    const preview = previewOf(big);
    const fake = `/public-survey/multiple-link/${big.id}`;
    const loads: number[] = [];
    let keys: { times: number[]; stale: number } | undefined;
    const dependants = driverDependants(big);
    for (let i = 0; i < Math.max(3, Math.ceil(RUNS / 2)); i++) {
      const { page, ms, close } = await openTimed(browser, base, fake, preview);
      loads.push(ms);
      if (i === 0) {
        const questions = await page.evaluate(() => document.querySelectorAll('[data-path]').length);
        console.log(
          `2,000-question survey: ${questions} questions shown at first (of ${BIG_QUESTIONS}; calculations and irrelevant ones hidden)`,
        );
        // The layout window lays the rest of a long form out in idle time (widgets/form/layoutWindow.ts):
        // the dependants can only be counted in the DOM once it has.
        await page.waitForFunction(() => document.querySelector('.fs-more') === null, null, { timeout: 120_000 });
        keys = await typing(page, dependants);
      }
      await close();
    }
    rows.push({
      figure: `${BIG_QUESTIONS} questions (300 calc, 300 rules), JSON to interactive (median)`,
      value: `${median(loads).toFixed(0)} ms`,
      target: '< 2000 ms',
      met: median(loads) < 2000,
    });
    const k = keys!;
    if (dependants.length === 0 || k.stale > 0)
      throw new Error(`the DOM lagged behind ${k.stale} keystrokes (of ${dependants.length} dependants): the measurement is void`);
    rows.push({
      figure: `typing into ${DRIVER} of that form, ${dependants.length} questions shown/hidden each time (median of ${k.times.length})`,
      value: `${median(k.times).toFixed(1)} ms (p95 ${p95(k.times).toFixed(1)})`,
      target: '< 16 ms',
      met: median(k.times) < 16,
    });

    // 5: the 200th instance of a repeat.
    const reps = repeatSurvey();
    const adds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { page, close } = await openTimed(browser, base, `/public-survey/multiple-link/${reps.id}`, previewOf(reps));
      const r = await addInstances(page);
      if (r.count !== 200) throw new Error(`expected 200 instances, found ${r.count}`);
      adds.push(r.last);
      await close();
    }
    rows.push({
      figure: 'adding the 200th repeat instance (median of 3)',
      value: `${median(adds).toFixed(1)} ms`,
      target: '< 50 ms',
      met: median(adds) < 50,
    });
  } finally {
    await browser.close();
    await server?.stop();
  }
  console.log('');
  console.log('| figure | measured | target | met |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.figure} | ${r.value} | ${r.target} | ${r.met ? 'yes' : 'NO'} |`);
}
