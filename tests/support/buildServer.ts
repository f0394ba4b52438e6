// Global set-up of the API suites: the worker threads (exports, workbook imports, large re-validations)
// run the compiled server, as in production (server/paths.ts), so it is built first when it is missing or
// older than its sources (build/start.mjs; about a second of esbuild).
import { ensureBuilt } from '../../build/start.mjs';

export default function setup(): void {
  ensureBuilt(['server'], (m) => console.log(m));
}
