// The offline database as the pages reach it: ./db.ts (27 KiB brotli with Dexie, now about 1.6) is not on
// the fill page's critical path. On a survey's address it loads once the form is on screen (the
// `fieldsurvey:interactive` event, or 20 s), so it never competes with a respondent's first visit on a
// slow link; elsewhere on first use. Whatever asks before then (an autosave, the outbox sync) waits.
// Tests open their own database through ./db's openOfflineDb.
import { afterFillInteractive } from '../app/fillInteractive';
import type * as Db from './db';
import type { OfflineDb } from './db';

let loading: Promise<typeof Db> | undefined;

/** The database module, loaded once. */
export function offlineModule(): Promise<typeof Db> {
  loading ??= afterFillInteractive().then(() => import('./db'));
  return loading;
}

/** The app's database, once its module has loaded. */
export function offlineDatabase(): Promise<OfflineDb> {
  return offlineModule().then((m) => m.offlineDb());
}
