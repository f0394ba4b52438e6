// The worker threads' entry (pool.ts). The server runs TypeScript through tsx; a worker thread started
// under `tsx` inherits its loader through execArgv, but one started from another host (vitest, a
// benchmark) does not, so the loader is registered here when it is missing, before the tasks load.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./tasks.ts');

export const readSheets = (input) => tasks.readSheets(input);
export const convertXlsForm = (input) => tasks.convertXlsForm(input);
export const checkSubmission = (input) => tasks.checkSubmission(input);
export const writeExport = (input) => tasks.writeExport(input);
