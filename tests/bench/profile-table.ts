// Profiling aid for the Survey Data table (not a benchmark: run.ts picks only *.bench.ts): where the Survey Data
// table's first page spends the main thread, at data-table.bench.ts's settings (its database, 1280 px,
// no throttling), after one visit that fills the browser's cache:
//   npx tsx tests/bench/profile-table.ts [runs]
// By default a Chromium trace summarized as self time by event (profile.ts); CPU_PROFILE=1 takes a V8
// CPU profile instead (build with `vite build --sourcemap` for source names); NO_TRACE=1 only reads the
// renderer's counters.
import { chromium } from 'playwright-core';
import { BROWSER_ARGS, VIEWPORT, WATCH_FIRST_ROW, firstPage, setUp, signIn } from './data-table.bench';
import { counters, metrics, profiled, traced } from './profile';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.argv[2] ?? 1);

// The main thread's long tasks from the navigation's start, to place them beside the first row drawn.
const WATCH_LONG_TASKS = `window.__longTasks = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });`;

const { surveyId, projectId, server, close } = await setUp();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS });
try {
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL: server.url, locale: 'en-US' });
  const page = await context.newPage();
  await page.addInitScript(WATCH_FIRST_ROW);
  await page.addInitScript(WATCH_LONG_TASKS);
  await signIn(page, projectId);
  await firstPage(page, surveyId);
  const cdp = await context.newCDPSession(page);
  for (let r = 0; r < runs; r++) {
    let ms = 0;
    const open = async () => {
      ms = await firstPage(page, surveyId);
    };
    if (process.env.CPU_PROFILE) await profiled(cdp, `table-${r}`, open);
    else if (process.env.NO_TRACE) {
      await cdp.send('Performance.enable');
      const before = await counters(cdp);
      await open();
      console.log(`counters: ${await metrics(cdp, before)}`);
    } else await traced(browser, page, `table-${r}`, open);
    const { drawn, tasks } = await page.evaluate(() => {
      const w = window as unknown as { __firstRow?: number; __longTasks?: number[][] };
      return { drawn: w.__firstRow ?? 0, tasks: w.__longTasks ?? [] };
    });
    console.log(
      `first page interactive: ${ms} ms (first row drawn at ${Math.round(drawn)} ms); long tasks (start+duration): ${tasks.map(([s, d]) => `${s}+${d}`).join(' ')}`,
    );
  }
  await context.close();
} finally {
  await browser.close();
  await close();
}
