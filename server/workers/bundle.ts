// The worker threads' code as one precompiled JavaScript file (docs/decisions/
// 0032-worker-threads-for-heavy-work.md). A worker that loaded the TypeScript sources through tsx compiled the server's modules again
// inside itself: a second or more of CPU and 180-250 MB of the process's memory on a worker's first task,
// which alone broke an export's memory target. esbuild writes tasks.ts and what it imports from the
// repository into .cache/workers/ (never committed); packages stay imports, resolved from node_modules
// as the server resolves them. A manifest lists the inputs with their size and time, so a start whose
// sources did not change reuses the file after a few stat calls; any change builds it again.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = join(ROOT, 'server/workers/tasks.ts');
const CACHE = join(ROOT, '.cache/workers');
const MANIFEST = join(CACHE, 'manifest.json');

interface Manifest {
  bundle: string;
  /** Repository path -> `${size}:${mtimeMs}` when the bundle was built. */
  inputs: Record<string, string>;
}

const fingerprint = async (path: string): Promise<string> => {
  const s = await stat(join(ROOT, path));
  return `${s.size}:${s.mtimeMs}`;
};

/** The bundle the manifest names, when it exists and none of its inputs changed since. */
async function current(): Promise<string | null> {
  try {
    const m = JSON.parse(await readFile(MANIFEST, 'utf8')) as Manifest;
    const bundle = join(CACHE, m.bundle);
    await stat(bundle);
    for (const [path, was] of Object.entries(m.inputs)) if ((await fingerprint(path)) !== was) return null;
    return bundle;
  } catch {
    return null;
  }
}

/** Writes a file whole or not at all: processes that build at once each rename a complete file. */
async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const part = `${path}.${process.pid}.part`;
  await writeFile(part, data);
  await rename(part, path);
}

async function buildBundle(): Promise<string> {
  const { build } = await import('esbuild');
  const started = Date.now();
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Beside the bundle, not inside it: the worker would otherwise hold the map's text too.
    sourcemap: 'linked',
    outfile: join(CACHE, 'tasks.mjs'),
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: ROOT,
  });
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))!;
  const js = result.outputFiles.find((f) => f.path.endsWith('.mjs'))!;
  const name = `tasks-${createHash('sha256').update(js.contents).update(map.contents).digest('hex').slice(0, 16)}.mjs`;
  await mkdir(CACHE, { recursive: true });
  await writeAtomic(join(CACHE, `${name}.map`), map.contents);
  await writeAtomic(join(CACHE, name), js.text.replace(/sourceMappingURL=tasks\.mjs\.map/, `sourceMappingURL=${name}.map`));
  // Input paths are relative to ROOT. One saved during the build may not be in this bundle: then no
  // manifest is written, so the next start builds again.
  const inputs: Record<string, string> = {};
  let changed = false;
  for (const path of Object.keys(result.metafile.inputs)) {
    inputs[path] = await fingerprint(path);
    changed ||= (await stat(join(ROOT, path))).mtimeMs >= started;
  }
  if (!changed) await writeAtomic(MANIFEST, JSON.stringify({ bundle: name, inputs } satisfies Manifest));
  return join(CACHE, name);
}

let pending: Promise<URL> | undefined;

/**
 * The worker file's URL, built once per process when the cached one is missing or stale. Called at
 * start (buildApp) so that the first export does not wait for it; a failed build is tried again on the next call.
 */
export function workerBundle(): Promise<URL> {
  pending ??= (async () => pathToFileURL((await current()) ?? (await buildBundle())))();
  pending.catch(() => (pending = undefined));
  return pending;
}
