// The outbox as a file: a collector downloads it from a phone whose browser may not survive and imports
// it on another device, or later on the same one. Importing an entry the server already has is harmless:
// its id is the server's idempotency key, so sending it again stores nothing twice.
import type { OfflineDb } from '../db';
import type { OutboxRecord } from './machine';
import { OUTBOX_STATES } from './machine';

export const EXPORT_FORMAT = 'fieldsurvey-outbox';
export const EXPORT_VERSION = 1;

export interface OutboxExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  entries: OutboxRecord[];
}

export function serializeOutbox(records: readonly OutboxRecord[], now: number): string {
  const doc: OutboxExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    entries: [...records],
  };
  return JSON.stringify(doc);
}

export function exportFileName(now: number): string {
  const d = new Date(now);
  const p = (n: number) => String(n).padStart(2, '0');
  return `fieldsurvey-outbox-${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}.json`;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isEntry(v: unknown): boolean {
  if (!Array.isArray(v) || v.length !== 2 || !isString(v[0])) return false;
  const value: unknown = v[1];
  return isString(value) || (isObj(value) && isString(value.fileName) && isString(value.contentType) && isString(value.uri));
}

/** Reads one exported entry into a record ready to queue; undefined when it is not one of ours. */
function readRecord(v: unknown): OutboxRecord | undefined {
  if (!isObj(v) || !isString(v.id) || !isString(v.surveyId) || !Array.isArray(v.entries) || !v.entries.every(isEntry)) return undefined;
  const createdAt = typeof v.createdAt === 'number' && Number.isFinite(v.createdAt) ? v.createdAt : Date.now();
  const state = OUTBOX_STATES.includes(v.state as OutboxRecord['state']) ? (v.state as OutboxRecord['state']) : 'queued';
  return {
    id: v.id,
    surveyId: v.surveyId,
    title: isString(v.title) ? v.title : '',
    entries: v.entries as OutboxRecord['entries'],
    // The draft lives on the other device; nothing here to hide or delete.
    draftId: null,
    createdAt,
    // A refused entry stays refused (the server would say the same); everything else is sent again.
    state: state === 'attention' ? 'attention' : 'queued',
    attempts: 0,
    nextAttemptAt: 0,
    lastAttemptAt: null,
    problem: state === 'attention' && isObj(v.problem) ? (v.problem as unknown as OutboxRecord['problem']) : null,
  };
}

export type ParseResult = { records: OutboxRecord[]; rejected: number } | { error: 'notAnOutbox' };

export function parseOutbox(text: string): ParseResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { error: 'notAnOutbox' };
  }
  if (
    !isObj(doc) ||
    doc.format !== EXPORT_FORMAT ||
    typeof doc.version !== 'number' ||
    doc.version > EXPORT_VERSION ||
    !Array.isArray(doc.entries)
  ) {
    return { error: 'notAnOutbox' };
  }
  const records: OutboxRecord[] = [];
  let rejected = 0;
  for (const e of doc.entries) {
    const r = readRecord(e);
    if (r) records.push(r);
    else rejected++;
  }
  return { records, rejected };
}

/** Adds the records this outbox does not hold yet; answers how many were added and how many it had. */
export async function importRecords(db: OfflineDb, records: readonly OutboxRecord[]): Promise<{ added: number; present: number }> {
  return db.transaction(['outbox'], async (tx) => {
    let added = 0;
    let present = 0;
    for (const r of records) {
      if (await tx.outbox.get(r.id)) present++;
      else {
        await tx.outbox.add(r);
        added++;
      }
    }
    return { added, present };
  });
}
