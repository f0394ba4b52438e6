// React bindings of the offline state: live IndexedDB queries (re-run after writes in this tab and in
// others), the polled connection with its notices, and the outbox counts. The database module comes
// through ../database.ts; on a survey's address the queries (the drafts behind their button, the outbox's
// counts) start once the form has settled (afterFillSettled); until then a query shows its initial value.
import { useEffect, useState, type DependencyList } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import { useSnapshot } from 'valtio';
import { notify } from '../../app/toaster';
import { afterFillSettled } from '../../app/fillInteractive';
import { offlineModule } from '../database';
import type { OfflineDb } from '../db';
import { needsAttention } from '../outbox/machine';
import { connection, onConnectionChange, watchConnection } from '../online';

/** The current answer of an IndexedDB query, re-run whenever what it read changes. */
export function useLive<T>(query: (db: OfflineDb) => Promise<T>, deps: DependencyList, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void afterFillSettled()
      .then(offlineModule)
      .then(({ liveQuery, offlineDb }) => {
        if (!live) return;
        const db = offlineDb();
        stop = liveQuery(db, () => query(db), setValue);
      });
    return () => {
      live = false;
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}

/**
 * Polls the server every 5 seconds while mounted; answers whether it is reachable. With notices (the
 * one indicator on the page asks for them), says 'We are offline now.' / 'We are back online.'.
 */
export function useConnection(notices = false): boolean {
  const { t } = useTranslation();
  const snap = useSnapshot(connection);
  useEffect(() => {
    // Until the first probe the browser's own opinion holds; on a survey's address the probe waits for the
    // form to settle, as the other chores do.
    let stop = (): void => undefined;
    let live = true;
    void afterFillSettled().then(() => {
      if (live) stop = watchConnection();
    });
    const off = notices
      ? onConnectionChange((online) =>
          online ? notify('success', t('offline.notices.backOnline')) : notify('warning', t('offline.notices.wentOffline')),
        )
      : () => undefined;
    return () => {
      live = false;
      off();
      stop();
    };
  }, [t, notices]);
  return snap.online;
}

export interface OutboxCounts {
  waiting: number;
  attention: number;
  /** false until IndexedDB answered the first time. */
  loaded: boolean;
}

export function useOutboxCounts(): OutboxCounts {
  return useLive<OutboxCounts>(
    async (db) => {
      const all = await db.outbox.toArray();
      return { waiting: all.length, attention: all.filter(needsAttention).length, loaded: true };
    },
    [],
    { waiting: 0, attention: 0, loaded: false },
  );
}
