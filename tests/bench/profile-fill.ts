// Profiling aid for issue 22 (not a benchmark: run.ts picks only *.bench.ts). Against the built app on a
// fresh PostgreSQL database, CPU slowed 4x as the fill-page benchmark does:
//   npx tsx tests/bench/profile-fill.ts repeat [runs]   the demo survey's visits 2..VISITS (default 3)
//   npx tsx tests/bench/profile-fill.ts driver [runs]   answering the 2,000-question form's driver
//   npx tsx tests/bench/profile-fill.ts summary FILE... a saved trace summarized again
// By default it records a Chromium trace (TRACE_CATEGORIES; add disabled-by-default-v8.compile for V8's
// parse and compile steps, at a large cost) and prints the page's main thread's self time by trace event,
// wall and thread (CPU) time, and how each script was compiled and cached. CPU_PROFILE=1 takes a V8 CPU
// profile instead (by package and function; build with `vite build --sourcemap` for source names);
// NO_TRACE=1 only reads the renderer's counters (Performance.getMetrics: ThreadTime, script, style,
// layout), which cost nothing and move less with the machine's load than the wall clock. Traces and
// profiles go to PROFILE_DIR (/tmp).
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { openPostgres } from '../../server/db/database';
import { insertSurvey } from '../../server/db/queries/surveys';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { answerDriver, clearAutosave, inLanguage, interactive } from './fill-page.bench';
import { DRIVER, bigSurvey, driverDependants } from './fill-surveys';
import { startServer } from './server';
import { prepareBenchDatabase } from './submission.database';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DIR = process.env.PROFILE_DIR ?? '/tmp';
const mode = process.argv[2] ?? 'repeat';
const runs = Number(process.argv[3] ?? 1);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** Thread (CPU) time: unlike `dur`, little moved by other processes on a loaded machine. */
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

/** Self time by event name on the renderer's main thread, between `from` and `to` (trace microseconds). */
function summarize(events: TraceEvent[], label: string): void {
  // The page's thread is the one that ran our files (another renderer, Chromium's own WebUI, may be busy too).
  const count = (m: TraceEvent) => events.filter((x) => x.pid === m.pid && x.tid === m.tid && String(x.args?.data?.url ?? '').includes('/assets/')).length;
  const main = events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => ({ e, n: count(e) }))
    .sort((a, b) => b.n - a.n)[0]?.e;
  if (!main) return void console.log('no renderer main thread found');
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, { wall: number; cpu: number }>();
  const stack: { end: number; name: string; child: number; childCpu: number; dur: number; cpu: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const top = stack.pop()!;
      const was = self.get(top.name) ?? { wall: 0, cpu: 0 };
      self.set(top.name, { wall: was.wall + top.dur - top.child, cpu: was.cpu + top.cpu - top.childCpu });
    }
  };
  for (const e of own) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.child += e.dur!;
      parent.childCpu += e.tdur ?? 0;
    }
    stack.push({ end: e.ts + e.dur!, name: e.name, child: 0, childCpu: 0, dur: e.dur!, cpu: e.tdur ?? 0 });
  }
  close(Infinity);
  const first = own[0]?.ts ?? 0;
  const last = Math.max(...own.map((e) => e.ts + e.dur!));
  const sum = (k: 'wall' | 'cpu') => Math.round([...self.values()].reduce((a, b) => a + b[k], 0) / 1000);
  console.log(`\n${label}: main thread busy ${sum('wall')} ms (thread time ${sum('cpu')} ms, unthrottled) over ${Math.round((last - first) / 1000)} ms; self time: wall, thread`);
  for (const [name, t] of [...self].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 25)) console.log(`  ${(t.wall / 1000).toFixed(1).padStart(8)} ms ${(t.cpu / 1000).toFixed(1).padStart(8)} ms  ${name}`);
  const compiles = own.filter((e) => e.name.startsWith('v8.compile') || e.name === 'v8.produceModuleCache' || e.name === 'v8.produceCache');
  for (const c of compiles) {
    const d = c.args?.data ?? {};
    const url = String(d.url ?? d.fileName ?? '').replace(/^.*\/assets\//, '');
    if (!url) continue;
    console.log(`  ${c.name.padEnd(22)} ${(c.dur! / 1000).toFixed(1).padStart(7)} ms ${((c.tdur ?? 0) / 1000).toFixed(1).padStart(7)} ms ${url.slice(0, 50).padEnd(50)} ${JSON.stringify(Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'url' && k !== 'columnNumber' && k !== 'lineNumber')))}`);
  }
}

const CATEGORIES = (process.env.TRACE_CATEGORIES ?? 'devtools.timeline,v8,v8.execute,blink,loading,toplevel').split(',');

async function traced(browser: Browser, page: Page, label: string, act: () => Promise<void>): Promise<void> {
  const path = `${DIR}/fill-${mode}-${label}.json`;
  await browser.startTracing(page, { path, categories: CATEGORIES });
  await act();
  const buf = await browser.stopTracing();
  const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  writeFileSync(path, buf);
  summarize(events, `${mode} ${label}`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** Self time of a V8 CPU profile by function and by package, mapped through dist/'s source maps when built with them. */
function summarizeProfile(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, label: string): void {
  const maps = new Map<string, TraceMap | null>();
  const mapFor = (url: string): TraceMap | null => {
    if (!maps.has(url)) {
      const file = `dist/assets/${url.replace(/^.*\/assets\//, '')}.map`;
      try {
        maps.set(url, new TraceMap(readFileSync(file, 'utf8')));
      } catch {
        maps.set(url, null);
      }
    }
    return maps.get(url)!;
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    let where = f.url.replace(/^.*\/assets\//, '');
    let pkg = where || f.functionName;
    const map = f.url.includes('/assets/') ? mapFor(f.url) : null;
    if (map) {
      const o = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
      if (o.source) {
        const src = o.source.replace(/^(\.\.\/)+/, '');
        where = `${src}:${o.line} ${o.name ?? ''}`;
        const nm = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(src);
        pkg = nm ? nm[1]! : src.split('/').slice(0, 2).join('/');
      }
    }
    const key = `${f.functionName || '(anonymous)'} ${where}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const show = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, us]) => console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`));
  console.log(`\n${label}: CPU profile self time by package`);
  show(pkgs, 25);
  console.log(`${label}: by function`);
  show(fns, 40);
}

async function profiled(cdp: CDPSession, label: string, act: () => Promise<void>): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await act();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  writeFileSync(`${DIR}/fill-${mode}-${label}.cpuprofile`, JSON.stringify(profile));
  summarizeProfile(profile, `${mode} ${label}`);
}

const COUNTERS = ['ThreadTime', 'TaskDuration', 'ScriptDuration', 'V8CompileDuration', 'RecalcStyleDuration', 'LayoutDuration'];

/** The renderer's own counters (no trace, so no tracing overhead): main thread CPU time, script, style, layout. */
async function counters(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(list.map((x) => [x.name, x.value]));
}

async function metrics(cdp: CDPSession, since: Record<string, number> = {}): Promise<string> {
  const m = await counters(cdp);
  return COUNTERS.map((k) => `${k} ${Math.round(((m[k] ?? 0) - (since[k] ?? 0)) * 1000)}`).join(' ');
}

if (mode === 'summary') {
  for (const file of process.argv.slice(3)) summarize((JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents, file);
  process.exit(0);
}

const bench = await prepareBenchDatabase(5);
const database = await openPostgres(bench.databaseUrl, 2);
const demo = await database.db.selectFrom('surveys').select(['id', 'public_link_uuid', 'organization_id', 'project_id']).where('name', '=', DEMO_SURVEY_NAME).executeTakeFirstOrThrow();
const big = bigSurvey(200);
let bigId = '';
if (mode === 'driver') {
  const en = await database.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
  inLanguage(big, en.id);
  bigId = (await database.db.transaction().execute((trx) => insertSurvey(trx, { organizationId: demo.organization_id, projectId: demo.project_id, createdBy: null, model: big, status: 1, multipleLink: true }))).id;
}
await database.close();
const server = await startServer({ databaseUrl: bench.databaseUrl });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', ...(process.env.CHROMIUM_ARGS ?? '').split(' ').filter(Boolean)] });
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
      for (let visit = 2; visit <= Number(process.env.VISITS ?? 3); visit++) {
        const next = await context.newPage();
        const cdp = await context.newCDPSession(next);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        let ms = 0;
        if (process.env.CPU_PROFILE) {
          await profiled(cdp, `${r}-visit${visit}`, async () => {
            ms = await interactive(next, demoPath);
          });
          console.log(`visit ${visit} interactive: ${ms} ms`);
        } else if (process.env.NO_TRACE) {
          await cdp.send('Performance.enable');
          ms = await interactive(next, demoPath);
          console.log(`visit ${visit} interactive: ${ms} ms ${await metrics(cdp)}`);
        } else {
          await traced(browser, next, `${r}-visit${visit}`, async () => {
            ms = await interactive(next, demoPath);
          });
          console.log(`visit ${visit} interactive: ${ms} ms`);
        }
        await next.waitForTimeout(3000);
        await clearAutosave(next);
        await next.close();
      }
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
        await profiled(cdp, String(r), answer);
        console.log(`driver shows ${dependants.length} dependants: ${ms} ms`);
      } else if (process.env.NO_TRACE) {
        await cdp.send('Performance.enable');
        const before = await counters(cdp);
        await answer();
        console.log(`driver shows ${dependants.length} dependants: ${ms} ms ${await metrics(cdp, before)}`);
      } else {
        await traced(browser, page, String(r), async () => {
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
