// Sends what waits in the outbox, oldest first, one at a time. One sync at a time in the whole browser
// (a Web Lock across tabs, a promise within one), so two tabs never send the same entry at once; the
// idempotent submission id makes even that harmless, but it keeps the server's log clean.
import type { OfflineDb } from '../db';
import { classifyFailure, dueInOrder, type FailureVerdict } from './machine';
import type { OutboxRecord } from './machine';
import { applyEvent, markAged } from './store';

/** A send that started this long ago and never finished belongs to a tab that is gone. */
export const STALE_SENDING_MS = 150_000;
const LOCK_NAME = 'fieldsurvey-outbox-sync';

export interface SyncDeps {
  db: OfflineDb;
  /** Sends one record; resolves when the server confirmed, throws an ApiError-like value otherwise. */
  send: (record: OutboxRecord) => Promise<void>;
  now?: () => number;
}

export interface SyncResult {
  sent: number;
  failed: number;
  refused: number;
  /** Another sync held the lock; this one did nothing. */
  skipped: boolean;
}

interface ErrorLike {
  kind: 'network' | 'timeout' | 'http';
  status: number;
  message: string;
  errors?: string[];
}

const isErrorLike = (e: unknown): e is ErrorLike =>
  typeof e === 'object' &&
  e !== null &&
  'kind' in e &&
  'status' in e &&
  ['network', 'timeout', 'http'].includes(String((e as ErrorLike).kind));

/** An unexpected exception (a bug, storage trouble) is treated as a failure to try again, never as a refusal. */
export function verdictOf(err: unknown): FailureVerdict {
  if (isErrorLike(err)) return classifyFailure(err);
  return { type: 'failed', problem: { kind: 'server', status: 0, message: err instanceof Error ? err.message : String(err), errors: [] } };
}

type Lock = <T>(fn: () => Promise<T>) => Promise<T | undefined>;

/** navigator.locks when the browser has it (all current ones); otherwise the in-page guard is enough. */
function browserLock(): Lock {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return (fn) => fn();
  return <T>(fn: () => Promise<T>) =>
    locks.request(LOCK_NAME, { ifAvailable: true }, (lock): Promise<T | undefined> =>
      lock ? fn() : Promise.resolve(undefined),
    ) as Promise<T | undefined>;
}

async function run(deps: SyncDeps, ignoreBackoff: boolean): Promise<SyncResult> {
  const { db, send } = deps;
  const now = deps.now ?? Date.now;
  const result: SyncResult = { sent: 0, failed: 0, refused: 0, skipped: false };
  for (const r of await db.outbox.where('state').equals('sending').toArray()) {
    if (now() - (r.lastAttemptAt ?? 0) > STALE_SENDING_MS) await applyEvent(db, r.id, { type: 'interrupted' }, now());
  }
  await markAged(db, now());
  const due = dueInOrder(await db.outbox.toArray(), now(), ignoreBackoff);
  for (const candidate of due) {
    const sending = await applyEvent(db, candidate.id, { type: 'send' }, now());
    if (!sending) continue; // removed or taken meanwhile
    try {
      await send(sending);
      await applyEvent(db, sending.id, { type: 'confirmed' }, now());
      result.sent++;
    } catch (err) {
      const verdict = verdictOf(err);
      await applyEvent(db, sending.id, verdict, now());
      if (verdict.type === 'refused') result.refused++;
      else {
        result.failed++;
        // No connection: the others would fail the same way; wait for the network instead.
        if (verdict.problem.kind === 'network' || verdict.problem.kind === 'timeout') break;
      }
    }
  }
  return result;
}

/** Builds the sync function of one database: concurrent calls share the running sync. */
export function createSync(deps: SyncDeps, lock: Lock = browserLock()) {
  let running: Promise<SyncResult> | undefined;
  return (opts: { ignoreBackoff?: boolean } = {}): Promise<SyncResult> => {
    running ??= lock(() => run(deps, opts.ignoreBackoff ?? false))
      .then((r) => r ?? { sent: 0, failed: 0, refused: 0, skipped: true })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}
