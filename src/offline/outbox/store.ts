// The outbox in IndexedDB: every change reads the record, applies the pure transition and writes it back
// in one transaction, so two tabs never interleave half-changes. A record leaves only through confirm()
// (the server said yes) or through remove() (the user asked, after being told to export first).
import type { OfflineDb } from '../db';
import { newRecord, transition, type OutboxEvent, type OutboxRecord } from './machine';

export type NewOutboxEntry = Pick<OutboxRecord, 'id' | 'surveyId' | 'title' | 'entries' | 'draftId'>;

/**
 * Puts a submission in the outbox. The same id twice keeps the first record (the one already being
 * handled) and says it was not created. The draft it came from is hidden from the drafts list until the server
 * confirms, so the same answers are never submitted twice under two ids.
 */
export async function enqueue(
  db: OfflineDb,
  entry: NewOutboxEntry,
  now: number,
  state: 'queued' | 'sending' = 'queued',
): Promise<{ record: OutboxRecord; created: boolean }> {
  return db.transaction(['outbox', 'drafts'], async (tx) => {
    const existing = await tx.outbox.get(entry.id);
    if (existing) return { record: existing, created: false };
    const base = newRecord(entry, now);
    const record: OutboxRecord = state === 'sending' ? { ...base, state: 'sending', attempts: 1, lastAttemptAt: now } : base;
    await tx.outbox.add(record);
    if (entry.draftId) await tx.drafts.update([entry.surveyId, entry.draftId], { outboxId: entry.id });
    return { record, created: true };
  });
}

/** Applies an event; undefined when the record is gone or the event is not allowed in its state. */
export async function applyEvent(db: OfflineDb, id: string, event: OutboxEvent, now: number): Promise<OutboxRecord | undefined> {
  return db.transaction(['outbox', 'drafts'], async (tx) => {
    const current = await tx.outbox.get(id);
    if (!current) return undefined;
    const next = transition(current, event, now);
    if (!next) return undefined;
    if (next.state === 'sent') {
      // Confirmed: the server holds it now. The entry and its draft go together.
      await tx.outbox.delete(id);
      await tx.drafts.where('outboxId').equals(id).delete();
      return next;
    }
    await tx.outbox.put(next);
    // Refused: the draft comes back into the list so the answers can be corrected and sent again.
    if (next.state === 'attention') await tx.drafts.where('outboxId').equals(id).modify({ outboxId: null });
    return next;
  });
}

export async function listOutbox(db: OfflineDb): Promise<OutboxRecord[]> {
  return db.outbox.orderBy('createdAt').toArray();
}

/** What waits for the server: everything in the outbox (sent records are deleted on confirmation). */
export async function waitingCount(db: OfflineDb): Promise<number> {
  return db.outbox.count();
}

/** Removed on the user's explicit request only; its draft, if any, becomes visible again. */
export async function removeEntry(db: OfflineDb, id: string): Promise<void> {
  await db.transaction(['outbox', 'drafts'], async (tx) => {
    await tx.outbox.delete(id);
    await tx.drafts.where('outboxId').equals(id).modify({ outboxId: null });
  });
}

/** The user asked for another try of an entry needing attention: due now, attempts start over. */
export async function retryEntry(db: OfflineDb, id: string, now: number): Promise<OutboxRecord | undefined> {
  return applyEvent(db, id, { type: 'retry' }, now);
}

/** Marks the entries kept longer than the spec's 30 days; answers how many changed. */
export async function markAged(db: OfflineDb, now: number): Promise<number> {
  let changed = 0;
  for (const r of await db.outbox.where('state').equals('queued').toArray()) {
    if (await applyEvent(db, r.id, { type: 'age' }, now)) changed++;
  }
  return changed;
}
