// The bundle-size check of `npm run check`, on the built front end (dist/): what a survey link loads
// before its form shows, what it keeps for offline use, and the largest files, each against a budget.
// A respondent on a 400 kbit/s link waits about 20 ms for every KiB (brotli, as served), so a change
// that adds to the fill route must say so here by raising its budget.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fillRouteFiles, readManifest } from './vite/fillRouteFiles';
import { fromRoot } from './vite/paths';

const KiB = 1024;
/** Brotli bytes, as the server sends them. */
export const BUDGETS = {
  /** The survey link's files before the form shows (the first visit's target is 250 KiB in all, the survey and the page included). */
  fillUpFront: 150 * KiB,
  /** Everything the service worker keeps for the fill route (every widget, offline). */
  fillOffline: 480 * KiB,
  /** Any one file: a file over this is a screen that should be split. */
  largestFile: 300 * KiB,
};

const dist = fromRoot('dist');
const served = (file: string) => {
  const path = join(dist, file);
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
};

export function measure(): { fillUpFront: number; fillOffline: number; largest: { file: string; bytes: number }[] } {
  const chunks = readManifest(dist);
  if (!chunks) throw new Error('dist/.vite/manifest.json is missing: run `npm run build` first.');
  const sum = (files: Set<string>) => [...files].reduce((n, f) => n + served(f), 0);
  const assets = readdirSync(join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
  const largest = assets
    .map((f) => ({ file: `assets/${f}`, bytes: served(`assets/${f}`) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5);
  return { fillUpFront: sum(fillRouteFiles(chunks, 'upFront')), fillOffline: sum(fillRouteFiles(chunks, 'offline')), largest };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const m = measure();
  const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`;
  const rows: [string, number, number][] = [
    ['fill route, before the form shows', m.fillUpFront, BUDGETS.fillUpFront],
    ['fill route, kept for offline', m.fillOffline, BUDGETS.fillOffline],
    ...m.largest.map((l): [string, number, number] => [l.file, l.bytes, BUDGETS.largestFile]),
  ];
  let over = 0;
  for (const [what, bytes, budget] of rows) {
    const bad = bytes > budget;
    if (bad) over++;
    console.log(`${bad ? 'OVER' : 'ok  '} ${kib(bytes).padStart(10)} of ${kib(budget).padStart(10)}  ${what}`);
  }
  if (over) {
    console.error(`${over} over budget (brotli bytes as served; budgets in build/size.ts).`);
    process.exit(1);
  }
}
