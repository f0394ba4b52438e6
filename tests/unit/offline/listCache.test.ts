// The kept /mytasks list on fake-indexeddb: what is kept is read back with its date, per key; and a
// phone that still has the first version of the database keeps its drafts and outbox when the lists
// table is added (version 2).
import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { keepList, readList } from '../../../src/offline/listCache';

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

it('reads back the kept list with its date, the newest per key, and nothing for another key', async () => {
  const db = open(`lists-${++n}`);
  await keepList('mytasks|u1|all|1', { tasks: [1] }, 1000, db);
  await keepList('mytasks|u1|all|1', { tasks: [1, 2] }, 2000, db);
  expect(await readList('mytasks|u1|all|1', db)).toEqual({ data: { tasks: [1, 2] }, savedAt: 2000 });
  expect(await readList('mytasks|u2|all|1', db)).toBeUndefined();
});

it('keeps the first version of the database when the lists table is added', async () => {
  const name = `lists-upgrade-${++n}`;
  const v1 = new Dexie(name, { indexedDB, IDBKeyRange });
  v1.version(1).stores({
    drafts: '[surveyId+draftId], surveyId, timestamp, outboxId',
    outbox: 'id, state, createdAt, surveyId',
    autosave: 'formKey, savedAt',
    surveys: 'surveyId, cachedAt',
  });
  await v1.table('surveys').put({ surveyId: 's1', title: 'Kept', path: '/p', cachedAt: 1, version: 'v' });
  v1.close();
  const db = open(name);
  expect((await db.surveys.get('s1'))?.title).toBe('Kept');
  await keepList('k', [], 5, db);
  expect((await readList('k', db))?.savedAt).toBe(5);
});
