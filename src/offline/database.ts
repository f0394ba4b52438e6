// The offline database as the pages reach it: Dexie (about 30 KiB compressed) is not on the fill page's
// critical path (issue 22). On a survey's address it loads once the form is on screen (the
// `fieldsurvey:interactive` event, or 20 s), so it never competes with a respondent's first visit on a
// slow link; elsewhere on first use. Whatever asks before then (an autosave, the outbox sync) waits.
// Tests open their own database through ./db's openOfflineDb.
import { FILL_INTERACTIVE_EVENT } from './sw/contract';
import type { OfflineDb } from './db';

const FILL_WAIT_MS = 20_000;

let loading: Promise<typeof import('./db')> | undefined;

function formOnScreen(): Promise<void> {
  if (typeof window === 'undefined' || !window.location.pathname.toLowerCase().startsWith('/public-survey/')) return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener(FILL_INTERACTIVE_EVENT, () => setTimeout(resolve, 0), { once: true });
    setTimeout(resolve, FILL_WAIT_MS);
  });
}

/** Dexie's module, loaded once. */
export function offlineModule(): Promise<typeof import('./db')> {
  loading ??= formOnScreen().then(() => import('./db'));
  return loading;
}

/** The app's database, once Dexie has loaded. */
export function offlineDatabase(): Promise<OfflineDb> {
  return offlineModule().then((m) => m.offlineDb());
}
