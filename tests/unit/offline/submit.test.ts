// A fill-page submission through the outbox: written before it is sent, gone once confirmed, kept on a
// network failure, not kept when the server refuses it while the respondent is looking.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { listDrafts, saveDraft } from '../../../src/offline/drafts';
import { listOutbox } from '../../../src/offline/outbox/store';
import { submitThroughOutbox } from '../../../src/offline/submit';

let db: OfflineDb;
let n = 0;
const T0 = Date.UTC(2026, 5, 1);
const entry = (draftId: string | null = null) => ({
  id: 'sub-1',
  surveyId: 's1',
  title: 'Demo',
  entries: [['submission.id', 'sub-1']] as [string, string][],
  draftId,
});
const ok = async () => ({ message: 'Survey submitted successfully.', data: { id: 'sub-1' } });

beforeEach(() => {
  db = openOfflineDb(`submit-test-${++n}`, { indexedDB, IDBKeyRange });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('submitThroughOutbox', () => {
  it('is in the outbox while it is on the wire, and gone with its draft once confirmed', async () => {
    await saveDraft(db, { surveyId: 's1', draftId: 'd1', draftTitle: 'x', draftDescription: '', renderedElementIds: [], formData: {} }, T0);
    let duringSend: string[] = [];
    const outcome = await submitThroughOutbox(
      {
        db,
        online: true,
        now: () => T0,
        send: async () => {
          duringSend = (await listOutbox(db)).map((r) => `${r.id}:${r.state}`);
          return ok();
        },
      },
      entry('d1'),
    );
    expect(duringSend).toEqual(['sub-1:sending']);
    expect(outcome).toEqual({ status: 'sent', message: 'Survey submitted successfully.', data: { id: 'sub-1' } });
    expect(await listOutbox(db)).toEqual([]);
    expect(await db.drafts.count()).toBe(0);
  });

  it('queues on a network failure, a timeout or a 5xx', async () => {
    for (const failure of [
      { kind: 'network', status: 0 },
      { kind: 'timeout', status: 0 },
      { kind: 'http', status: 503 },
    ]) {
      const outcome = await submitThroughOutbox(
        {
          db,
          online: true,
          now: () => T0,
          send: async () => {
            throw { ...failure, message: 'Check your internet connection' };
          },
        },
        { ...entry(), id: `sub-${failure.kind}-${failure.status}` },
      );
      expect(outcome.status).toBe('queued');
    }
    expect((await listOutbox(db)).map((r) => [r.state, r.attempts])).toEqual([
      ['queued', 1],
      ['queued', 1],
      ['queued', 1],
    ]);
  });

  it('known offline: queued at once, nothing sent', async () => {
    let sent = false;
    const outcome = await submitThroughOutbox({ db, online: false, now: () => T0, send: async () => ((sent = true), ok()) }, entry());
    expect(sent).toBe(false);
    expect(outcome).toMatchObject({ status: 'queued', record: { state: 'queued', attempts: 0 } });
  });

  it('a refusal is rethrown for the form to show, and nothing is kept; the draft stays', async () => {
    await saveDraft(db, { surveyId: 's1', draftId: 'd1', draftTitle: 'x', draftDescription: '', renderedElementIds: [], formData: {} }, T0);
    const refusal = { kind: 'http', status: 400, message: 'Error: Please make sure you have filled all the required fields.', errors: [] };
    await expect(
      submitThroughOutbox(
        {
          db,
          online: true,
          send: async () => {
            throw refusal;
          },
        },
        entry('d1'),
      ),
    ).rejects.toBe(refusal);
    expect(await listOutbox(db)).toEqual([]);
    expect(await listDrafts(db, 's1')).toHaveLength(1);
  });

  it('a second submit of the same id while the first waits does not send twice', async () => {
    await submitThroughOutbox({ db, online: false, now: () => T0, send: ok }, entry());
    let sent = 0;
    const again = await submitThroughOutbox({ db, online: true, now: () => T0, send: async () => (sent++, ok()) }, entry());
    expect(sent).toBe(0);
    expect(again.status).toBe('queued');
    expect(await listOutbox(db)).toHaveLength(1);
  });
});
