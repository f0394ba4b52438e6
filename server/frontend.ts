// Builds the front end when dist/ is missing or older than its sources, so `npm start` on a fresh
// clone serves the current product without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'widgets', 'engine', 'schemas', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function frontendIsStale(root: string, outDir: string): boolean {
  const built = join(outDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > builtAt);
}

export async function ensureFrontend(root: string, outDir: string, log: (m: string) => void): Promise<void> {
  if (!frontendIsStale(root, outDir)) return;
  log('Building the front end (once; it is rebuilt only when its sources change)...');
  // Its own process with NODE_ENV=production: a caller's NODE_ENV (test, development) would otherwise
  // give a development build of React.
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The front end did not build; see the messages above.');
}
