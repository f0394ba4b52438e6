// Six-digit codes sent by e-mail: stored hashed, valid 15 minutes, five tries, one use.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CodePurpose, DB } from '../schema';

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;

function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/** Issues a new code; earlier unused codes of the same purpose stop working. Answers the code and its row id. */
export async function issueCode(
  db: Kysely<DB>,
  userId: string,
  purpose: CodePurpose,
  payload: string | null = null,
): Promise<{ id: string; code: string }> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const row = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    return trx
      .insertInto('verification_codes')
      .values({
        user_id: userId,
        purpose,
        code_hash: hashCode(userId, code),
        payload,
        expires_at: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
        verified_at: null,
        consumed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  return { id: row.id, code };
}

export type CodeCheck =
  { ok: true; id: string; userId: string; payload: string | null } | { ok: false; reason: 'missing' | 'expired' | 'attempts' | 'wrong' };

/** Which code is meant: the user's latest of a purpose, or one by the id its request was answered. */
export type CodeRef = { userId: string; purpose: CodePurpose } | { id: string; purpose: CodePurpose };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks a code. A wrong guess counts against the code's five tries. With `consume` the code is used up;
 * otherwise it is marked verified, for a later step (resetPassword) that needs a verified code.
 */
export async function checkCode(db: Kysely<DB>, ref: CodeRef, code: string, consume: boolean): Promise<CodeCheck> {
  if ('id' in ref && !UUID.test(ref.id)) return { ok: false, reason: 'missing' };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('verification_codes')
      .selectAll()
      .$if('id' in ref, (qb) => qb.where('id', '=', (ref as { id: string }).id))
      .$if('userId' in ref, (qb) => qb.where('user_id', '=', (ref as { userId: string }).userId))
      .where('purpose', '=', ref.purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'missing' } as const;
    if (new Date(row.expires_at) <= new Date()) return { ok: false, reason: 'expired' } as const;
    if (row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, reason: 'attempts' } as const;
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(hashCode(row.user_id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await trx
        .updateTable('verification_codes')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .execute();
      return { ok: false, reason: row.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'attempts' : 'wrong' } as const;
    }
    await trx
      .updateTable('verification_codes')
      .set(consume ? { consumed_at: new Date(), verified_at: new Date() } : { verified_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return { ok: true, id: row.id, userId: row.user_id, payload: row.payload } as const;
  });
}

/** The user a pending code belongs to, so that checks of it count against that account. */
export async function ownerOfCode(db: Kysely<DB>, id: string, purpose: CodePurpose): Promise<string | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await db
    .selectFrom('verification_codes')
    .select('user_id')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Uses up one verified code (the reset-password step, given the code's id by its reset token). Its own
 * expiry no longer counts: the reset token that names it carries a shorter one.
 */
export async function consumeVerifiedCode(db: Kysely<DB>, id: string, userId: string, purpose: CodePurpose): Promise<boolean> {
  const rows = await db
    .updateTable('verification_codes')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('verified_at', 'is not', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}
