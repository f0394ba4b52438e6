// The offline database without Dexie, on fake-indexeddb: what a phone kept under Dexie (its
// version 2: drafts, a queued submission, an autosaved form) opens with its data and indexes, a change
// made in one transaction is undone whole when part of it fails, and a live list follows the writes.
import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import { liveQuery, openOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { clearAutosave, listDrafts, purgeOld, readAutosave } from '../../../src/offline/drafts';
import { newRecord } from '../../../src/offline/outbox/machine';
import { applyEvent, listOutbox, waitingCount } from '../../../src/offline/outbox/store';

let n = 0;
const opened: OfflineDb[] = [];
const open = (name: string) => {
  const db = openOfflineDb(name, { indexedDB, IDBKeyRange });
  opened.push(db);
  return db;
};
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

const T0 = Date.UTC(2026, 2, 1);
const draft = (draftId: string, outboxId: string | null, timestamp = T0) => ({
  surveyId: 's1',
  draftId,
  draftTitle: `Household ${draftId}`,
  draftDescription: '',
  timestamp,
  renderedElementIds: [],
  formData: { q1: draftId },
  files: {},
  outboxId,
});
const record = (id: string, createdAt = T0) => ({
  ...newRecord({ id, surveyId: 's1', title: 'Demo', entries: [['submission.id', id]], draftId: 'd2' }, createdAt),
});

it('opens what Dexie kept: drafts by survey, the outbox in order, the autosave, and the confirmed submission takes its draft along', async () => {
  const name = `idb-dexie-${++n}`;
  const old = new Dexie(name, { indexedDB, IDBKeyRange });
  old.version(1).stores({
    drafts: '[surveyId+draftId], surveyId, timestamp, outboxId',
    outbox: 'id, state, createdAt, surveyId',
    autosave: 'formKey, savedAt',
    surveys: 'surveyId, cachedAt',
  });
  old.version(2).stores({ lists: 'key, savedAt' });
  await old.table('drafts').bulkPut([draft('d1', null), draft('d2', 'o1', T0 + 1)]);
  await old.table('outbox').bulkPut([record('o2', T0 + 5), record('o1', T0)]);
  await old.table('autosave').put({
    formKey: 's1||',
    surveyId: 's1',
    savedAt: T0,
    submissionId: 'x',
    formData: { q1: 'typed' },
    files: {},
    renderedElementIds: [],
    draftId: null,
    draftTitle: '',
    draftDescription: '',
  });
  old.close();

  const db = open(name);
  expect((await listDrafts(db, 's1')).map((d) => d.draftId)).toEqual(['d1']);
  expect((await listOutbox(db)).map((r) => r.id)).toEqual(['o1', 'o2']);
  expect((await readAutosave(db, 's1||'))?.formData).toEqual({ q1: 'typed' });
  await clearAutosave(db, 's1||');
  expect(await readAutosave(db, 's1||')).toBeUndefined();
  await applyEvent(db, 'o1', { type: 'send' }, T0 + 10);
  await applyEvent(db, 'o1', { type: 'confirmed' }, T0 + 11);
  expect(await waitingCount(db)).toBe(1);
  expect(await db.drafts.get(['s1', 'd2'])).toBeUndefined();
  // The 30-day clean-up goes by the timestamp index.
  expect(await purgeOld(db, T0 + 31 * 24 * 3600_000)).toBe(1);
  expect(await db.drafts.count()).toBe(0);
});

it('undoes the whole transaction when one of its calls fails', async () => {
  const db = open(`idb-tx-${++n}`);
  await db.outbox.add(record('o1'));
  await expect(
    db.transaction(['outbox', 'drafts'], async (tx) => {
      await tx.drafts.put(draft('d9', 'o1'));
      await tx.outbox.add(record('o1'));
    }),
  ).rejects.toThrow();
  expect(await db.drafts.count()).toBe(0);
  expect(await db.outbox.count()).toBe(1);
});

it('a live list is answered at once and again after each write', async () => {
  const db = open(`idb-live-${++n}`);
  const seen: number[] = [];
  const stop = liveQuery(
    db,
    () => db.outbox.count(),
    (v) => seen.push(v),
  );
  await expect.poll(() => seen).toEqual([0]);
  await db.outbox.add(record('o1'));
  await expect.poll(() => seen).toEqual([0, 1]);
  stop();
  await db.outbox.add(record('o2'));
  await new Promise((r) => setTimeout(r, 20));
  expect(seen).toEqual([0, 1]);
});
