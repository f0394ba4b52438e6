// Rate-limit counts that every server process shares, for the calls too frequent to write once each:
// the public fill calls and the OpenRosa devices' requests. Each process counts in memory and adds its
// counts to the database's (rate_limits, the table of queries/rateLimits.ts) in one statement a
// second, reading back the sum of every process's. A key is refused once the sum it last read plus its
// own count since passes the limit. So the hosts behind a load balancer hold one limit between them,
// exceeded at most by what the other hosts let through in the last second, and a flood costs the
// database one statement a second per process, not one per request. Windows are fixed, so that every
// process counts into the same row; the previous window's count still weighs by the part of it the
// last windowMs cover (a sliding window's estimate), so no count starts over at a window's edge.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** How often a process adds its counts to the shared ones. */
export const SHARE_EVERY_MS = 1_000;
/** Keys held in memory at most (a flood of new addresses); past it, the keys already shared are let go. */
const MAX_KEYS = 50_000;

export interface Counted {
  allowed: boolean;
  /** Until the key's window ends. */
  retryAfterSeconds: number;
}

export interface SharedCounts {
  /** Counts one call on `key` in its window of `windowMs`; allowed while the shared count is within `limit`. */
  hit(key: string, limit: number, windowMs: number): Counted;
  /** Adds this process's counts to the database's now (the timer does so every second). */
  share(): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  windowStart: number;
  windowMs: number;
  /** The count of the window before, as this process last knew it. */
  previous: number;
  /** The shared count as last read, this process's calls before it included. */
  shared: number;
  /** This process's calls on their way into the shared count. */
  sending: number;
  /** This process's calls since. */
  own: number;
}

export function sharedCounts(db: Kysely<DB>, now: () => number = Date.now): SharedCounts {
  const entries = new Map<string, Entry>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sharing: Promise<void> | undefined;
  let closed = false;

  async function shareNow(): Promise<void> {
    timer = undefined;
    const at = now();
    const batch: { key: string; window_start: string; hits: number }[] = [];
    // The entries as they were: one that moves on to a new window meanwhile is not given the old one's sum.
    const sent = new Map<string, { entry: Entry; hits: number }>();
    for (const [key, e] of entries) {
      if (e.own > 0) {
        batch.push({ key, window_start: new Date(e.windowStart).toISOString(), hits: e.own });
        sent.set(key, { entry: e, hits: e.own });
        e.sending = e.own;
        e.own = 0;
      } else if (e.windowStart + 2 * e.windowMs <= at) entries.delete(key);
    }
    if (batch.length === 0) return;
    try {
      // One statement for the whole batch: JSON, read the same way by PostgreSQL and PGlite.
      const rows = await sql<{ key: string; hits: number }>`
        insert into rate_limits (key, window_start, hits)
        select key, window_start, hits from json_to_recordset(${JSON.stringify(batch)}::json) as t(key text, window_start timestamptz, hits int)
        on conflict (key, window_start) do update set hits = rate_limits.hits + excluded.hits
        returning key, hits`.execute(db);
      for (const row of rows.rows) {
        const e = sent.get(row.key)?.entry;
        if (e) e.shared = row.hits;
      }
      for (const { entry } of sent.values()) entry.sending = 0;
    } catch {
      // The database is away: the counts wait for the next second, and limits hold per process meanwhile.
      for (const { entry, hits } of sent.values()) {
        entry.sending = 0;
        entry.own += hits;
      }
    }
  }

  function schedule(): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      sharing = shareNow().finally(() => {
        sharing = undefined;
        if ([...entries.values()].some((e) => e.own > 0)) schedule();
      });
    }, SHARE_EVERY_MS);
    timer.unref();
  }

  return {
    hit(key, limit, windowMs) {
      const at = now();
      const windowStart = Math.floor(at / windowMs) * windowMs;
      let e = entries.get(key);
      if (!e || e.windowStart !== windowStart) {
        if (!e && entries.size >= MAX_KEYS) for (const [k, old] of entries) if (old.own === 0) entries.delete(k);
        // The window just ended still counts; one that ended before it does not.
        const previous = e && e.windowStart === windowStart - windowMs ? e.shared + e.sending + e.own : 0;
        e = { windowStart, windowMs, previous, shared: 0, sending: 0, own: 0 };
        entries.set(key, e);
      }
      e.own++;
      schedule();
      const weight = 1 - (at - windowStart) / windowMs;
      return {
        allowed: Math.floor(e.previous * weight) + e.shared + e.sending + e.own <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)),
      };
    },
    async share() {
      if (timer) clearTimeout(timer);
      await sharing;
      await shareNow();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await sharing;
      await shareNow();
    },
  };
}
