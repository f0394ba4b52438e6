// The browser's own copy of what must never be lost: drafts, the outbox of submissions waiting for the
// server, the autosaved form in progress, and the list of surveys available offline. One IndexedDB
// database through Dexie. Tests open their own database on fake-indexeddb through openOfflineDb.
import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie';
import type { AnswerFile } from '../../engine/survey/index';
import type { OutboxRecord } from './outbox/machine';

// For ui/hooks.ts, which reaches Dexie only through this module (see database.ts).
export { liveQuery } from 'dexie';

/** A draft (spec 001 section 3 "Draft"): created or updated by surveyId plus draftId. */
export interface DraftRecord {
  surveyId: string;
  draftId: string;
  draftTitle: string;
  /** At most 100 characters. */
  draftDescription: string;
  /** Last saved, ms since the epoch. */
  timestamp: number;
  renderedElementIds: string[];
  /** The form's answers as the fill page keeps them (JSON-safe). */
  formData: unknown;
  /** The files the answers hold, by question key, when the page keeps them apart from formData. */
  files: Record<string, AnswerFile[]>;
  /** Set while a submission of this draft waits in the outbox: the draft is hidden, not duplicated. */
  outboxId: string | null;
}

/** The form in progress, saved as it is typed so a crash or a closed tab can be undone. */
export interface AutosaveRecord {
  /** The survey plus its task or receiver: one form in progress per place it is filled from. */
  formKey: string;
  surveyId: string;
  savedAt: number;
  submissionId: string;
  formData: unknown;
  files: Record<string, AnswerFile[]>;
  renderedElementIds: string[];
  /** The draft the form was loaded from, so a restore keeps updating that draft. */
  draftId: string | null;
  draftTitle: string;
  draftDescription: string;
}

/** A survey the service worker holds: it opens with no network. */
export interface CachedSurveyRecord {
  surveyId: string;
  title: string;
  /** The page it was opened at, to offer it again offline. */
  path: string;
  cachedAt: number;
  /** A fingerprint of the survey's data, to tell "This survey has been updated." */
  version: string;
}

/** A list a screen showed while online, kept to be shown again offline (a collector's /mytasks). */
export interface CachedListRecord {
  /** What the list is and whose: the screen, the user, the tab and page. */
  key: string;
  data: unknown;
  savedAt: number;
}

export class OfflineDb extends Dexie {
  drafts!: Table<DraftRecord, [string, string]>;
  outbox!: EntityTable<OutboxRecord, 'id'>;
  autosave!: EntityTable<AutosaveRecord, 'formKey'>;
  surveys!: EntityTable<CachedSurveyRecord, 'surveyId'>;
  lists!: EntityTable<CachedListRecord, 'key'>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      drafts: '[surveyId+draftId], surveyId, timestamp, outboxId',
      outbox: 'id, state, createdAt, surveyId',
      autosave: 'formKey, savedAt',
      surveys: 'surveyId, cachedAt',
    });
    // Version 2 only adds a table: Dexie keeps the data of version 1 as it is.
    this.version(2).stores({ lists: 'key, savedAt' });
  }
}

export const DB_NAME = 'fieldsurvey-offline';

export function openOfflineDb(name = DB_NAME, options?: DexieOptions): OfflineDb {
  return new OfflineDb(name, options);
}

let shared: OfflineDb | undefined;

/** The app's database, opened on first use (the admin screens never touch IndexedDB). */
export function offlineDb(): OfflineDb {
  shared ??= openOfflineDb();
  return shared;
}
