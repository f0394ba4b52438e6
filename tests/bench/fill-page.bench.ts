// `npm run bench -- fill-page`: the fill page as a respondent meets it, in headless Chromium
// with the DevTools protocol's throttling, against the built app served by the real server on
// PostgreSQL (the demo data, a generated 500-question survey and the 2,000-question bench survey):
//  - profile A (400 kbit/s both ways, 400 ms latency), CPU 4x, 360 px: the demo survey's first visit
//    interactive < 5 s, repeat visit < 1 s, the first visit's bytes < 250 KiB (until the form is usable,
//    and in all once what loads after it has come); a 500-question survey's
//    first visit < 8 s;
//  - profile B (Chrome's slow 3G, as the anchors below were measured: 2,000 ms, 400 kbit/s), CPU 4x: the demo
//    survey's first visit < 10 s;
//  - CPU 4x, no network throttling: WHO VA (fixtures/xlsforms, imported) and the 2,000-question form
//    interactive < 3 s each, and answering the question that opens 200 others shows them < 300 ms.
// "Interactive": from the navigation to a character typed into the first text field having landed (the
// consent box ticked first where there is one). Anchors (published measurements on another machine, WHO VA
// 2022): Enketo 9.1 s / 9.8 s, ODK Web Forms 10.7 s / 48.9 s on CPU 4x; ours before the fill page's speed
// work 6.5 s first visit, 39.4 s on slow 3G.
// ODK Web Forms 0.22 runs beside them on pyxform's XForms of the same WHO VA and 2,000-question workbooks
// (odk-web-forms.ts); Enketo does not install from the npm registry alone (odk-web-forms.ts says why).
import { rmSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { openPostgres } from '../../server/db/database';
import { DB_NAME as OFFLINE_DB } from '../../src/offline/db';
import { insertSurvey } from '../../server/db/queries/surveys';
import type { SurveyModel } from '../../engine/survey/index';
import { BareChromium, type BarePage } from './bare-chromium';
import { AFTER_PAINT, TYPE_FIRST_FIELD, interactiveBare, interactiveInPage, typeFirstField, type AfterPaint } from './fill-in-page';
import { BIG_QUESTIONS, DRIVER, bigSurvey, driverDependants } from './fill-surveys';
import { serveHtml, startServer } from './server';
import { prepareBenchDatabase } from './submission.database';
import { FIXTURE as WHO_VA_WORKBOOK, whoVa } from './who-va-survey';
import { ODK_FIELD, answerOdkDriver, buildOdkWebForms, serveOdkWebForms, xformOf } from './odk-web-forms';
import { workbookOf } from '../../server/services/surveyExport';
import { median, type Row } from './figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_CPU_ONLY=1: only the CPU-4x figures without network throttling (WHO VA, 2,000 questions, the driver), for a quick A/B. */
const CPU_ONLY = process.env.BENCH_CPU_ONLY === '1';
/** BENCH_REPEAT_ONLY=1: only the demo survey's visits on profile A (first, repeat, driven and in the page) and the control page, for a quick A/B of the start-up. */
const REPEAT_ONLY = process.env.BENCH_REPEAT_ONLY === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Network {
  latency: number;
  kbits: number;
}
const PROFILE_A: Network = { latency: 400, kbits: 400 };
const PROFILE_B: Network = { latency: 2000, kbits: 400 };

async function throttle(cdp: CDPSession, network: Network | undefined): Promise<void> {
  await cdp.send('Network.enable');
  if (network) {
    const bytesPerSecond = (network.kbits * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latency,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Navigates and returns the milliseconds until a character typed into the first text field has landed. */
export async function interactive(page: Page, path: string): Promise<number> {
  const start = Date.now();
  await page.goto(path, { waitUntil: 'commit', timeout: 120_000 });
  const consent = page.locator('.fs-q input[type="checkbox"]').first();
  const field = page.locator('.fs-q input[type="text"], .fs-q input[inputmode], .fs-q textarea').first();
  await Promise.race([consent.waitFor({ timeout: 120_000 }), field.waitFor({ timeout: 120_000 })]);
  if (await consent.isVisible().catch(() => false)) await consent.check();
  await field.waitFor({ timeout: 120_000 });
  await field.pressSequentially('1');
  await page.waitForFunction((el) => (el as HTMLInputElement).value.includes('1'), await field.elementHandle(), { timeout: 60_000 });
  return Date.now() - start;
}

/** Bytes the page moved over the network (the service worker's own downloads are not the page's). */
function countBytes(cdp: CDPSession): () => number {
  let total = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (total += e.encodedDataLength));
  return () => total;
}

/** How a visit's interactive is taken: driven by Playwright (`interactive`) or by the page (`interactiveInPage`). */
type Measure = (page: Page, path: string) => Promise<number>;

async function firstVisit(
  browser: Browser,
  base: string,
  path: string,
  network: Network | undefined,
  measure: Measure = interactive,
): Promise<{ ms: number; bytes: number; total: () => number; context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: base, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp, network);
  const bytes = countBytes(cdp);
  const ms = await measure(page, path);
  return { ms, bytes: bytes(), total: bytes, context, page };
}

/** An expression that empties the offline database's autosave, so that the next visit opens as a new respondent's. */
const CLEAR_AUTOSAVE = `new Promise((done) => {
  const open = indexedDB.open('${OFFLINE_DB}');
  open.onerror = () => done();
  open.onsuccess = () => {
    const tx = open.result.transaction('autosave', 'readwrite');
    tx.objectStore('autosave').clear();
    tx.oncomplete = tx.onerror = () => (open.result.close(), done());
  };
})`;

export async function clearAutosave(page: Page): Promise<void> {
  await page.evaluate(CLEAR_AUTOSAVE);
}

/** An expression true once the worker controls the page and has precached what it keeps. */
const WORKER_READY = `(async () => navigator.serviceWorker.controller !== null && (await caches.keys()).some((k) => k.includes('precache')))()`;

/** A second visit in the same profile, once the worker has precached what it keeps. */
async function repeatVisit(context: BrowserContext, page: Page, path: string, measure: Measure = interactive): Promise<number> {
  await page.waitForFunction(WORKER_READY, null, { timeout: 120_000 });
  await page.waitForTimeout(3000);
  // The first visit's answer was autosaved, and the next visit would open on the question whether to
  // restore it: the repeat visit measured is a new respondent's, so the autosave goes.
  await clearAutosave(page);
  await page.close();
  const next = await context.newPage();
  const cdp = await context.newCDPSession(next);
  await throttle(cdp, PROFILE_A);
  return measure(next, path);
}

/**
 * The driver's own floor: a page with nothing but a consent box and a text field (the selectors
 * `interactive` looks for), no script, served with a long max-age so that the repeat visit takes it from
 * the browser's cache as the fill page's worker does. The same steps under the same throttling give what
 * Playwright's round trips and the slowed CPU cost before any of our code runs: context, not a target.
 */
const CONTROL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Control</title></head>
<body><div class="fs-q"><label><input type="checkbox"> I agree</label></div><div class="fs-q"><label>Name <input type="text"></label></div></body></html>`;

/**
 * A first and a repeat visit in a browser with nothing attached to the page but the throttling
 * (bare-chromium.ts), interactive taken by the page (fill-in-page.ts): what a respondent's phone pays,
 * without Playwright's context, injected script and detailed error stacks. With `worker`, the repeat
 * visit waits as repeatVisit does for the worker's precache, and the autosave is emptied. The profiler
 * (profile-fill.ts `bare`) measures the repeat visit inside a trace.
 */
export async function bareVisits(
  browser: BareChromium,
  url: string,
  worker: boolean,
  measureRepeat: (page: BarePage, url: string) => Promise<number> = interactiveBare,
): Promise<{ first: number; repeat: number }> {
  const context = await browser.newContext();
  try {
    const setup = { cpuRate: 4, network: PROFILE_A, initScript: TYPE_FIRST_FIELD };
    const page = await browser.newPage(context, setup);
    const first = await interactiveBare(page, url);
    if (worker) {
      const deadline = Date.now() + 120_000;
      while (!(await page.evaluate<boolean>(WORKER_READY))) {
        if (Date.now() > deadline) throw new Error('the worker did not precache within 120 s');
        await new Promise((r) => setTimeout(r, 250));
      }
      await new Promise((r) => setTimeout(r, 3000));
      await page.evaluate(CLEAR_AUTOSAVE);
    }
    await page.close();
    const next = await browser.newPage(context, setup);
    const repeat = await measureRepeat(next, url);
    await next.close();
    return { first, repeat };
  } finally {
    await browser.closeContext(context);
  }
}

async function controlFloor(browser: Browser): Promise<{ first: number; repeat: number }> {
  const server = await serveHtml(CONTROL_PAGE, 'public, max-age=3600');
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: server.url });
    const page = await context.newPage();
    await throttle(await context.newCDPSession(page), PROFILE_A);
    const first = await interactive(page, '/control');
    await page.close();
    const next = await context.newPage();
    await throttle(await context.newCDPSession(next), PROFILE_A);
    const repeat = await interactive(next, '/control');
    await context.close();
    return { first, repeat };
  } finally {
    await server.close();
  }
}

/**
 * Answers the driver and returns the milliseconds, measured in the page, from the input event that
 * answers it to the first frame painted with every dependant in the DOM, laid out and visible. Playwright's
 * own polling (looking up 200 names each frame) cost a quarter of a second of a slowed CPU, so the page
 * watches itself: a MutationObserver notes when the last dependant is in, the painted frame after it takes
 * the time (fill-in-page.ts's AFTER_PAINT), and only then are the dependants checked
 * for real (an input inside each, a box with a height, `checkVisibility`), outside the measured time; a
 * frame whose dependants are not all drawn yet is not taken.
 */
export async function answerDriver(page: Page, driver: string, dependants: readonly string[], value = '9'): Promise<number> {
  // tsx names the functions declared inside (esbuild's keepNames), through a helper the page lacks.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  await page.evaluate(AFTER_PAINT);
  await page.evaluate(
    ({ driver, names }) => {
      const w = window as unknown as { __driver?: Promise<number> };
      w.__driver = new Promise<number>((done, fail) => {
        let start = -1;
        // Kept up to date from the added and removed nodes: querying 200 names at each mutation would
        // itself cost the page time inside the window measured.
        const wanted = new Set(names);
        const missing = new Set(names.filter((n) => document.querySelector(`[data-path="${n}"]`) === null));
        const each = (nodes: NodeList, fn: (name: string) => void) => {
          for (const node of nodes) {
            if (!(node instanceof Element)) continue;
            for (const el of [node, ...node.querySelectorAll('[data-path]')]) {
              const name = el.getAttribute('data-path');
              if (name !== null && wanted.has(name)) fn(name);
            }
          }
        };
        const present = () => missing.size === 0;
        const drawn = () =>
          names.every((n) => {
            const el = document.querySelector<HTMLElement>(`[data-path="${n}"]`);
            return (
              el !== null &&
              el.isConnected &&
              el.checkVisibility() &&
              el.getBoundingClientRect().height > 0 &&
              el.querySelector('input, select, textarea, button') !== null
            );
          });
        const afterPaint = (window as unknown as { __afterPaint: AfterPaint }).__afterPaint;
        const afterFrame = () =>
          afterPaint(drawn, (end) => {
            observer.disconnect();
            done(end - start);
          });
        const observer = new MutationObserver((records) => {
          for (const r of records) {
            each(r.removedNodes, (n) => missing.add(n));
            each(r.addedNodes, (n) => missing.delete(n));
          }
          if (start >= 0 && present()) afterFrame();
        });
        observer.observe(document.body, { childList: true, subtree: true });
        document.addEventListener(
          'input',
          (e) => {
            if (!(e.target as Element).closest(`[data-path="${driver}"]`)) return;
            start = e.timeStamp;
            if (present()) afterFrame();
          },
          { capture: true, once: true },
        );
        setTimeout(() => fail(new Error('the dependants did not show within 60 s')), 60_000);
      });
    },
    { driver, names: [...dependants] },
  );
  await page.locator(`[data-path="${driver}"] input`).first().fill(value);
  return page.evaluate(() => (window as unknown as { __driver: Promise<number> }).__driver);
}

/** The generated survey's texts in one language of the database (the generator's ids are its own). */
export function inLanguage(model: SurveyModel, languageId: number): void {
  model.surveyLanguageMaps = model.surveyLanguageMaps.map((l) => ({ ...l, languageId }));
  const relabel = (texts: { languageId: number; text: string }[]) => texts.map((t) => ({ ...t, languageId }));
  const walk = (items: typeof model.surveyItems) => {
    for (const i of items) {
      i.surveyItem.questionLabels = relabel(i.surveyItem.questionLabels);
      i.surveyItem.surveyQuestionHints = relabel(i.surveyItem.surveyQuestionHints);
      for (const c of i.surveyItem.selectQuestionChoices) c.choiceLabels = relabel(c.choiceLabels);
      walk(i.innerItems);
    }
  };
  walk(model.surveyItems);
}

/**
 * ODK Web Forms 0.22 on the XForms of the same workbooks (odk-web-forms.ts), at CPU 4x without network
 * throttling, interactive taken in the page as ours is (the first text field typed; these forms have no
 * consent box): the anchors measured here, beside our figures. None when pyxform cannot run.
 */
async function odkWebFormsFigures(browser: Browser, big: SurveyModel): Promise<Row[]> {
  let forms: Record<string, string>;
  try {
    forms = { who: xformOf(WHO_VA_WORKBOOK), big: xformOf({ name: 'big.xlsx', bytes: await workbookOf(big) }) };
  } catch (err) {
    console.log(`ODK Web Forms not run: ${err instanceof Error ? err.message : String(err)}`);
    return [];
  }
  const dir = await buildOdkWebForms();
  const site = await serveOdkWebForms(dir, forms);
  const out: Row[] = [];
  try {
    const script = typeFirstField(ODK_FIELD, null);
    const anchor = (figure: string, runs: number[]) =>
      out.push({ figure, value: `${Math.round(median(runs))} ms`, target: '(anchor)', met: true, runs: runs.map(Math.round).join(' ') });
    const dependants = driverDependants(big).length;
    for (const [name, label] of [
      ['who', 'WHO VA 2016'],
      ['big', `${BIG_QUESTIONS} questions`],
    ] as const) {
      const runs: number[] = [];
      const driver: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: site.url });
        const page = await context.newPage();
        await throttle(await context.newCDPSession(page), undefined);
        runs.push(await interactiveInPage(page, `/${name}/`, script));
        if (name === 'big') {
          await page.waitForTimeout(1000);
          driver.push(await answerOdkDriver(page, dependants));
        }
        await context.close();
      }
      anchor(`ODK Web Forms 0.22, ${label}, CPU 4x, interactive, measured in the page`, runs);
      if (driver.length > 0) anchor(`ODK Web Forms 0.22, answering ${DRIVER} shows its ${dependants} dependants, CPU 4x`, driver);
    }
  } finally {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

export default async function run(): Promise<void> {
  const bench = await prepareBenchDatabase(500);
  const database = await openPostgres(bench.databaseUrl, 2);
  const demo = await database.db
    .selectFrom('surveys')
    .select(['id', 'public_link_uuid', 'organization_id', 'project_id'])
    .where('name', '=', DEMO_SURVEY_NAME)
    .executeTakeFirstOrThrow();
  const big = bigSurvey(200);
  const en = await database.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
  inLanguage(big, en.id);
  const bigRow = await database.db.transaction().execute((trx) =>
    insertSurvey(trx, {
      organizationId: demo.organization_id,
      projectId: demo.project_id,
      createdBy: null,
      model: big,
      status: 1,
      multipleLink: true,
    }),
  );
  const languages = (await database.db.selectFrom('languages').select(['id', 'name', 'code']).execute()).map((l) => ({
    languageId: l.id,
    name: l.name,
    code: l.code,
  }));
  const whoRow = await database.db.transaction().execute(async (trx) =>
    insertSurvey(trx, {
      organizationId: demo.organization_id,
      projectId: demo.project_id,
      createdBy: null,
      model: await whoVa(languages),
      status: 1,
      multipleLink: true,
    }),
  );
  await database.close();
  const server = await startServer({ databaseUrl: bench.databaseUrl });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  const demoPath = `/public-survey/${demo.public_link_uuid}/${demo.id}`;
  const path500 = `/public-survey/multiple-link/${bench.surveyId}`;
  const path2000 = `/public-survey/multiple-link/${bigRow.id}`;
  const pathWho = `/public-survey/multiple-link/${whoRow.id}`;
  const rows: Row[] = [];
  /** First visits only, RUNS of them: the milliseconds to interactive of each. */
  const firstVisits = async (path: string, network: Network | undefined, measure: Measure = interactive): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const v = await firstVisit(browser, server.url, path, network, measure);
      out.push(v.ms);
      await v.context.close();
    }
    return out;
  };
  /** A figure: the median of its runs (each divided by `per`), beside the target and the runs themselves. */
  const add = (figure: string, samples: readonly number[], unit: string, target: number, per = 1) => {
    const value = median(samples) / per;
    rows.push({
      figure,
      value: `${Math.round(value)} ${unit}`,
      target: `< ${target} ${unit}`,
      met: value < target,
      runs: samples.map((s) => Math.round(s / per)).join(' '),
    });
  };
  /** The network-throttled figures: the demo survey's visits and bytes, slow 3G, the 500-question survey. */
  const networkFigures = async (): Promise<void> => {
    const demoA: number[] = [];
    const repeat: number[] = [];
    const bytes: number[] = [];
    const allBytes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const v = await firstVisit(browser, server.url, demoPath, PROFILE_A);
      demoA.push(v.ms);
      bytes.push(v.bytes);
      // What loads once the form is on screen (the offline database, the toasts) is the first visit's too.
      await v.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
      await v.page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
      allBytes.push(v.total());
      repeat.push(await repeatVisit(v.context, v.page, demoPath));
      await v.context.close();
    }
    add('demo survey, profile A, first visit', demoA, 'ms', 5000);
    add('demo survey, profile A, repeat visit', repeat, 'ms', 1000);
    const control = [];
    for (let i = 0; i < RUNS; i++) control.push(await controlFloor(browser));
    // Context, not a target: what the same steps cost on a page with no script at all.
    const context = (figure: string, runs: number[]) =>
      rows.push({ figure, value: `${Math.round(median(runs))} ms`, target: '(context)', met: true, runs: runs.join(' ') });
    context(
      'control page (no script), profile A, first visit: the driver floor + a round trip',
      control.map((c) => c.first),
    );
    context(
      'control page (no script), profile A, repeat visit from cache: the driver floor',
      control.map((c) => c.repeat),
    );
    // The same visits with interactive taken by the page itself (fill-in-page.ts), without the driver's
    // round trips; reported beside the driven figures, not instead of them.
    const demoInPage: number[] = [];
    const repeatInPage: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const v = await firstVisit(browser, server.url, demoPath, PROFILE_A, interactiveInPage);
      demoInPage.push(v.ms);
      repeatInPage.push(await repeatVisit(v.context, v.page, demoPath, interactiveInPage));
      await v.context.close();
    }
    add('demo survey, profile A, first visit, measured in the page', demoInPage, 'ms', 5000);
    add('demo survey, profile A, repeat visit, measured in the page', repeatInPage, 'ms', 1000);
    // And in a browser with nothing attached to the page but the throttling (bare-chromium.ts), beside
    // the control page there: a navigation, a tick and a keystroke with no script of ours.
    const bare = await BareChromium.launch(CHROMIUM);
    try {
      const demoBare: { first: number; repeat: number }[] = [];
      for (let i = 0; i < RUNS; i++) demoBare.push(await bareVisits(bare, `${server.url}${demoPath}`, true));
      const controlBare: { first: number; repeat: number }[] = [];
      const controlServer = await serveHtml(CONTROL_PAGE, 'public, max-age=3600');
      try {
        for (let i = 0; i < RUNS; i++) controlBare.push(await bareVisits(bare, `${controlServer.url}/control`, false));
      } finally {
        await controlServer.close();
      }
      add(
        'demo survey, profile A, first visit, in the page, only the throttling attached',
        demoBare.map((v) => v.first),
        'ms',
        5000,
      );
      add(
        'demo survey, profile A, repeat visit, in the page, only the throttling attached',
        demoBare.map((v) => v.repeat),
        'ms',
        1000,
      );
      context(
        'control page (no script), profile A, first visit, in the page, only the throttling attached',
        controlBare.map((c) => c.first),
      );
      context(
        'control page (no script), profile A, repeat visit, in the page, only the throttling attached',
        controlBare.map((c) => c.repeat),
      );
    } finally {
      await bare.close();
    }
    add('demo survey, first visit bytes until interactive', bytes, 'KiB', 250, 1024);
    add('demo survey, first visit bytes in all', allBytes, 'KiB', 250, 1024);
    if (REPEAT_ONLY) return;
    const demoB = await firstVisits(demoPath, PROFILE_B);
    add('demo survey, profile B (slow 3G), first visit', demoB, 'ms', 10_000);
    add(
      'demo survey, profile B (slow 3G), first visit, measured in the page',
      await firstVisits(demoPath, PROFILE_B, interactiveInPage),
      'ms',
      10_000,
    );
    const q500 = await firstVisits(path500, PROFILE_A);
    add('500 questions, profile A, first visit', q500, 'ms', 8000);
  };
  try {
    if (!CPU_ONLY) await networkFigures();
    if (REPEAT_ONLY) {
      console.table(rows);
      return;
    }
    const who = await firstVisits(pathWho, undefined);
    add('WHO VA 2016 (about 450 questions), CPU 4x, interactive', who, 'ms', 3000);
    add('WHO VA 2016, CPU 4x, interactive, measured in the page', await firstVisits(pathWho, undefined, interactiveInPage), 'ms', 3000);
    const q2000: number[] = [];
    const driver: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const v = await firstVisit(browser, server.url, path2000, undefined);
      q2000.push(v.ms);
      const dependants = driverDependants(big);
      // The page lays a long form out as it is reached, the rest in idle time (widgets/form/layoutWindow.ts):
      // the driver is answered once all of it is laid out, so that all 200 dependants are there to show.
      await v.page.waitForFunction(() => document.querySelector('.fs-more') === null, null, { timeout: 120_000 });
      await v.page.waitForTimeout(1000);
      driver.push(await answerDriver(v.page, DRIVER, dependants));
      await v.context.close();
    }
    add(`${BIG_QUESTIONS} questions, CPU 4x, interactive`, q2000, 'ms', 3000);
    add(
      `${BIG_QUESTIONS} questions, CPU 4x, interactive, measured in the page`,
      await firstVisits(path2000, undefined, interactiveInPage),
      'ms',
      3000,
    );
    add(`answering ${DRIVER} shows its ${driverDependants(big).length} dependants, CPU 4x`, driver, 'ms', 300);
    rows.push(...(await odkWebFormsFigures(browser, big)));
  } finally {
    await browser.close();
    await server.stop();
    await bench.drop();
  }
  console.table(rows);
}
