// The offline side of the app, started once from main.tsx: the service worker and its notices, and the
// outbox sync - when the page opens, when the network returns, and on a timer for entries waiting out a
// backoff. Every page runs it, so a collector who opens any screen of the app sends what waits.
import { texts } from '../../widgets/runtime/texts';
import { notify } from '../app/toaster';
import { afterFillSettled } from '../app/fillInteractive';
import { offlineDatabase } from './database';
import { purgeOld } from './drafts';
import { OUTBOX_SENT_EVENT } from './events';
import { onConnectionChange } from './online';
import { sendRecord } from './outbox/send';
import { createSync, type SyncResult } from './outbox/sync';
import { registerServiceWorker } from './register';
import type { WorkerMessage } from './sw/contract';

const SYNC_TICK_MS = 10_000;
const t = (key: string) => texts.t(key);

let sync: ((opts?: { ignoreBackoff?: boolean }) => Promise<SyncResult>) | undefined;

function report(r: SyncResult): SyncResult {
  if (r.sent > 0) {
    notify('success', t('offline.notices.synced'));
    // A sent task submission completed its task on the server: /mytasks shows it without a reload.
    window.dispatchEvent(new Event(OUTBOX_SENT_EVENT));
  }
  if (r.refused > 0) notify('warning', t('offline.outbox.refusedToast'));
  return r;
}

/** Sends what is due now; the user's "Send now" and the network's return skip the backoff. */
export async function syncNow(ignoreBackoff = true): Promise<SyncResult> {
  const db = await offlineDatabase();
  sync ??= createSync({ db, send: async (r) => void (await sendRecord(r)) });
  return report(await sync({ ignoreBackoff }));
}

// The page's notices for the worker's messages, once per survey and page.
const told = new Set<string>();
function onWorkerMessage(m: WorkerMessage): void {
  const key = `${m.type}:${m.surveyId}`;
  if (told.has(key)) return;
  told.add(key);
  if (m.type === 'fieldsurvey:cached-data') notify('info', t('offline.notices.cachedData'));
  else notify('info', t('offline.notices.surveyUpdated'), t('offline.notices.surveyUpdatedHint'));
}

let started = false;

export function startOffline(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  registerServiceWorker(onWorkerMessage);
  // Nothing here is urgent: on a survey's address it waits until the respondent's first taps are served.
  void afterFillSettled()
    .then(offlineDatabase)
    .then((db) => purgeOld(db, Date.now()))
    .catch(() => undefined);
  const run = (ignoreBackoff: boolean) => {
    void afterFillSettled()
      .then(offlineDatabase)
      .then((db) => db.outbox.count())
      .then((n) => (n > 0 ? syncNow(ignoreBackoff) : undefined))
      .catch(() => undefined);
  };
  run(true);
  window.addEventListener('online', () => run(true));
  onConnectionChange((online) => online && run(true));
  setInterval(() => run(false), SYNC_TICK_MS);
}
