// `npm run bench -- expression`: the engine against its targets (below), side by side with
// openrosa-xpath-evaluator (Enketo) on jsdom in Node and natively in headless Chromium.
// Our figures come from the production build (expression-build.ts), as the app ships it.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { chromium } from 'playwright-core';
import type * as Engine from '../../engine/expression/index';
import { buildBrowserHarness, buildEngineForNode, measureBundle, workDir } from './expression-build';
import { syntheticForm } from './expression-form';
import { CURRENT_IS_AGE, FIELDS, instanceXml, measure, median, MIX, toXPath } from './expression-mix';

/**
 * Node figures count this process's CPU time, not the wall clock: the machine is shared, and other
 * people's builds would otherwise show up in our numbers. Chromium figures use the page's clock,
 * with our rounds and the anchor's interleaved so both see the same conditions.
 */
const now = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const ROUND_MS = 1500;

interface Row {
  readonly figure: string;
  readonly value: number;
  readonly unit: string;
  readonly target: string;
  /** > 1 means the target is met. */
  readonly ratio: number | undefined;
}

function nodeOurs(engine: typeof Engine): number {
  const programs = MIX.map((m) => engine.compile(m));
  const env = { fields: FIELDS, now: new Date() };
  const onAge = { ...env, current: FIELDS.age };
  const step = (): void => {
    for (let i = 0; i < programs.length; i++) programs[i]?.evaluate(i === CURRENT_IS_AGE ? onAge : env);
  };
  measure(step, programs.length, ROUND_MS / 3, now);
  return median([1, 2, 3].map(() => measure(step, programs.length, ROUND_MS, now).perSecond));
}

function nodePeer(): number {
  const dom = new JSDOM(instanceXml(), { contentType: 'application/xml' });
  const { window } = dom;
  Object.assign(globalThis, { Node: window.Node, XPathResult: window.XPathResult, XPathEvaluator: window.XPathEvaluator });
  const require = createRequire(import.meta.url);
  const evaluator = (
    require('openrosa-xpath-evaluator') as () => { evaluate(e: string, c: unknown, r: null, t: number, x: null): unknown }
  )();
  const doc = window.document;
  const age = doc.getElementsByTagName('age')[0];
  const paths = MIX.map(toXPath);
  const step = (): void => {
    for (let i = 0; i < paths.length; i++)
      evaluator.evaluate(paths[i] ?? '', i === CURRENT_IS_AGE ? age : doc, null, window.XPathResult.ANY_TYPE, null);
  };
  measure(step, paths.length, ROUND_MS / 3, now);
  return median([1, 2, 3].map(() => measure(step, paths.length, ROUND_MS, now).perSecond));
}

function parsing(engine: typeof Engine): number {
  const step = (): void => {
    for (const m of MIX) engine.parse(m);
  };
  measure(step, MIX.length, ROUND_MS / 3, now);
  return median([1, 2, 3].map(() => measure(step, MIX.length, ROUND_MS, now).perSecond));
}

function recalculation(engine: typeof Engine): { median: number; p90: number } {
  const form = syntheticForm();
  const graph = engine.buildGraph(form.binds, { fields: form.fields });
  if (graph.problems.length > 0) throw new Error(`synthetic form: ${graph.problems[0]?.error.message}`);
  let { state } = engine.initialize(graph, form.answers, { now: new Date(), timeZoneOffset: 0 });
  const times: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const field = form.inputs[i % form.inputs.length] ?? 'in_1';
    const t0 = now();
    state = engine.recalculate(state, field, (i * 37) % 100).state;
    if (i >= 500) times.push(now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: median(times), p90: times[Math.floor(times.length * 0.9)] ?? NaN };
}

async function inChromium(): Promise<{ ours: number; peer: number }> {
  const harness = await buildBrowserHarness();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>expression bench</title>');
    await page.addScriptTag({ content: harness });
    type Harness = { expressionBench: { runOurs(ms: number): number; runPeer(ms: number): number } };
    const ours: number[] = [];
    const peer: number[] = [];
    for (let round = 0; round < 3; round++) {
      ours.push(await page.evaluate((ms) => (globalThis as unknown as Harness).expressionBench.runOurs(ms), ROUND_MS));
      peer.push(await page.evaluate((ms) => (globalThis as unknown as Harness).expressionBench.runPeer(ms), ROUND_MS));
    }
    return { ours: median(ours), peer: median(peer) };
  } finally {
    await browser.close();
  }
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function print(rows: readonly Row[]): void {
  const table = rows.map((r) => ({
    figure: r.figure,
    measured: `${fmt(r.value, r.unit === 'ms' || r.unit === 'KiB' ? 2 : 0)} ${r.unit}`,
    target: r.target,
    ratio: r.ratio === undefined ? '' : `${fmt(r.ratio, 2)}x ${r.ratio >= 1 ? 'ok' : 'MISSED'}`,
  }));
  const widths = (['figure', 'measured', 'target', 'ratio'] as const).map((k) => Math.max(k.length, ...table.map((t) => t[k].length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
  console.log(line(['figure', 'measured', 'target', 'ratio']));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const t of table) console.log(line([t.figure, t.measured, t.target, t.ratio]));
}

export default async function (): Promise<void> {
  const engine = (await import(pathToFileURL(await buildEngineForNode()).href)) as typeof Engine;
  console.log(`production build in ${workDir}`);
  const ours = nodeOurs(engine);
  const peer = nodePeer();
  const parse = parsing(engine);
  const recalc = recalculation(engine);
  const browser = await inChromium();
  const size = await measureBundle();
  const KiB = 1024;
  print([
    { figure: 'Node: precompiled mix, ours', value: ours, unit: 'eval/s', target: '>= 1,000,000 eval/s', ratio: ours / 1_000_000 },
    { figure: 'Node: openrosa-xpath-evaluator on jsdom', value: peer, unit: 'eval/s', target: 'anchor (~10,000)', ratio: undefined },
    { figure: 'Node: ours / anchor', value: ours / peer, unit: 'x', target: 'information', ratio: undefined },
    {
      figure: 'Chromium: precompiled mix, ours',
      value: browser.ours,
      unit: 'eval/s',
      target: '>= 15x anchor in the same page',
      ratio: browser.ours / browser.peer / 15,
    },
    { figure: 'Chromium: openrosa-xpath-evaluator', value: browser.peer, unit: 'eval/s', target: 'anchor (~60,000)', ratio: undefined },
    {
      figure: 'Chromium: ours / anchor',
      value: browser.ours / browser.peer,
      unit: 'x',
      target: '>= 15x',
      ratio: browser.ours / browser.peer / 15,
    },
    { figure: 'Parsing (parse(), no cache)', value: parse, unit: 'expr/s', target: '>= 100,000 expr/s', ratio: parse / 100_000 },
    { figure: 'Recalculation, 1,000-field form, median', value: recalc.median, unit: 'ms', target: '< 2 ms', ratio: 2 / recalc.median },
    { figure: 'Recalculation, 90th percentile', value: recalc.p90, unit: 'ms', target: 'information', ratio: undefined },
    {
      figure: "Engine's own code, min+gzip",
      value: size.ownGzip / KiB,
      unit: 'KiB',
      target: '<= 60 KiB',
      ratio: 60 / (size.ownGzip / KiB),
    },
    { figure: 'Engine + chevrotain + re2js, min+gzip', value: size.totalGzip / KiB, unit: 'KiB', target: 'information', ratio: undefined },
  ]);
}
