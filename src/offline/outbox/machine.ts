// The outbox's rules as pure data and functions: no IndexedDB, no fetch, no clock. store.ts and
// sync.ts apply them; the unit tests drive them with a fake clock.
//
//   queued ──send──> sending ──confirmed──> sent            (the record then leaves the outbox)
//     ^  ^              │
//     │  └──failed──────┤  network, timeout, 5xx: back to queued, due again after a backoff
//     │                 ├──refused──> attention              4xx: the server's message, kept, not retried
//     │                 └──failed (older than 30 days) ──> expired
//   queued ──age──> expired                                  still sent when possible, user asked to export
//   attention / expired ──retry──> queued                   the user asked for another try
//   sending ──interrupted──> queued                          a tab closed in the middle of a send
//
// Expired is a warning, not a verdict: the spec keeps queued surveys 30 days, but deleting answers a
// collector gathered is never right, so an old entry keeps being sent when the server can be reached
// and the user is asked to export it meanwhile.
import type { FormEntry } from '../../../engine/survey/index';
import type { ProblemCode } from '../../../schemas/problems';

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'attention', 'expired'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** Queued surveys are kept 30 days (spec 001 section 9); after that they need the user's attention. */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
export const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_MAX_MS = 10 * 60_000;

export type ProblemKind = 'network' | 'timeout' | 'server' | 'refused';

export interface OutboxProblem {
  kind: ProblemKind;
  /** HTTP status; 0 when no answer came. */
  status: number;
  message: string;
  errors: string[];
  /** The refusal's problem code, by which its text is translated (absent when no answer came). */
  code?: ProblemCode | undefined;
}

export interface OutboxRecord {
  /** The client's submission id: the server's idempotency key, so a resend is always safe. */
  id: string;
  surveyId: string;
  /** The survey's title, to name the entry in the outbox list. */
  title: string;
  /** The multipart fields exactly as they are sent (files as data URLs): a resend is byte-identical. */
  entries: FormEntry[];
  /** The draft this submission came from; removed with the entry once the server confirmed. */
  draftId: string | null;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  lastAttemptAt: number | null;
  problem: OutboxProblem | null;
}

export type OutboxEvent =
  | { type: 'send' }
  | { type: 'confirmed' }
  | { type: 'failed'; problem: OutboxProblem }
  | { type: 'refused'; problem: OutboxProblem }
  | { type: 'age' }
  | { type: 'retry' }
  | { type: 'interrupted' };

export function newRecord(fields: Pick<OutboxRecord, 'id' | 'surveyId' | 'title' | 'entries' | 'draftId'>, now: number): OutboxRecord {
  return { ...fields, createdAt: now, state: 'queued', attempts: 0, nextAttemptAt: now, lastAttemptAt: null, problem: null };
}

/** Doubling delays from 5 s up to 10 min: a phone on a bad network does not drain its battery retrying. */
export function backoffMs(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.min(attempts - 1, 30), BACKOFF_MAX_MS);
}

export const isOld = (r: OutboxRecord, now: number): boolean => now - r.createdAt >= OUTBOX_KEEP_MS;

/**
 * The record after an event, or undefined when the event is not allowed in the record's state (a
 * confirmation of an entry that was not being sent, a retry of an entry already queued, ...).
 */
export function transition(r: OutboxRecord, e: OutboxEvent, now: number): OutboxRecord | undefined {
  switch (e.type) {
    case 'send':
      if (r.state !== 'queued' && r.state !== 'expired') return undefined;
      return { ...r, state: 'sending', attempts: r.attempts + 1, lastAttemptAt: now };
    case 'confirmed':
      if (r.state !== 'sending') return undefined;
      return { ...r, state: 'sent', problem: null };
    case 'failed':
      if (r.state !== 'sending') return undefined;
      return { ...r, state: isOld(r, now) ? 'expired' : 'queued', problem: e.problem, nextAttemptAt: now + backoffMs(r.attempts) };
    case 'refused':
      if (r.state !== 'sending') return undefined;
      return { ...r, state: 'attention', problem: e.problem };
    case 'age':
      if (r.state !== 'queued' || !isOld(r, now)) return undefined;
      return { ...r, state: 'expired' };
    case 'retry':
      if (r.state !== 'attention' && r.state !== 'expired') return undefined;
      return {
        ...r,
        state: isOld(r, now) ? 'expired' : 'queued',
        attempts: 0,
        nextAttemptAt: now,
        problem: r.state === 'attention' ? null : r.problem,
      };
    case 'interrupted':
      if (r.state !== 'sending') return undefined;
      return { ...r, state: isOld(r, now) ? 'expired' : 'queued', nextAttemptAt: now };
    default: {
      const never: never = e;
      return never;
    }
  }
}

/** Entries the automatic sync may send now. */
export function isDue(r: OutboxRecord, now: number, ignoreBackoff = false): boolean {
  return (r.state === 'queued' || r.state === 'expired') && (ignoreBackoff || r.nextAttemptAt <= now);
}

/** Oldest first: the order in which they were collected. */
export function dueInOrder(records: readonly OutboxRecord[], now: number, ignoreBackoff = false): OutboxRecord[] {
  return records.filter((r) => isDue(r, now, ignoreBackoff)).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

/** Entries the user should act on: refused by the server, or kept longer than the spec's 30 days. */
export const needsAttention = (r: OutboxRecord): boolean => r.state === 'attention' || r.state === 'expired';

/** What a failed send means for the entry: try again later, or stop and show the server's word. */
export type FailureVerdict = { type: 'failed'; problem: OutboxProblem } | { type: 'refused'; problem: OutboxProblem };

/**
 * Network failures, timeouts and 5xx are the network's or the server's fault: try again. 408 and 429
 * say "later". 401 means the session lapsed: the answers are fine, a later try (signed in again) will
 * do. Any other 4xx is the server refusing this content (validation, expired survey, a used link, a
 * conflicting resend): retrying the same bytes cannot help.
 */
export function classifyFailure(f: {
  kind: 'network' | 'timeout' | 'http';
  status: number;
  message: string;
  errors?: readonly string[];
  code?: ProblemCode | undefined;
}): FailureVerdict {
  const errors = [...(f.errors ?? [])];
  const code = f.code;
  if (f.kind === 'network' || f.kind === 'timeout')
    return { type: 'failed', problem: { kind: f.kind, status: 0, message: f.message, errors } };
  const transient = f.status === 0 || f.status >= 500 || f.status === 408 || f.status === 429 || f.status === 401;
  return transient
    ? { type: 'failed', problem: { kind: 'server', status: f.status, message: f.message, errors, code } }
    : { type: 'refused', problem: { kind: 'refused', status: f.status, message: f.message, errors, code } };
}
