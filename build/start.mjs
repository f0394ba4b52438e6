// `npm start`: builds what is missing or older than its sources, the front end (Vite, into dist/) and
// the server (build/server.ts, into dist/server/), then runs the compiled server, dist/server/main.js,
// in this process. `npm run dev` (`node build/start.mjs dev`): builds the server when stale, for the
// worker threads, which run it compiled (server/paths.ts), then runs server/dev.ts from its sources.
// `node build/start.mjs backup|restore FILE` (npm run backup, npm run restore): the compiled backup tool.
// Plain JavaScript, so that Node runs it without a TypeScript loader. ensureBuilt is also what the tests
// and the benchmarks call before they start the product (tests/e2e/global-setup.ts, tests/support/buildServer.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The parts of dist/, in the order they are built (Vite empties dist/, the server's folder included): the
 * file whose time stands for the part, the files and folders it is built from, and the Node arguments
 * that build it.
 */
export const PARTS = {
  frontend: {
    built: 'dist/index.html',
    sources: ['src', 'widgets', 'engine', 'schemas', 'index.html', 'public', 'vite.config.ts', 'build/vite', 'package-lock.json'],
    build: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
  },
  server: {
    built: 'dist/server/main.js',
    sources: [
      'server',
      'engine',
      'schemas',
      'fixtures',
      'build/server.ts',
      'build/vite/paths.ts',
      'tsconfig.json',
      'package.json',
      'package-lock.json',
    ],
    build: ['--import', 'tsx', 'build/server.ts'],
  },
};

/** @param {string} path */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** @param {keyof typeof PARTS} part */
export function isStale(part, root = ROOT) {
  const { built, sources } = PARTS[part];
  const file = join(root, built);
  if (!existsSync(file)) return true;
  const builtAt = statSync(file).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > builtAt);
}

/**
 * Builds each of `parts` that is missing or stale, in build order; returns those it built.
 * @param {(keyof typeof PARTS)[]} parts
 * @param {(message: string) => void} log
 */
export function ensureBuilt(parts, log, root = ROOT) {
  /** @type {(keyof typeof PARTS)[]} */
  const built = [];
  for (const part of /** @type {(keyof typeof PARTS)[]} */ (Object.keys(PARTS))) {
    if (!parts.includes(part) || !isStale(part, root)) continue;
    log(`Building the ${part === 'frontend' ? 'front end' : 'server'} (once; it is rebuilt only when its sources change)...`);
    // Its own process with NODE_ENV=production: a caller's NODE_ENV (test, development) would otherwise
    // give a development build of React.
    const result = spawnSync(process.execPath, PARTS[part].build, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`The ${part} did not build; see the messages above.`);
    built.push(part);
  }
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dev = process.argv[2] === 'dev';
  // `npm run backup -- FILE`, `npm run restore -- FILE`: the compiled dist/server/backup.js, which reads argv.
  const tool = process.argv[2] === 'backup' || process.argv[2] === 'restore';
  try {
    ensureBuilt(dev || tool ? ['server'] : ['frontend', 'server'], (m) => console.log(m));
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
  // Stack traces name the TypeScript sources (the maps are beside the compiled files). Turned on before
  // the server's modules load: Node reads the maps of modules loaded after this only.
  process.setSourceMapsEnabled(true);
  if (tool) {
    await import(pathToFileURL(join(ROOT, 'dist/server/backup.js')).href);
  } else if (dev) {
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(join(ROOT, 'server/dev.ts')).href);
  } else {
    await import(pathToFileURL(join(ROOT, PARTS.server.built)).href);
  }
}
