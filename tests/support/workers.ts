// How many test files run at once: one per core (vitest's own default keeps one core free, which on a
// 2-core machine is one file at a time). The browser tests start one server per worker.
import { availableParallelism } from 'node:os';

export const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? availableParallelism()));
