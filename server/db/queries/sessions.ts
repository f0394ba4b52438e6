// Refresh-token families. Each refresh uses up its token and issues the next in the same family; a
// token presented a second time means it was stolen or replayed, so the whole family is revoked.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { REFRESH_REMEMBER_DAYS, REFRESH_SESSION_HOURS, hashToken, newRefreshToken } from '../../auth/tokens';
import type { DB } from '../schema';

function expiryFor(remember: boolean, now: Date): Date {
  const ms = remember ? REFRESH_REMEMBER_DAYS * 86_400_000 : REFRESH_SESSION_HOURS * 3_600_000;
  return new Date(now.getTime() + ms);
}

export async function startSession(db: Kysely<DB>, userId: string, remember: boolean): Promise<{ familyId: string; refreshToken: string }> {
  const familyId = randomUUID();
  const { token, hash } = newRefreshToken();
  await db
    .insertInto('refresh_tokens')
    .values({ user_id: userId, family_id: familyId, token_hash: hash, remember, expires_at: expiryFor(remember, new Date()), used_at: null, revoked_at: null })
    .execute();
  return { familyId, refreshToken: token };
}

export type RotateResult =
  | { ok: true; userId: string; familyId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export async function rotateSession(db: Kysely<DB>, presented: string): Promise<RotateResult> {
  const hash = hashToken(presented);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).forUpdate().executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked_at) return { ok: false, reason: 'revoked' } as const;
    if (row.used_at) {
      await trx.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
      return { ok: false, reason: 'reused' } as const;
    }
    const now = new Date();
    if (new Date(row.expires_at) <= now) return { ok: false, reason: 'expired' } as const;
    await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
    const { token, hash: nextHash } = newRefreshToken();
    await trx
      .insertInto('refresh_tokens')
      .values({ user_id: row.user_id, family_id: row.family_id, token_hash: nextHash, remember: row.remember, expires_at: expiryFor(row.remember, now), used_at: null, revoked_at: null })
      .execute();
    return { ok: true, userId: row.user_id, familyId: row.family_id, refreshToken: token } as const;
  });
}

export async function revokeFamily(db: Kysely<DB>, familyId: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

export async function revokeAllForUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export async function isFamilyRevoked(db: Kysely<DB>, familyId: string): Promise<boolean> {
  const live = await db.selectFrom('refresh_tokens').select('id').where('family_id', '=', familyId).where('revoked_at', 'is', null).limit(1).executeTakeFirst();
  return !live;
}
