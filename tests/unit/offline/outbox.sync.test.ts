// The outbox in IndexedDB (fake-indexeddb) driven by the sync loop with a scripted server: what leaves,
// what stays, in which order, and what happens to the drafts the submissions came from.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { listDrafts, saveDraft } from '../../../src/offline/drafts';
import { OUTBOX_KEEP_MS, type OutboxRecord } from '../../../src/offline/outbox/machine';
import { applyEvent, enqueue, listOutbox, removeEntry, retryEntry, waitingCount } from '../../../src/offline/outbox/store';
import { STALE_SENDING_MS, createSync } from '../../../src/offline/outbox/sync';

let db: OfflineDb;
let clock: number;
let n = 0;
const now = () => clock;
const noLock = <T>(fn: () => Promise<T>) => fn();

type Reply = 'ok' | 'network' | 'timeout' | 500 | 400 | 409;
const fail = (r: Exclude<Reply, 'ok'>) =>
  typeof r === 'number'
    ? { kind: 'http', status: r, message: `status ${r}`, errors: r === 400 ? ['Age is required'] : [] }
    : { kind: r, status: 0, message: 'Check your internet connection' };

/** A server that answers from a script per submission id and records what reached it. */
function server(script: Record<string, Reply[]> = {}) {
  const received: string[] = [];
  const stored = new Set<string>();
  const send = async (r: OutboxRecord) => {
    const reply = script[r.id]?.shift() ?? 'ok';
    if (reply !== 'ok') throw fail(reply);
    received.push(r.id);
    stored.add(r.id); // idempotent by id: a resend stores nothing new
  };
  return { send, received, stored };
}

const entry = (id: string, draftId: string | null = null) => ({
  id,
  surveyId: 'survey-1',
  title: 'Demo',
  entries: [['submission.id', id]] as [string, string][],
  draftId,
});

beforeEach(() => {
  db = openOfflineDb(`outbox-test-${++n}`, { indexedDB, IDBKeyRange });
  clock = Date.UTC(2026, 0, 1);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('sync', () => {
  it('sends the oldest first and empties the outbox once the server confirmed', async () => {
    const srv = server();
    for (const id of ['b', 'a', 'c']) {
      clock += 1000;
      await enqueue(db, entry(id), clock);
    }
    const result = await createSync({ db, send: srv.send, now }, noLock)();
    expect(srv.received).toEqual(['b', 'a', 'c']);
    expect(result).toMatchObject({ sent: 3, failed: 0, refused: 0 });
    expect(await waitingCount(db)).toBe(0);
  });

  it('keeps everything when the network is down and stops after the first failure', async () => {
    const srv = server({ a: ['network'] });
    await enqueue(db, entry('a'), clock - 2);
    await enqueue(db, entry('b'), clock - 1);
    const result = await createSync({ db, send: srv.send, now }, noLock)();
    expect(result).toMatchObject({ sent: 0, failed: 1 });
    const [a, b] = await listOutbox(db);
    expect(a).toMatchObject({ id: 'a', state: 'queued', attempts: 1, problem: { kind: 'network' } });
    expect(b).toMatchObject({ id: 'b', state: 'queued', attempts: 0 });
  });

  it('waits out the backoff, unless the network just came back', async () => {
    const srv = server({ a: ['timeout', 500] });
    await enqueue(db, entry('a'), clock);
    const sync = createSync({ db, send: srv.send, now }, noLock);
    await sync();
    clock += 1000;
    expect(await sync()).toMatchObject({ sent: 0, failed: 0 }); // not due yet
    expect(await sync({ ignoreBackoff: true })).toMatchObject({ failed: 1 }); // the 500
    clock += 60_000;
    expect(await sync()).toMatchObject({ sent: 1 });
    expect(srv.stored.has('a')).toBe(true);
  });

  it('a 5xx on one entry does not hold back the next', async () => {
    const srv = server({ a: [500] });
    await enqueue(db, entry('a'), clock);
    await enqueue(db, entry('b'), clock - 1);
    expect(await createSync({ db, send: srv.send, now }, noLock)()).toMatchObject({ sent: 1, failed: 1 });
    expect((await listOutbox(db)).map((r) => [r.id, r.state])).toEqual([['a', 'queued']]);
  });

  it('a refusal needs attention, keeps the message and is not retried by itself', async () => {
    const srv = server({ a: [400] });
    await enqueue(db, entry('a'), clock);
    const sync = createSync({ db, send: srv.send, now }, noLock);
    await sync();
    clock += OUTBOX_KEEP_MS / 2;
    expect(await sync({ ignoreBackoff: true })).toMatchObject({ sent: 0, failed: 0, refused: 0 });
    expect(await listOutbox(db)).toMatchObject([
      { id: 'a', state: 'attention', problem: { kind: 'refused', status: 400, errors: ['Age is required'] } },
    ]);
    // The user fixed things on the server side and asked again.
    await retryEntry(db, 'a', clock);
    expect(await sync()).toMatchObject({ sent: 1 });
  });

  it('marks entries older than 30 days as expired, never deletes them, and still sends them', async () => {
    const srv = server({ a: ['network'] });
    await enqueue(db, entry('a'), clock);
    clock += OUTBOX_KEEP_MS + 1;
    const sync = createSync({ db, send: srv.send, now }, noLock);
    await sync();
    expect(await listOutbox(db)).toMatchObject([{ id: 'a', state: 'expired' }]);
    clock += 60_000;
    expect(await sync()).toMatchObject({ sent: 1 });
    expect(await waitingCount(db)).toBe(0);
  });

  it('recovers a send left half-way by a closed tab', async () => {
    const srv = server();
    await enqueue(db, entry('a'), clock, 'sending');
    const sync = createSync({ db, send: srv.send, now }, noLock);
    expect(await sync()).toMatchObject({ sent: 0 }); // could still be in flight in another tab
    clock += STALE_SENDING_MS + 1;
    expect(await sync()).toMatchObject({ sent: 1 });
  });

  it('the same id queued twice is one entry, and a confirmation of a record not being sent changes nothing', async () => {
    await enqueue(db, entry('a'), clock);
    await enqueue(db, { ...entry('a'), title: 'other' }, clock + 5);
    expect(await listOutbox(db)).toMatchObject([{ id: 'a', title: 'Demo' }]);
    expect(await applyEvent(db, 'a', { type: 'confirmed' }, clock)).toBeUndefined();
    expect(await waitingCount(db)).toBe(1);
  });

  it('concurrent syncs share one run: each entry reaches the server once', async () => {
    const srv = server();
    await enqueue(db, entry('a'), clock);
    const sync = createSync({ db, send: srv.send, now }, noLock);
    await Promise.all([sync(), sync(), sync()]);
    expect(srv.received).toEqual(['a']);
  });

  it('reports a skipped run when another tab holds the lock', async () => {
    const held = async <T>(_fn: () => Promise<T>): Promise<T | undefined> => undefined;
    expect(await createSync({ db, send: server().send, now }, held)()).toMatchObject({ skipped: true });
  });
});

describe('drafts and the outbox', () => {
  it('a queued draft is hidden, comes back if refused, and is removed once confirmed', async () => {
    const d = await saveDraft(
      db,
      { surveyId: 'survey-1', draftId: null, draftTitle: 'House 12', draftDescription: '', renderedElementIds: [], formData: { age: 3 } },
      clock,
    );
    await enqueue(db, entry('a', d.draftId), clock);
    expect(await listDrafts(db, 'survey-1')).toEqual([]);

    await createSync({ db, send: server({ a: [400] }).send, now }, noLock)();
    expect((await listDrafts(db, 'survey-1')).map((x) => x.draftTitle)).toEqual(['House 12']);

    await enqueue(db, entry('b', d.draftId), clock);
    await createSync({ db, send: server().send, now }, noLock)();
    expect(await db.drafts.count()).toBe(0);
  });

  it('removing an entry by hand gives its draft back', async () => {
    const d = await saveDraft(
      db,
      { surveyId: 'survey-1', draftId: 'd1', draftTitle: 'x', draftDescription: '', renderedElementIds: [], formData: {} },
      clock,
    );
    await enqueue(db, entry('a', d.draftId), clock);
    await removeEntry(db, 'a');
    expect(await waitingCount(db)).toBe(0);
    expect(await listDrafts(db, 'survey-1')).toHaveLength(1);
  });
});
