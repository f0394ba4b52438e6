// How often the account calls may be tried. Every code or password check counts per account and per
// address; sign-in failures slow down only the (account, address) pair that made them, so a stranger's
// guesses never keep the owner out from their own address. Counted in the database: every server process
// sees the same numbers.
import type { Kysely } from 'kysely';
import { clearFailures, recordFailure, throttleOf } from '../db/queries/loginThrottle';
import { hit, underLimit } from '../db/queries/rateLimits';
import type { DB } from '../db/schema';
import { problem } from '../problems';

export interface Rule {
  limit: number;
  windowSeconds: number;
}

const QUARTER_HOUR = 15 * 60;
export const RULES = {
  /**
   * Failed sign-ins from one address, on any accounts (guessing across accounts). Successes are not
   * counted: an office or a camp behind one address signs many people in.
   */
  signInPerAddress: { limit: 50, windowSeconds: QUARTER_HOUR },
  /** Codes e-mailed to one account for one purpose (confirm, reset). */
  codeSendsPerAccount: { limit: 3, windowSeconds: QUARTER_HOUR },
  codeSendsPerAddress: { limit: 10, windowSeconds: QUARTER_HOUR },
  /** Code checks; each code also allows only 5 wrong tries (db/queries/codes.ts). */
  codeChecksPerAccount: { limit: 15, windowSeconds: QUARTER_HOUR },
  codeChecksPerAddress: { limit: 30, windowSeconds: QUARTER_HOUR },
  resetsPerAddress: { limit: 10, windowSeconds: QUARTER_HOUR },
  /** Wrong current passwords in the password change (only failures count). */
  passwordChecksPerAccount: { limit: 5, windowSeconds: QUARTER_HOUR },
  passwordChecksPerAddress: { limit: 20, windowSeconds: QUARTER_HOUR },
} as const satisfies Record<string, Rule>;

/** Refuses when `key` has used up its rule, without counting this call (see `countAgainst`). */
export async function notOverLimit(db: Kysely<DB>, key: string, rule: Rule): Promise<void> {
  if (!(await underLimit(db, key, rule.limit, rule.windowSeconds)))
    throw problem('tooManyRequests', { data: { retryAfterSeconds: rule.windowSeconds } });
}

/** Counts one call against `key`'s rule (a failure, where only failures count). */
export async function countAgainst(db: Kysely<DB>, key: string, rule: Rule): Promise<void> {
  await hit(db, key, rule.limit, rule.windowSeconds);
}

export async function limit(db: Kysely<DB>, key: string, rule: Rule): Promise<void> {
  if (!(await hit(db, key, rule.limit, rule.windowSeconds)))
    throw problem('tooManyRequests', { data: { retryAfterSeconds: rule.windowSeconds } });
}

/** Sign-in failures a pair may make at full speed; after that each waits twice as long as the last. */
export const SIGN_IN_FREE_FAILURES = 5;
export const SIGN_IN_MAX_DELAY_SECONDS = 60;
/** A pair's failures are forgotten this long after its last one (and at once when it gets in). */
export const SIGN_IN_WINDOW_SECONDS = QUARTER_HOUR;

export function signInDelayMs(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - SIGN_IN_FREE_FAILURES), SIGN_IN_MAX_DELAY_SECONDS) * 1000;
}

/** Refuses an attempt that comes before the pair's wait is over (429, with the seconds left). */
export async function signInAllowed(db: Kysely<DB>, account: string, address: string): Promise<void> {
  const t = await throttleOf(db, account, address, SIGN_IN_WINDOW_SECONDS);
  const waitMs = t ? t.nextAllowedAt.getTime() - Date.now() : 0;
  if (waitMs > 0) throw problem('tooManyRequests', { data: { retryAfterSeconds: Math.ceil(waitMs / 1000) } });
}

export async function signInFailed(db: Kysely<DB>, account: string, address: string): Promise<void> {
  await recordFailure(db, account, address, SIGN_IN_WINDOW_SECONDS, signInDelayMs);
}

export async function signInSucceeded(db: Kysely<DB>, account: string, address: string): Promise<void> {
  await clearFailures(db, account, address, SIGN_IN_WINDOW_SECONDS);
}

/**
 * Calls that must not reveal whether an address has an account (forgotPassword, resendConfirmEmail)
 * answer no sooner than this, whichever way they went. It covers the database work and a local mail
 * relay; a slower relay is not waited for (the mail still goes, the answer does not wait).
 */
export const SAME_TIME_MS = 300;

export async function answerAtFloor(startedAt: number, pending: Promise<unknown>): Promise<void> {
  const floor = new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + SAME_TIME_MS - Date.now())));
  await Promise.race([pending, floor]);
  await floor;
}
