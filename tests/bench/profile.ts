// Where a page's main thread spends its time, for the profiling aids (profile-fill.ts, profile-table.ts):
// a Chromium trace summarized as self time by event, a V8 CPU profile by package and function (mapped
// through dist/'s source maps when built with `vite build --sourcemap`), and the renderer's counters.
// Traces and profiles go to PROFILE_DIR (/tmp).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

const DIR = process.env.PROFILE_DIR ?? '/tmp';

export interface TraceEvent {
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
export function summarize(events: TraceEvent[], label: string): void {
  // The page's thread is the one that ran our files (another renderer, Chromium's own WebUI, may be busy too).
  const count = (m: TraceEvent) =>
    events.filter((x) => x.pid === m.pid && x.tid === m.tid && String(x.args?.data?.url ?? '').includes('/assets/')).length;
  const main = events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => ({ e, n: count(e) }))
    .sort((a, b) => b.n - a.n)[0]?.e;
  if (!main) return void console.log('no renderer main thread found');
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
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
  console.log(
    `\n${label}: main thread busy ${sum('wall')} ms (thread time ${sum('cpu')} ms, unthrottled) over ${Math.round((last - first) / 1000)} ms; self time: wall, thread`,
  );
  for (const [name, t] of [...self].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 25))
    console.log(`  ${(t.wall / 1000).toFixed(1).padStart(8)} ms ${(t.cpu / 1000).toFixed(1).padStart(8)} ms  ${name}`);
  const compiles = own.filter((e) => e.name.startsWith('v8.compile') || e.name === 'v8.produceModuleCache' || e.name === 'v8.produceCache');
  for (const c of compiles) {
    const d = c.args?.data ?? {};
    const url = String(d.url ?? d.fileName ?? '').replace(/^.*\/assets\//, '');
    if (!url) continue;
    console.log(
      `  ${c.name.padEnd(22)} ${(c.dur! / 1000).toFixed(1).padStart(7)} ms ${((c.tdur ?? 0) / 1000).toFixed(1).padStart(7)} ms ${url.slice(0, 50).padEnd(50)} ${JSON.stringify(Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'url' && k !== 'columnNumber' && k !== 'lineNumber')))}`,
    );
  }
}

export const CATEGORIES = (process.env.TRACE_CATEGORIES ?? 'devtools.timeline,v8,v8.execute,blink,loading,toplevel').split(',');

/** Writes a trace's events to PROFILE_DIR/`name`.json and prints its summary. */
export function saveTrace(events: TraceEvent[], name: string): void {
  writeFileSync(`${DIR}/${name}.json`, JSON.stringify({ traceEvents: events }));
  summarize(events, name);
}

/** Records a Chromium trace around `act` into PROFILE_DIR/`name`.json and prints its summary. */
export async function traced(browser: Browser, page: Page, name: string, act: () => Promise<void>): Promise<void> {
  const path = `${DIR}/${name}.json`;
  await browser.startTracing(page, { path, categories: CATEGORIES });
  await act();
  const buf = await browser.stopTracing();
  const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  writeFileSync(path, buf);
  summarize(events, name);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** Self time of a V8 CPU profile by function and by package, mapped through dist/'s source maps when built with them. */
export function summarizeProfile(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, label: string): void {
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
    const map = f.url.includes('/assets/') && f.lineNumber >= 0 ? mapFor(f.url) : null;
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
  const show = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .forEach(([k, us]) => console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`));
  console.log(`\n${label}: CPU profile self time by package`);
  show(pkgs, 25);
  console.log(`${label}: by function`);
  show(fns, 40);
}

/** Takes a V8 CPU profile around `act` into PROFILE_DIR/`name`.cpuprofile and prints its summary. */
export async function profiled(cdp: CDPSession, name: string, act: () => Promise<void>): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await act();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  writeFileSync(`${DIR}/${name}.cpuprofile`, JSON.stringify(profile));
  summarizeProfile(profile, name);
}

const COUNTERS = ['ThreadTime', 'TaskDuration', 'ScriptDuration', 'V8CompileDuration', 'RecalcStyleDuration', 'LayoutDuration'];

/** The renderer's own counters (no trace, so no tracing overhead): main thread CPU time, script, style, layout. */
export async function counters(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(list.map((x) => [x.name, x.value]));
}

export async function metrics(cdp: CDPSession, since: Record<string, number> = {}): Promise<string> {
  const m = await counters(cdp);
  return COUNTERS.map((k) => `${k} ${Math.round(((m[k] ?? 0) - (since[k] ?? 0)) * 1000)}`).join(' ');
}
