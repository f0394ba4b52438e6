// Profiling aid for the fill page's speed (not a benchmark: run.ts picks only *.bench.ts). Against the built app on a
// fresh PostgreSQL database, CPU slowed 4x as the fill-page benchmark does:
//   npx tsx tests/bench/profile-fill.ts repeat [runs]   the demo survey's visits 2..VISITS (default 3)
//   npx tsx tests/bench/profile-fill.ts driver [runs]   answering the 2,000-question form's driver
//   npx tsx tests/bench/profile-fill.ts first [runs]    the 2,000-question form's first visit, to interactive
//   npx tsx tests/bench/profile-fill.ts bare [runs]     the demo survey's repeat visit with only the throttling attached
//   npx tsx tests/bench/profile-fill.ts summary FILE... a saved trace summarized again
// By default it records a Chromium trace (TRACE_CATEGORIES; add disabled-by-default-v8.compile for V8's
// parse and compile steps, at a large cost) and prints the page's main thread's self time by trace event,
// wall and thread (CPU) time, and how each script was compiled and cached. CPU_PROFILE=1 takes a V8 CPU
// profile instead (by package and function; build with `vite build --sourcemap` for source names);
// REQUESTS=1 (repeat) throttles the network as profile A and lists what the visit loaded and when;
// NO_TRACE=1 only reads the renderer's counters (Performance.getMetrics: ThreadTime, script, style,
// layout), which cost nothing and move less with the machine's load than the wall clock. Traces and
// profiles go to PROFILE_DIR (/tmp).
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { openPostgres } from '../../server/db/database';
import { insertSurvey } from '../../server/db/queries/surveys';
import { BareChromium } from './bare-chromium';
import { answerDriver, bareVisits, clearAutosave, inLanguage, interactive } from './fill-page.bench';
import { interactiveBare, interactiveInPage } from './fill-in-page';
import { DRIVER, bigSurvey, driverDependants } from './fill-surveys';
import { CATEGORIES, counters, metrics, profiled, saveTrace, summarize, traced, type TraceEvent } from './profile';
import { startServer } from './server';
import { prepareBenchDatabase } from './submission.database';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const mode = process.argv[2] ?? 'repeat';
const runs = Number(process.argv[3] ?? 1);

if (mode === 'summary') {
  for (const file of process.argv.slice(3))
    summarize((JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents, file);
  process.exit(0);
}

const bench = await prepareBenchDatabase(5);
const database = await openPostgres(bench.databaseUrl, 2);
const demo = await database.db
  .selectFrom('surveys')
  .select(['id', 'public_link_uuid', 'organization_id', 'project_id'])
  .where('name', '=', DEMO_SURVEY_NAME)
  .executeTakeFirstOrThrow();
const big = bigSurvey(200);
let bigId = '';
if (mode === 'driver' || mode === 'first') {
  const en = await database.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
  inLanguage(big, en.id);
  bigId = (
    await database.db.transaction().execute((trx) =>
      insertSurvey(trx, {
        organizationId: demo.organization_id,
        projectId: demo.project_id,
        createdBy: null,
        model: big,
        status: 1,
        multipleLink: true,
      }),
    )
  ).id;
}
await database.close();
const server = await startServer({ databaseUrl: bench.databaseUrl });
if (mode === 'bare') {
  // The demo survey's repeat visit in a browser with nothing attached but the throttling, traced from the
  // browser's side (bare-chromium.ts; the benchmark's "only the throttling attached" figures).
  const bare = await BareChromium.launch(CHROMIUM);
  try {
    for (let r = 0; r < runs; r++) {
      const { repeat } = await bareVisits(
        bare,
        `${server.url}/public-survey/${demo.public_link_uuid}/${demo.id}`,
        true,
        async (page, url) => {
          let ms = 0;
          const events = await bare.trace(CATEGORIES, async () => {
            ms = await interactiveBare(page, url);
          });
          saveTrace(events as TraceEvent[], `fill-bare-${r}-visit2`);
          return ms;
        },
      );
      console.log(`visit 2 interactive: ${repeat} ms`);
    }
  } finally {
    await bare.close();
    await server.stop();
    await bench.drop();
  }
  process.exit(0);
}
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', ...(process.env.CHROMIUM_ARGS ?? '').split(' ').filter(Boolean)],
});
try {
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: server.url, serviceWorkers: 'allow' });
    const page = await context.newPage();
    if (mode === 'repeat') {
      const demoPath = `/public-survey/${demo.public_link_uuid}/${demo.id}`;
      await interactive(page, demoPath);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
      await page.waitForFunction(async () => (await caches.keys()).some((k) => k.includes('precache')), null, { timeout: 120_000 });
      await page.waitForTimeout(3000);
      await clearAutosave(page);
      await page.close();
      // Visits 2 and 3 (VISITS): the second is the benchmark's repeat visit; the third shows what a code cache produced by the second gives.
      // IN_PAGE=1: the visit measured by the page itself (the benchmark's "measured in the page"), without the driver's round trips.
      const measure = process.env.IN_PAGE ? interactiveInPage : interactive;
      for (let visit = 2; visit <= Number(process.env.VISITS ?? 3); visit++) {
        const next = await context.newPage();
        const cdp = await context.newCDPSession(next);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        let ms = 0;
        if (process.env.REQUESTS) {
          // What the visit waited for: the network profile A of the benchmark, then the page's own timing
          // entries (a request the worker answered has workerStart > 0; transferSize 0 = no network).
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 400,
            downloadThroughput: 50_000,
            uploadThroughput: 50_000,
          });
          ms = await interactive(next, demoPath);
          console.log(`visit ${visit} interactive: ${ms} ms`);
          await next.evaluate('globalThis.__name ??= (fn) => fn');
          console.log(
            await next.evaluate(() => {
              const r = (n: number) => Math.round(n);
              const lines = performance.getEntriesByType('navigation').map((e) => {
                const n = e as PerformanceNavigationTiming;
                return `document: worker ${r(n.workerStart)} fetch ${r(n.fetchStart)} response ${r(n.responseStart)}-${r(n.responseEnd)} bytes ${n.transferSize} domInteractive ${r(n.domInteractive)} DCL ${r(n.domContentLoadedEventEnd)} load ${r(n.loadEventEnd)}`;
              });
              for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[])
                lines.push(
                  `${r(e.startTime)}-${r(e.responseEnd)} worker ${r(e.workerStart)} bytes ${e.transferSize} ${e.name.replace(location.origin, '').slice(0, 90)}`,
                );
              for (const e of performance.getEntriesByType('paint')) lines.push(`${e.name} ${r(e.startTime)}`);
              for (const e of performance.getEntriesByType('mark')) lines.push(`mark ${e.name} ${r(e.startTime)}`);
              return lines.join('\n');
            }),
          );
        } else if (process.env.CPU_PROFILE) {
          await profiled(cdp, `fill-${mode}-${r}-visit${visit}`, async () => {
            ms = await measure(next, demoPath);
          });
          console.log(`visit ${visit} interactive: ${ms} ms`);
        } else if (process.env.NO_TRACE) {
          await cdp.send('Performance.enable');
          ms = await interactive(next, demoPath);
          console.log(`visit ${visit} interactive: ${ms} ms ${await metrics(cdp)}`);
        } else {
          await traced(browser, next, `fill-${mode}-${r}-visit${visit}`, async () => {
            ms = await measure(next, demoPath);
          });
          console.log(`visit ${visit} interactive: ${ms} ms`);
        }
        await next.waitForTimeout(3000);
        await clearAutosave(next);
        await next.close();
      }
    } else if (mode === 'first') {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const path = `/public-survey/multiple-link/${bigId}`;
      let ms = 0;
      const visit = async () => {
        ms = await interactive(page, path);
      };
      if (process.env.CPU_PROFILE) await profiled(cdp, `fill-${mode}-${r}`, visit);
      else if (process.env.NO_TRACE) {
        await cdp.send('Performance.enable');
        await visit();
      } else await traced(browser, page, `fill-${mode}-${r}`, visit);
      console.log(`2,000 questions interactive: ${ms} ms${process.env.NO_TRACE ? ` ${await metrics(cdp)}` : ''}`);
    } else {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`/public-survey/multiple-link/${bigId}`);
      await page.locator(`[data-path="${DRIVER}"] input`).first().waitFor({ timeout: 120_000 });
      await page.waitForFunction(() => document.querySelector('.fs-more') === null, null, { timeout: 120_000 });
      await page.waitForTimeout(1000);
      const dependants = driverDependants(big);
      let ms = 0;
      const answer = async () => {
        ms = Math.round(await answerDriver(page, DRIVER, dependants));
      };
      if (process.env.CPU_PROFILE) {
        await profiled(cdp, `fill-${mode}-${r}`, answer);
        console.log(`driver shows ${dependants.length} dependants: ${ms} ms`);
      } else if (process.env.NO_TRACE) {
        await cdp.send('Performance.enable');
        const before = await counters(cdp);
        await answer();
        console.log(`driver shows ${dependants.length} dependants: ${ms} ms ${await metrics(cdp, before)}`);
      } else {
        await traced(browser, page, `fill-${mode}-${r}`, async () => {
          await answer();
          await page.waitForTimeout(300);
        });
        console.log(`driver shows ${dependants.length} dependants: ${ms} ms`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await bench.drop();
}
