// Whether an access token's session was ended (logout, reset, stolen refresh token). The answer lives in
// the database so that every server process agrees; each process keeps it for a moment so that a busy
// session costs one indexed lookup every few seconds, not one per request.
import type { Kysely } from 'kysely';
import { ACCESS_TOKEN_SECONDS } from './tokens';
import { isSessionRevoked } from '../db/queries/sessions';
import type { DB } from '../db/schema';

/** How long another process may still accept a token after its session ended elsewhere. */
export const LIVE_ANSWER_MS = 2_000;
// An ended session never comes back, so that answer is kept until its tokens have expired anyway.
const ENDED_ANSWER_MS = ACCESS_TOKEN_SECONDS * 1000;
const MAX_ENTRIES = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Revocations {
  isRevoked(familyId: string): Promise<boolean>;
  /** This process saw the session end: no need to wait for the cached answer to run out. */
  ended(familyId: string): void;
}

const byDatabase = new WeakMap<Kysely<DB>, Revocations>();

export function revocations(db: Kysely<DB>): Revocations {
  let r = byDatabase.get(db);
  if (!r) {
    r = create(db);
    byDatabase.set(db, r);
  }
  return r;
}

function create(db: Kysely<DB>): Revocations {
  const answers = new Map<string, { revoked: boolean; until: number }>();
  function remember(familyId: string, revoked: boolean, now: number): void {
    if (answers.size >= MAX_ENTRIES) {
      for (const [k, v] of answers) if (v.until <= now) answers.delete(k);
      if (answers.size >= MAX_ENTRIES) answers.clear();
    }
    answers.set(familyId, { revoked, until: now + (revoked ? ENDED_ANSWER_MS : LIVE_ANSWER_MS) });
  }
  return {
    async isRevoked(familyId) {
      // Only this server signs tokens, and every family it names is a uuid.
      if (!UUID.test(familyId)) return false;
      const now = Date.now();
      const cached = answers.get(familyId);
      if (cached && cached.until > now) return cached.revoked;
      const revoked = await isSessionRevoked(db, familyId);
      remember(familyId, revoked, now);
      return revoked;
    },
    ended(familyId) {
      remember(familyId, true, Date.now());
    },
  };
}
