// The server compiled to JavaScript in dist/server/, the second half of `npm run build` (the front end is
// the first: Vite empties dist/ before it writes). Three entries: main.js (server/main.ts, what `npm start`
// runs), tasks.js (server/workers/tasks.ts, what the worker threads load) and backup.js
// (server/backup/cli.ts, `npm run backup` and `npm run restore`); the modules they share are
// shared chunks beside them, so every file of the server is in one folder and finds the others by a
// relative address. The repository's own modules are bundled; packages stay imports that Node resolves
// from node_modules at run time, and each must be a dependency of package.json (not a devDependency):
// one that is not fails the build, as a production install would leave it out.
import { build, type Metafile } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { fromRoot } from './vite/paths';

export const SERVER_OUT = fromRoot('dist/server');

const builtins = new Set(builtinModules);

/** The package an import names: `kysely/helpers/postgres` -> kysely, `@fastify/static` -> @fastify/static. */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The packages the compiled server imports that a production install (`npm ci --omit=dev`) would not have. */
export function notRuntimeDependencies(metafile: Metafile, dependencies: Record<string, string>): string[] {
  const missing = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:') || builtins.has(path) || path.startsWith('.')) continue;
      const name = packageOf(path);
      if (!(name in dependencies)) missing.add(name);
    }
  }
  return [...missing].sort();
}

export async function buildServer(): Promise<Metafile> {
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: fromRoot('.'),
    entryPoints: { main: 'server/main.ts', tasks: 'server/workers/tasks.ts', backup: 'server/backup/cli.ts' },
    outdir: SERVER_OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    // Beside each file, read only when source maps are on (build/start.mjs turns them on). Without the
    // sources' text: the maps name the repository's files, which are where they say.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  const { dependencies = {} } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const missing = notRuntimeDependencies(result.metafile, dependencies);
  if (missing.length) {
    rmSync(SERVER_OUT, { recursive: true, force: true });
    throw new Error(`The server imports packages that are not dependencies in package.json: ${missing.join(', ')}.`);
  }
  return result.metafile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  const metafile = await buildServer();
  const bytes = Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .reduce((sum, [, o]) => sum + o.bytes, 0);
  console.log(`dist/server/: ${Math.round(bytes / 1024)} KiB of JavaScript in ${Date.now() - started} ms`);
}
