// Heavy work from untrusted content (issue 21 point 3) runs off the request loop, in worker threads
// (piscina) with a memory ceiling (resourceLimits) and a time budget: a workbook that makes the parser
// spin or hoard memory costs one worker, which is terminated and replaced, while every other request
// goes on being answered. Tasks are the exports of tasks.ts, loaded through entry.mjs.
import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
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

/** Over a worker's time or memory budget: the caller turns it into a 4xx naming the limit. */
export class WorkerBudgetError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(limit === 'time' ? 'The work took longer than its time budget.' : 'The work needed more memory than its budget.');
  }
}

export function createPool(filename: URL, limits: WorkerLimits = WORKER_LIMITS): Piscina {
  return new Piscina({
    filename: filename.href,
    minThreads: 0,
    maxThreads: limits.threads,
    // Starting a worker (the TypeScript loader, ExcelJS) costs about a second; one that has started is
    // kept ten minutes for the next upload, then let go.
    idleTimeout: 10 * 60_000,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb },
  });
}

/** Runs a named export of the pool's worker file under a time budget; budgets broken are WorkerBudgetError. */
export async function runOn<T>(pool: Piscina, name: string, input: unknown, timeoutMs: number, transferList?: Transferable[]): Promise<T> {
  try {
    return (await pool.run(input, { name, signal: AbortSignal.timeout(timeoutMs), ...(transferList ? { transferList: transferList as never } : {}) })) as T;
  } catch (e) {
    const err = e as { name?: string; code?: string };
    if (err?.name === 'AbortError' || err?.name === 'TimeoutError') throw new WorkerBudgetError('time');
    if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerBudgetError('memory');
    throw e;
  }
}

let shared: Piscina | undefined;

type TaskName = keyof typeof Tasks;
type TaskInput<K extends TaskName> = Parameters<(typeof Tasks)[K]>[0];
type TaskResult<K extends TaskName> = Awaited<ReturnType<(typeof Tasks)[K]>>;

/** Runs one of tasks.ts's exports in the shared pool; `transfer` moves ports (or buffers) to the worker. */
export function runInWorker<K extends TaskName>(task: K, input: TaskInput<K>, opts: { timeoutMs: number; transfer?: Transferable[] }): Promise<TaskResult<K>> {
  shared ??= createPool(new URL('./entry.mjs', import.meta.url));
  return runOn<TaskResult<K>>(shared, task, input, opts.timeoutMs, opts.transfer);
}

/** Stops the shared pool's workers (server shutdown); a later task starts a new pool. */
export async function closeWorkers(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.destroy();
}
