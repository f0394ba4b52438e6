// Measuring aid for the fill page's bytes (not a benchmark: run.ts picks only *.bench.ts): what the demo survey's link
// moves on a first visit, file by file and package by package, in brotli bytes.
//   npx vite build --sourcemap hidden && npx tsx tests/bench/bytes-fill.ts
// Chromium opens the link against the built app on a fresh PostgreSQL database (as fill-page.bench.ts
// does, no throttling), waits until the service worker controls the page and the network is idle (what
// loads after the form, Dexie and the toasts, included), and lists every response with the bytes it
// moved. Each file of dist/assets is then split by its source map: the generated characters each source
// produced, summed by package (node_modules/<package>, else the project folder), and the file's brotli
// size shared out in proportion (brotli of a part alone would count the dictionary it shares with the
// rest twice). `hidden` source maps leave the served files byte for byte as a plain build's.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { openPostgres } from '../../server/db/database';
import { interactive } from './fill-page.bench';
import { startServer } from './server';
import { prepareBenchDatabase } from './submission.database';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The package a source of a map belongs to: `dexie`, `@chakra-ui/react`, or the project's `src/offline`. */
export function packageOf(source: string): string {
  const nm = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source);
  if (nm) return nm[1]!;
  const own = source.replace(/^(\.\.\/)+/, '').replace(/^\/?(work\/[^/]+\/)?/, '');
  return own.split('/').slice(0, 2).join('/');
}

/** Generated characters of `code` by package, from its source map (characters no mapping covers: `(unmapped)`). */
function byPackage(code: string, map: TraceMap): Map<string, number> {
  const out = new Map<string, number>();
  const add = (k: string, n: number) => n > 0 && out.set(k, (out.get(k) ?? 0) + n);
  const lines = code.split('\n');
  decodedMappings(map).forEach((segments, i) => {
    const line = lines[i] ?? '';
    let col = 0;
    let owner = '(unmapped)';
    for (const seg of segments) {
      add(owner, seg[0] - col);
      col = seg[0];
      owner = seg.length > 1 ? packageOf(map.sources[seg[1]!] ?? '') : '(unmapped)';
    }
    add(owner, line.length - col + 1);
  });
  return out;
}

function brotliSize(file: string): number {
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

const bench = await prepareBenchDatabase(5);
const database = await openPostgres(bench.databaseUrl, 2);
const demo = await database.db
  .selectFrom('surveys')
  .select(['id', 'public_link_uuid'])
  .where('name', '=', DEMO_SURVEY_NAME)
  .executeTakeFirstOrThrow();
await database.close();
const server = await startServer({ databaseUrl: bench.databaseUrl });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: server.url, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const moved: { url: string; bytes: number; afterForm: boolean }[] = [];
  const urls = new Map<string, string>();
  let formShown = false;
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) =>
    moved.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength, afterForm: formShown }),
  );
  await interactive(page, `/public-survey/${demo.public_link_uuid}/${demo.id}`);
  formShown = true;
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(2000);

  const kib = (n: number) => (n / 1024).toFixed(1).padStart(7);
  console.log('\nEvery response the page received (bytes on the wire, headers included):');
  let total = 0;
  let untilForm = 0;
  for (const m of moved) {
    total += m.bytes;
    if (!m.afterForm) untilForm += m.bytes;
    console.log(`  ${kib(m.bytes)} KiB ${m.afterForm ? 'after ' : 'before'} ${m.url.replace(server.url, '')}`);
  }
  console.log(`  ${kib(untilForm)} KiB until the typed character landed, ${kib(total)} KiB in all`);

  const pkgs = new Map<string, number>();
  console.log('\nBy file (brotli as served) and its largest packages:');
  for (const m of moved) {
    const name = /\/assets\/([^?]+)/.exec(m.url)?.[1];
    if (!name || !name.endsWith('.js')) continue;
    const file = `dist/assets/${name}`;
    const br = brotliSize(file);
    const code = readFileSync(file, 'utf8');
    const parts = existsSync(`${file}.map`)
      ? byPackage(code, new TraceMap(readFileSync(`${file}.map`, 'utf8')))
      : new Map([[`(no map) ${name}`, code.length]]);
    const raw = [...parts.values()].reduce((a, b) => a + b, 0);
    const shares = [...parts].map(([p, n]) => [p, (br * n) / raw] as const).sort((a, b) => b[1] - a[1]);
    for (const [p, n] of shares) pkgs.set(p, (pkgs.get(p) ?? 0) + n);
    console.log(
      `  ${kib(br)} KiB ${name}: ${shares
        .slice(0, 6)
        .map(([p, n]) => `${p} ${(n / 1024).toFixed(1)}`)
        .join(', ')}`,
    );
  }
  console.log('\nJavaScript by package (KiB brotli, shared out by generated characters):');
  for (const [p, n] of [...pkgs].sort((a, b) => b[1] - a[1])) if (n >= 256) console.log(`  ${kib(n)} KiB ${p}`);
  const rest = [...pkgs.values()].filter((n) => n < 256).reduce((a, b) => a + b, 0);
  console.log(`  ${kib(rest)} KiB in ${[...pkgs.values()].filter((n) => n < 256).length} packages under 0.25 KiB each`);
} finally {
  await browser.close();
  await server.stop();
  await bench.drop();
}
