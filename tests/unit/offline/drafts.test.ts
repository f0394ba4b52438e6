// Drafts and the autosaved form on fake-indexeddb: the save rules, create-or-update by surveyId plus
// draftId, newest first, discard, and the 30-day clean-up.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../../src/offline/db';
import {
  DRAFT_KEEP_MS,
  checkDraft,
  clearAutosave,
  discardDraft,
  formKeyOf,
  getDraft,
  listDrafts,
  purgeOld,
  readAutosave,
  saveDraft,
  writeAutosave,
} from '../../../src/offline/drafts';

let db: OfflineDb;
let n = 0;
const T0 = Date.UTC(2026, 2, 1);
const base = {
  surveyId: 's1',
  draftId: null,
  draftTitle: 'Household 4',
  draftDescription: 'call back',
  renderedElementIds: ['q1'],
  formData: { q1: 'yes' },
};

beforeEach(() => {
  db = openOfflineDb(`drafts-test-${++n}`, { indexedDB, IDBKeyRange });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('draft rules', () => {
  it('needs an answer first, then a name, then a note of at most 100 characters', () => {
    expect(checkDraft({ draftTitle: '', draftDescription: '', answered: false })).toBe('noAnswer');
    expect(checkDraft({ draftTitle: '  ', draftDescription: '', answered: true })).toBe('nameRequired');
    expect(checkDraft({ draftTitle: 'a', draftDescription: 'x'.repeat(101), answered: true })).toBe('noteTooLong');
    expect(checkDraft({ draftTitle: 'a', draftDescription: 'x'.repeat(100), answered: true })).toBeUndefined();
  });
});

describe('drafts', () => {
  it('a new draft gets an id; saving again with it updates the same draft', async () => {
    const first = await saveDraft(db, base, T0, () => 'd-1');
    expect(first.draftId).toBe('d-1');
    await saveDraft(db, { ...base, draftId: 'd-1', draftTitle: 'Household 4b', formData: { q1: 'no' } }, T0 + 1);
    const all = await listDrafts(db, 's1');
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ draftTitle: 'Household 4b', formData: { q1: 'no' }, timestamp: T0 + 1 });
  });

  it('keeps a copy: later changes to the page state do not leak in', async () => {
    const form = { q1: 'yes' };
    await saveDraft(db, { ...base, formData: form }, T0, () => 'd-1');
    form.q1 = 'changed';
    expect((await getDraft(db, 's1', 'd-1'))?.formData).toEqual({ q1: 'yes' });
  });

  it('lists one survey, newest first, and discards', async () => {
    await saveDraft(db, base, T0, () => 'old');
    await saveDraft(db, base, T0 + 10, () => 'new');
    await saveDraft(db, { ...base, surveyId: 's2' }, T0 + 20, () => 'other');
    expect((await listDrafts(db, 's1')).map((d) => d.draftId)).toEqual(['new', 'old']);
    await discardDraft(db, 's1', 'new');
    expect((await listDrafts(db, 's1')).map((d) => d.draftId)).toEqual(['old']);
  });

  it('deletes drafts and autosaves untouched for 30 days', async () => {
    await saveDraft(db, base, T0, () => 'old');
    await saveDraft(db, base, T0 + DRAFT_KEEP_MS - 5, () => 'recent');
    await writeAutosave(db, {
      formKey: 'k',
      surveyId: 's1',
      savedAt: T0,
      submissionId: 'x',
      formData: {},
      files: {},
      renderedElementIds: [],
      draftId: null,
      draftTitle: '',
      draftDescription: '',
    });
    expect(await purgeOld(db, T0 + DRAFT_KEEP_MS + 1)).toBe(2);
    expect((await listDrafts(db, 's1')).map((d) => d.draftId)).toEqual(['recent']);
  });
});

describe('autosave', () => {
  it('one form in progress per survey, task and receiver', async () => {
    const key = formKeyOf('s1', 't1', null);
    expect(key).not.toBe(formKeyOf('s1', null, null));
    await writeAutosave(db, {
      formKey: key,
      surveyId: 's1',
      savedAt: T0,
      submissionId: 'sub-1',
      formData: { q1: 1 },
      files: {},
      renderedElementIds: [],
      draftId: null,
      draftTitle: '',
      draftDescription: '',
    });
    expect(await readAutosave(db, key)).toMatchObject({ submissionId: 'sub-1', formData: { q1: 1 } });
    await clearAutosave(db, key);
    expect(await readAutosave(db, key)).toBeUndefined();
  });
});
