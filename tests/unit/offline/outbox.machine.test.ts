// The outbox state machine on its own: every allowed transition, every refused one, backoff, expiry and
// how failures are classified.
import { describe, expect, it } from 'vitest';
import {
  BACKOFF_MAX_MS,
  OUTBOX_KEEP_MS,
  OUTBOX_STATES,
  backoffMs,
  classifyFailure,
  dueInOrder,
  newRecord,
  transition,
  type OutboxEvent,
  type OutboxProblem,
  type OutboxRecord,
  type OutboxState,
} from '../../../src/offline/outbox/machine';

const T0 = Date.UTC(2026, 0, 1);
const DAY = 24 * 60 * 60 * 1000;
const netDown: OutboxProblem = { kind: 'network', status: 0, message: 'Check your internet connection', errors: [] };
const refusal: OutboxProblem = { kind: 'refused', status: 400, message: 'Error: Please check the constraints', errors: ['Age: too young'] };

function rec(state: OutboxState, patch: Partial<OutboxRecord> = {}): OutboxRecord {
  return { ...newRecord({ id: 'a', surveyId: 's', title: 'Survey', entries: [['surveyId', 's']], draftId: null }, T0), state, ...patch };
}

const events: Record<OutboxEvent['type'], OutboxEvent> = {
  send: { type: 'send' },
  confirmed: { type: 'confirmed' },
  failed: { type: 'failed', problem: netDown },
  refused: { type: 'refused', problem: refusal },
  age: { type: 'age' },
  retry: { type: 'retry' },
  interrupted: { type: 'interrupted' },
};

describe('outbox transitions', () => {
  it('starts queued, due at once, with no attempts', () => {
    const r = rec('queued');
    expect(r).toMatchObject({ state: 'queued', attempts: 0, nextAttemptAt: T0, problem: null });
  });

  it('queued -> sending counts an attempt', () => {
    expect(transition(rec('queued'), events.send, T0 + 5)).toMatchObject({ state: 'sending', attempts: 1, lastAttemptAt: T0 + 5 });
  });

  it('sending -> sent only on the server confirmation', () => {
    expect(transition(rec('sending', { attempts: 1 }), events.confirmed, T0)?.state).toBe('sent');
  });

  it('sending -> queued on a network failure, due after a backoff that doubles', () => {
    const once = transition(rec('sending', { attempts: 1 }), events.failed, T0)!;
    expect(once).toMatchObject({ state: 'queued', nextAttemptAt: T0 + 5_000, problem: netDown });
    const thrice = transition(rec('sending', { attempts: 3 }), events.failed, T0)!;
    expect(thrice.nextAttemptAt).toBe(T0 + 20_000);
  });

  it('sending -> attention on a refusal, keeping the server message', () => {
    const r = transition(rec('sending', { attempts: 1 }), events.refused, T0)!;
    expect(r).toMatchObject({ state: 'attention', problem: refusal });
  });

  it('queued -> expired after 30 days, not before', () => {
    expect(transition(rec('queued'), events.age, T0 + OUTBOX_KEEP_MS - 1)).toBeUndefined();
    expect(transition(rec('queued'), events.age, T0 + OUTBOX_KEEP_MS)?.state).toBe('expired');
  });

  it('a failure after 30 days lands in expired, not queued', () => {
    expect(transition(rec('sending', { attempts: 4 }), events.failed, T0 + 31 * DAY)?.state).toBe('expired');
  });

  it('expired entries are still sent when possible (nothing is deleted silently)', () => {
    expect(transition(rec('expired'), events.send, T0 + 40 * DAY)?.state).toBe('sending');
  });

  it('retry brings attention back to queued with a fresh count, and keeps old entries expired', () => {
    const r = transition(rec('attention', { attempts: 3, problem: refusal }), events.retry, T0 + DAY)!;
    expect(r).toMatchObject({ state: 'queued', attempts: 0, nextAttemptAt: T0 + DAY, problem: null });
    expect(transition(rec('attention'), events.retry, T0 + 31 * DAY)?.state).toBe('expired');
  });

  it('an interrupted send is queued again, due now', () => {
    expect(transition(rec('sending', { attempts: 2, nextAttemptAt: 0 }), events.interrupted, T0 + 9)).toMatchObject({
      state: 'queued',
      nextAttemptAt: T0 + 9,
    });
  });

  // The full table: anything not listed above must be refused.
  const allowed = new Set([
    'queued:send',
    'expired:send',
    'sending:confirmed',
    'sending:failed',
    'sending:refused',
    'queued:age',
    'attention:retry',
    'expired:retry',
    'sending:interrupted',
  ]);
  const cases = OUTBOX_STATES.flatMap((s) => Object.keys(events).map((e) => [s, e] as const)).filter(([s, e]) => !allowed.has(`${s}:${e}`));
  it.each(cases)('%s refuses %s', (state, event) => {
    expect(transition(rec(state), events[event as OutboxEvent['type']], T0 + 40 * DAY)).toBeUndefined();
  });

  it('a sent record is final', () => {
    for (const e of Object.values(events)) expect(transition(rec('sent'), e, T0)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('is 0 before any attempt and capped at 10 minutes', () => {
    expect(backoffMs(0)).toBe(0);
    expect(backoffMs(1)).toBe(5_000);
    expect(backoffMs(2)).toBe(10_000);
    expect(backoffMs(50)).toBe(BACKOFF_MAX_MS);
  });
});

describe('due order', () => {
  it('oldest first, skipping entries waiting out their backoff, attention and sending', () => {
    const list = [
      rec('queued', { id: 'new', createdAt: T0 + 3 }),
      rec('queued', { id: 'old', createdAt: T0 + 1 }),
      rec('expired', { id: 'expired', createdAt: T0 + 2 }),
      rec('queued', { id: 'later', createdAt: T0, nextAttemptAt: T0 + 60_000 }),
      rec('attention', { id: 'refused', createdAt: T0 }),
      rec('sending', { id: 'busy', createdAt: T0 }),
    ];
    expect(dueInOrder(list, T0 + 10).map((r) => r.id)).toEqual(['old', 'expired', 'new']);
    expect(dueInOrder(list, T0 + 10, true).map((r) => r.id)).toEqual(['later', 'old', 'expired', 'new']);
  });
});

describe('classifying failures', () => {
  it.each([
    [{ kind: 'network', status: 0 }, 'failed', 'network'],
    [{ kind: 'timeout', status: 0 }, 'failed', 'timeout'],
    [{ kind: 'http', status: 500 }, 'failed', 'server'],
    [{ kind: 'http', status: 502 }, 'failed', 'server'],
    [{ kind: 'http', status: 503 }, 'failed', 'server'],
    [{ kind: 'http', status: 408 }, 'failed', 'server'],
    [{ kind: 'http', status: 429 }, 'failed', 'server'],
    [{ kind: 'http', status: 401 }, 'failed', 'server'],
    [{ kind: 'http', status: 400 }, 'refused', 'refused'],
    [{ kind: 'http', status: 404 }, 'refused', 'refused'],
    [{ kind: 'http', status: 409 }, 'refused', 'refused'],
    [{ kind: 'http', status: 413 }, 'refused', 'refused'],
  ] as const)('%o -> %s (%s)', (f, type, kind) => {
    const v = classifyFailure({ ...f, message: 'm', errors: ['e'] });
    expect(v.type).toBe(type);
    expect(v.problem).toEqual({ kind, status: f.status, message: 'm', errors: ['e'] });
  });
});
