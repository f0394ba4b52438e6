// A submission from the fill page, written to the outbox before it is sent: if the tab dies during a
// 120-second wait on a bad network, the answers are still on the device and go out later. The entry
// leaves the outbox when the server confirms; a network failure, a timeout or a 5xx leaves it queued.
// A refusal (4xx) while the respondent is looking is the page's to show on the form: nothing is kept.
import type { OfflineDb } from './db';
import type { OutboxRecord } from './outbox/machine';
import { sendRecord, type SubmitAnswer } from './outbox/send';
import { applyEvent, enqueue, removeEntry, type NewOutboxEntry } from './outbox/store';
import { verdictOf } from './outbox/sync';

export type SubmitOutcome = ({ status: 'sent' } & SubmitAnswer) | { status: 'queued'; record: OutboxRecord };

export interface SubmitDeps {
  db: OfflineDb;
  /** What the online probe last said; known offline skips the attempt and queues at once. */
  online: boolean;
  now?: () => number;
  send?: (entry: NewOutboxEntry) => Promise<SubmitAnswer>;
}

/** Resolves 'sent' or 'queued'; rethrows the server's refusal (an ApiError with its messages). */
export async function submitThroughOutbox(deps: SubmitDeps, entry: NewOutboxEntry): Promise<SubmitOutcome> {
  const now = deps.now ?? Date.now;
  const send = deps.send ?? sendRecord;
  if (!deps.online) return { status: 'queued', record: (await enqueue(deps.db, entry, now(), 'queued')).record };
  const { record, created } = await enqueue(deps.db, entry, now(), 'sending');
  if (!created) {
    // Already in the outbox under this id (a double tap): the outbox owns it now.
    return { status: 'queued', record };
  }
  try {
    const answer = await send(entry);
    await applyEvent(deps.db, entry.id, { type: 'confirmed' }, now());
    return { status: 'sent', ...answer };
  } catch (err) {
    const verdict = verdictOf(err);
    if (verdict.type === 'failed') {
      const queued = await applyEvent(deps.db, entry.id, verdict, now());
      return { status: 'queued', record: queued ?? record };
    }
    await removeEntry(deps.db, entry.id);
    throw err;
  }
}
