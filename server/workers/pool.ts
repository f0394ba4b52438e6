// Heavy work from untrusted content runs off the request loop, in worker threads
// (piscina) with a memory ceiling (resourceLimits) and a time budget: a workbook that makes the parser
// spin or hoard memory costs one worker, which is terminated and replaced, while every other request
// goes on being answered. Tasks are the exports of tasks.ts, run compiled (dist/server/tasks.js, paths.ts).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { workerFile } from '../paths';
import type * as Tasks from './tasks';

export interface WorkerLimits {
  /** V8's old generation per worker: past it the worker dies with ERR_WORKER_OUT_OF_MEMORY. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  threads: number;
}

export const WORKER_LIMITS: WorkerLimits = {
  maxOldGenerationSizeMb: 384,
  maxYoungGenerationSizeMb: 48,
  // One core stays with the request loop.
  threads: Math.max(1, Math.min(4, availableParallelism() - 1)),
};

/**
 * The export pool's workers (exports streamed into a download and export jobs): an export holds one
 * batch of rows at a time, so a small heap is enough, and a small heap is what keeps the process's memory
 * flat, as V8 grows a heap well past what is alive before it collects (docs/decisions/0032-worker-threads-for-heavy-work.md).
 * The figures are the data bench's (tests/bench/data.bench.ts): 100,000 x 300 CSV and XLSX within them.
 */
export const EXPORT_WORKER_LIMITS: WorkerLimits = {
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 32,
  threads: WORKER_LIMITS.threads,
};

/** Over a worker's time or memory budget: the caller turns it into a 4xx naming the limit. */
export class WorkerBudgetError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(limit === 'time' ? 'The work took longer than its time budget.' : 'The work needed more memory than its budget.');
  }
}

/**
 * The workers' Node options: none when the process runs under tsx (the benchmarks do),
 * else what the process has (Node's default). The workers run compiled JavaScript (paths.ts) whose packages
 * Node resolves itself; under the inherited loader each worker ran the loader too (its hooks thread and
 * modules) and compiled the bundle again, holding it twice with its source map as text. Without it the
 * standing export worker costs the process 39-44 MB of RSS instead of 87-93 MB and starts in 1.4-1.7 s
 * instead of 2.2 s (docs/decisions/0032-worker-threads-for-heavy-work.md). An explicit list
 * cannot just drop the loader: Node refuses V8 options there (main.ts gives its processes
 * --max-semi-space-size, which applies to the whole process anyway).
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] | undefined {
  // `--import tsx`, `--import=tsx/esm`, or the paths tsx's own command gives (…/node_modules/tsx/dist/loader.mjs).
  return argv.some((a) => /^(--[a-z-]+=)?tsx($|\/)|[\\/]tsx[\\/]/.test(a)) ? [] : undefined;
}

export function createPool(filename: URL, limits: WorkerLimits = WORKER_LIMITS, minThreads = 0): Piscina {
  const execArgv = workerExecArgv();
  return new Piscina({
    ...(execArgv ? { execArgv } : {}),
    filename: filename.href,
    minThreads,
    maxThreads: limits.threads,
    // Starting a worker (loading the bundle and its packages) costs a few hundred milliseconds; one that
    // has started is kept ten minutes for the next task, then let go.
    idleTimeout: 10 * 60_000,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb },
  });
}

/** Runs a named export of the pool's worker file under a time budget; budgets broken are WorkerBudgetError. */
export async function runOn<T>(pool: Piscina, name: string, input: unknown, timeoutMs: number, transferList?: Transferable[]): Promise<T> {
  try {
    return (await pool.run(input, {
      name,
      signal: AbortSignal.timeout(timeoutMs),
      ...(transferList ? { transferList: transferList as never } : {}),
    })) as T;
  } catch (e) {
    const err = e as { name?: string; code?: string };
    if (err?.name === 'AbortError' || err?.name === 'TimeoutError') throw new WorkerBudgetError('time');
    if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerBudgetError('memory');
    throw e;
  }
}

/** The pools, each started on its first task: the general one (WORKER_LIMITS) and the exports' (EXPORT_WORKER_LIMITS). */
const pools: { shared?: Piscina | undefined; exports?: Piscina | undefined } = {};

type TaskName = keyof typeof Tasks;
export type TaskInput<K extends TaskName> = Parameters<(typeof Tasks)[K]>[0];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<(typeof Tasks)[K]>>;

/** The pool, started on its first task; the export pool keeps one worker whatever happens (see startExportWorker). */
function poolOf(which: keyof typeof pools): Piscina {
  return (pools[which] ??= startPool(which));
}

function startPool(which: keyof typeof pools): Piscina {
  // Else piscina fails on each task with a bare "cannot find module" from inside the worker.
  const file = fileURLToPath(workerFile);
  if (!existsSync(file)) throw new Error(`The worker threads' file ${file} is missing: \`npm run build\` writes it.`);
  return which === 'exports' ? createPool(workerFile, EXPORT_WORKER_LIMITS, 1) : createPool(workerFile);
}

export async function runInWorker<K extends TaskName>(
  task: K,
  input: TaskInput<K>,
  opts: { timeoutMs: number; transfer?: Transferable[] },
): Promise<TaskResult<K>> {
  const pool = poolOf(task === 'writeExport' || task === 'streamExport' ? 'exports' : 'shared');
  return runOn<TaskResult<K>>(pool, task, input, opts.timeoutMs, opts.transfer);
}

/**
 * Starts the export pool's standing worker and waits until it answers (the server's start, boot.ts). A
 * worker that starts inside an export costs the export its first second and 60-100 MB of memory at once
 * (its modules, compiled code and heap): both the export's first byte (< 1 s) and its memory (< 100 MB)
 * broke on it. Started once, it stays (minThreads 1), so an export only adds what its rows need.
 */
export async function startExportWorker(): Promise<void> {
  await runOn(poolOf('exports'), 'ping', null, 60_000);
}

/** What each started pool holds now, for the metrics: its threads, how busy they were (0 to 1), tasks waiting. */
export function workerPoolStats(): { pool: string; threads: number; utilization: number; queued: number }[] {
  return (Object.entries(pools) as [string, Piscina | undefined][])
    .filter((e): e is [string, Piscina] => e[1] !== undefined)
    .map(([pool, p]) => ({ pool, threads: p.threads.length, utilization: p.utilization, queued: p.queueSize }));
}

/** Stops the shared pool's workers (server shutdown); a later task starts a new pool. */
export async function closeWorkers(): Promise<void> {
  const started = [pools.shared, pools.exports];
  pools.shared = pools.exports = undefined;
  for (const pool of started) await pool?.destroy();
}
