// Six-digit codes sent by e-mail: stored hashed, valid 15 minutes, five tries, one use.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CodePurpose, DB } from '../schema';

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;

function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/** Issues a new code; earlier unused codes of the same purpose stop working. */
export async function issueCode(db: Kysely<DB>, userId: string, purpose: CodePurpose, payload: string | null = null): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
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
      .execute();
  });
  return code;
}

export type CodeCheck = { ok: true; id: string; payload: string | null } | { ok: false; reason: 'missing' | 'expired' | 'attempts' | 'wrong' };

/**
 * Checks a code. A wrong guess counts against the code's five tries. With `consume` the code is used up;
 * otherwise it is marked verified, for a later step (resetPassword) that needs a verified code.
 */
export async function checkCode(db: Kysely<DB>, userId: string, purpose: CodePurpose, code: string, consume: boolean): Promise<CodeCheck> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('verification_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'missing' } as const;
    if (new Date(row.expires_at) <= new Date()) return { ok: false, reason: 'expired' } as const;
    if (row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, reason: 'attempts' } as const;
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(hashCode(userId, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await trx.updateTable('verification_codes').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
      return { ok: false, reason: row.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'attempts' : 'wrong' } as const;
    }
    await trx
      .updateTable('verification_codes')
      .set(consume ? { consumed_at: new Date(), verified_at: new Date() } : { verified_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return { ok: true, id: row.id, payload: row.payload } as const;
  });
}

/** Uses up a code that was verified earlier and has not expired (the reset-password step). */
export async function consumeVerifiedCode(db: Kysely<DB>, userId: string, purpose: CodePurpose): Promise<boolean> {
  const rows = await db
    .updateTable('verification_codes')
    .set({ consumed_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('verified_at', 'is not', null)
    .where('expires_at', '>', new Date())
    .returning('id')
    .execute();
  return rows.length > 0;
}
