// The outbox file: what an export holds, what an import accepts, and that importing on top of an outbox
// never duplicates an entry.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { newRecord } from '../../../src/offline/outbox/machine';
import { dataUrlToBlob, toFormData } from '../../../src/offline/outbox/send';
import { enqueue, listOutbox } from '../../../src/offline/outbox/store';
import { exportFileName, importRecords, parseOutbox, serializeOutbox } from '../../../src/offline/outbox/transfer';

let db: OfflineDb;
let n = 0;
const T0 = Date.UTC(2026, 4, 2, 9, 5);
const photo = { fileName: 'roof.png', contentType: 'image/png', uri: 'data:image/png;base64,iVBORw0KGgo=' };
const record = (id: string) =>
  newRecord(
    {
      id,
      surveyId: 's1',
      title: 'Demo',
      entries: [
        ['submission.id', id],
        ['answers[0].answerDetail.answerFiles[0]', photo],
      ],
      draftId: 'd1',
    },
    T0,
  );

beforeEach(() => {
  db = openOfflineDb(`transfer-test-${++n}`, { indexedDB, IDBKeyRange });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('outbox file', () => {
  it('round-trips the entries, files included, without the device-local draft link', () => {
    const parsed = parseOutbox(
      serializeOutbox(
        [record('a'), { ...record('b'), state: 'attention', problem: { kind: 'refused', status: 400, message: 'no', errors: [] } }],
        T0,
      ),
    );
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.rejected).toBe(0);
    expect(parsed.records[0]).toMatchObject({ id: 'a', state: 'queued', draftId: null, entries: record('a').entries });
    expect(parsed.records[1]).toMatchObject({ id: 'b', state: 'attention', problem: { message: 'no' } });
  });

  it('refuses a file that is not an outbox and skips entries that are not submissions', () => {
    expect(parseOutbox('not json')).toEqual({ error: 'notAnOutbox' });
    expect(parseOutbox(JSON.stringify({ format: 'other', version: 1, entries: [] }))).toEqual({ error: 'notAnOutbox' });
    expect(parseOutbox(JSON.stringify({ format: 'fieldsurvey-outbox', version: 99, entries: [] }))).toEqual({ error: 'notAnOutbox' });
    const mixed = parseOutbox(
      JSON.stringify({
        format: 'fieldsurvey-outbox',
        version: 1,
        entries: [record('a'), { id: 'x' }, { ...record('y'), entries: [['a', 1]] }],
      }),
    );
    expect(mixed).toMatchObject({ rejected: 2, records: [{ id: 'a' }] });
  });

  it('importing adds only what is missing', async () => {
    await enqueue(db, { id: 'a', surveyId: 's1', title: 'Demo', entries: [], draftId: null }, T0);
    const parsed = parseOutbox(serializeOutbox([record('a'), record('b')], T0));
    if ('error' in parsed) throw new Error(parsed.error);
    expect(await importRecords(db, parsed.records)).toEqual({ added: 1, present: 1 });
    expect(await importRecords(db, parsed.records)).toEqual({ added: 0, present: 2 });
    expect((await listOutbox(db)).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('names the file after the moment of export', () => {
    expect(exportFileName(new Date(2026, 4, 2, 9, 5).getTime())).toBe('fieldsurvey-outbox-2026-05-02-0905.json');
  });
});

describe('multipart rebuilt from a record', () => {
  it('decodes data URLs into file parts with their names', async () => {
    const blob = dataUrlToBlob(photo.uri);
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const form = await toFormData(record('a').entries);
    expect(form.get('submission.id')).toBe('a');
    const file = form.get('answers[0].answerDetail.answerFiles[0]') as File;
    expect(file.name).toBe('roof.png');
    expect(file.size).toBe(8);
  });

  it('decodes plain (not base64) data URLs', async () => {
    expect(await dataUrlToBlob('data:text/plain,hello%20there').text()).toBe('hello there');
  });
});
