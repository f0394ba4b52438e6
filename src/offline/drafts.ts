// Drafts (spec 001 "Draft", "Drafts", "Submit and draft rules"): kept on this device, created or updated
// by surveyId plus draftId, deleted after 30 days, removed once their submission is confirmed.
import type { AutosaveRecord, DraftRecord, OfflineDb } from './db';

export const DRAFT_NOTE_MAX = 100;
export const DRAFT_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export type DraftProblem = 'noAnswer' | 'nameRequired' | 'noteTooLong';

/**
 * The save rules: an answer other than note, calculate or hidden (the page decides that with the
 * engine's hasAnyAnswer), a name, a note of at most 100 characters. The first broken rule, or none.
 */
export function checkDraft(input: { draftTitle: string; draftDescription: string; answered: boolean }): DraftProblem | undefined {
  if (!input.answered) return 'noAnswer';
  if (input.draftTitle.trim() === '') return 'nameRequired';
  if (input.draftDescription.length > DRAFT_NOTE_MAX) return 'noteTooLong';
  return undefined;
}

export interface DraftInput {
  surveyId: string;
  /** The draft being edited; a new one gets a generated id. */
  draftId: string | null;
  draftTitle: string;
  draftDescription: string;
  renderedElementIds: readonly string[];
  formData: unknown;
  files?: DraftRecord['files'];
}

const newId = (): string => crypto.randomUUID();

export async function saveDraft(db: OfflineDb, input: DraftInput, now: number, makeId: () => string = newId): Promise<DraftRecord> {
  const record: DraftRecord = {
    surveyId: input.surveyId,
    draftId: input.draftId ?? makeId(),
    draftTitle: input.draftTitle.trim(),
    draftDescription: input.draftDescription,
    timestamp: now,
    renderedElementIds: [...input.renderedElementIds],
    // A plain copy: what is stored must not change when the page's state changes afterwards.
    formData: structuredClone(input.formData),
    files: structuredClone(input.files ?? {}),
    outboxId: null,
  };
  await db.drafts.put(record);
  return record;
}

/** The survey's drafts, newest first; those whose submission waits in the outbox are not offered. */
export async function listDrafts(db: OfflineDb, surveyId: string): Promise<DraftRecord[]> {
  const all = await db.drafts.where('surveyId').equals(surveyId).toArray();
  return all.filter((d) => !d.outboxId).sort((a, b) => b.timestamp - a.timestamp);
}

export function getDraft(db: OfflineDb, surveyId: string, draftId: string): Promise<DraftRecord | undefined> {
  return db.drafts.get([surveyId, draftId]);
}

export async function discardDraft(db: OfflineDb, surveyId: string, draftId: string): Promise<void> {
  await db.drafts.delete([surveyId, draftId]);
}

/**
 * Deletes drafts and autosaved forms untouched for 30 days (spec 001 section 9). A draft whose
 * submission waits in the outbox is left alone: the outbox decides its fate.
 */
export async function purgeOld(db: OfflineDb, now: number): Promise<number> {
  const cutoff = now - DRAFT_KEEP_MS;
  const drafts = await db.drafts
    .where('timestamp')
    .below(cutoff)
    .filter((d) => !d.outboxId)
    .delete();
  const autosaved = await db.autosave.where('savedAt').below(cutoff).delete();
  return drafts + autosaved;
}

// ---- the form in progress ---------------------------------------------------------------------

export const formKeyOf = (surveyId: string, taskId?: string | null, receiverId?: string | null): string =>
  [surveyId, taskId ?? '', receiverId ?? ''].join('|');

export async function writeAutosave(db: OfflineDb, record: AutosaveRecord): Promise<void> {
  await db.autosave.put({ ...record, formData: structuredClone(record.formData), files: structuredClone(record.files) });
}

export function readAutosave(db: OfflineDb, formKey: string): Promise<AutosaveRecord | undefined> {
  return db.autosave.get(formKey);
}

export async function clearAutosave(db: OfflineDb, formKey: string): Promise<void> {
  await db.autosave.delete(formKey);
}
