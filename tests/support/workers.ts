// How many test files run at once. Unit and API files are busy on the processor: one per core (vitest's
// own default keeps one core free, which on a 2-core machine is one file at a time). A browser file spends
// most of its time waiting on the page (one file alone keeps about a third of a 2-core machine busy), so
// browser files run two per core, each worker with its own server (tests/e2e/global-setup.ts).
import { availableParallelism } from 'node:os';

const cores = availableParallelism();

export const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? cores));
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2 * cores));
