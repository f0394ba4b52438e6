// The browser's own copy of what must never be lost: drafts, the outbox of submissions waiting for the
// server, the autosaved form in progress, and the list of surveys available offline. One IndexedDB
// database through ./idb.ts (formerly Dexie: the stores, indexes and version are the ones Dexie
// made, so what a phone kept before opens as it was). Tests open their own database on fake-indexeddb
// through openOfflineDb.
import type { AnswerFile } from '../../engine/survey/index';
import { Database, Table, type IdbOptions, type Scope } from './idb';
import type { OutboxRecord } from './outbox/machine';

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

/** The stores as Dexie declared them ('[surveyId+draftId], surveyId, timestamp, outboxId': key, then indexes). */
const SCHEMA = {
  drafts: { key: ['surveyId', 'draftId'], indexes: ['surveyId', 'timestamp', 'outboxId'] },
  outbox: { key: 'id', indexes: ['state', 'createdAt', 'surveyId'] },
  autosave: { key: 'formKey', indexes: ['savedAt'] },
  surveys: { key: 'surveyId', indexes: ['cachedAt'] },
  // Dexie's version 2 added this table, keeping version 1's data as it was.
  lists: { key: 'key', indexes: ['savedAt'] },
};
type StoreName = keyof typeof SCHEMA;

/** Dexie opened its version n as IndexedDB version n * 10: Dexie's version 2 is 20 here. */
const VERSION = 20;

/** The tables, each running its calls in `scope` (on its own, or inside a transaction). */
export class OfflineTables {
  readonly drafts: Table<DraftRecord, [string, string]>;
  readonly outbox: Table<OutboxRecord, string>;
  readonly autosave: Table<AutosaveRecord, string>;
  readonly surveys: Table<CachedSurveyRecord, string>;
  readonly lists: Table<CachedListRecord, string>;

  constructor(scope: Scope) {
    this.drafts = new Table(scope, 'drafts');
    this.outbox = new Table(scope, 'outbox');
    this.autosave = new Table(scope, 'autosave');
    this.surveys = new Table(scope, 'surveys');
    this.lists = new Table(scope, 'lists');
  }
}

export class OfflineDb extends OfflineTables {
  readonly database: Database;

  constructor(name: string, options?: IdbOptions) {
    const database = new Database(name, VERSION, SCHEMA, options);
    super(database.scope);
    this.database = database;
  }

  /** `fn`'s calls on the tables it is given all happen, or none (see idb.ts for what it may await). */
  transaction<R>(stores: StoreName[], fn: (tx: OfflineTables) => Promise<R>): Promise<R> {
    return this.database.transaction(stores, (scope) => fn(new OfflineTables(scope)));
  }

  close(): void {
    this.database.close();
  }

  delete(): Promise<void> {
    return this.database.delete();
  }
}

/** Runs `query` now and again after every write to the database (this tab's or another's). */
export function liveQuery<T>(db: OfflineDb, query: () => Promise<T>, next: (v: T) => void): () => void {
  let run = 0;
  const again = () => {
    const mine = ++run;
    // Only the latest run's answer is shown: an older one finishing late would put back stale data.
    query().then(
      (v) => mine === run && next(v),
      () => undefined,
    );
  };
  const stop = db.database.watch(again);
  again();
  return () => {
    run = -1;
    stop();
  };
}

export const DB_NAME = 'fieldsurvey-offline';

export function openOfflineDb(name = DB_NAME, options?: IdbOptions): OfflineDb {
  return new OfflineDb(name, options);
}

let shared: OfflineDb | undefined;

/** The app's database, opened on first use (the admin screens never touch IndexedDB). */
export function offlineDb(): OfflineDb {
  shared ??= openOfflineDb();
  return shared;
}
