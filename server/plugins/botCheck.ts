// The bot check on the sign-in forms. ALTCHA by default: the server hands out a signed proof-of-work
// challenge, the browser widget solves it, and the solution comes back in a header; each solution is
// accepted once. reCAPTCHA when configured with keys; off for scripts and local tests (with a warning).
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';

export const BOT_CHECK_HEADER = 'g-recaptcha-response';
const CHALLENGE_TTL_SECONDS = 10 * 60;
// About 5,000 SHA-256 rounds on average: a fraction of a second on a cheap phone, costly at scale.
const ALTCHA_ALGORITHM = 'SHA-256';
const ALTCHA_COST = 1;
const ALTCHA_KEY_PREFIX = '000';

export interface BotCheck {
  readonly mode: 'altcha' | 'recaptcha' | 'off';
  challenge(): Promise<Challenge | null>;
  /** True when the header carries a valid, unused solution (always true when off). */
  verify(headerValue: string | undefined, action: string): Promise<boolean>;
}

export function createBotCheck(opts: {
  mode: 'altcha' | 'recaptcha' | 'off';
  hmacKey: string;
  recaptchaSecret: string;
  db: Kysely<DB>;
}): BotCheck {
  return {
    mode: opts.mode,
    async challenge() {
      if (opts.mode !== 'altcha') return null;
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: ALTCHA_COST,
        keyPrefix: ALTCHA_KEY_PREFIX,
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
        hmacSignatureSecret: opts.hmacKey,
      });
    },
    async verify(headerValue, action) {
      if (opts.mode === 'off') return true;
      if (!headerValue) return false;
      if (opts.mode === 'recaptcha') return verifyRecaptcha(opts.recaptchaSecret, headerValue, action);
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(headerValue, 'base64').toString('utf8')) as Payload;
      } catch {
        return false;
      }
      if (!payload?.challenge?.parameters || !payload.solution) return false;
      const result = await verifySolution({
        challenge: payload.challenge as Challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: opts.hmacKey,
      }).catch(() => null);
      if (!result?.verified) return false;
      // One use per solved challenge: a replayed header is refused.
      const signature = payload.challenge.signature ?? payload.challenge.parameters.nonce;
      const inserted = await opts.db
        .insertInto('bot_check_used')
        .values({ signature, expires_at: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      await opts.db
        .deleteFrom('bot_check_used')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
      return inserted !== undefined;
    },
  };
}

async function verifyRecaptcha(secret: string, token: string, action: string): Promise<boolean> {
  if (!secret) return false;
  const res = await fetch('https://www.google.com/recaptcha/api/siteverify', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret, response: token }),
  }).catch(() => undefined);
  if (!res?.ok) return false;
  const body = (await res.json()) as { success?: boolean; action?: string; score?: number };
  return body.success === true && (body.action === undefined || body.action === action) && (body.score === undefined || body.score >= 0.5);
}
