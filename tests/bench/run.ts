// `npm run bench`: runs every tests/bench/*.bench.ts in turn (or the ones named on the command line,
// e.g. `npm run bench -- expression`). Each module's default export runs its measurements and prints
// its own table; the figures are compared against their targets there, never asserted in tests.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from '../../build/start.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

// The worker threads run the compiled server (server/paths.ts), the benchmarks' in-process ones included.
ensureBuilt(['server'], (m) => console.log(m));

for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<void> };
  await mod.default();
}
