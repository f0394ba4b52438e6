// Refresh-token families. Each refresh uses up its token and issues the next in the same family; a
// token presented again after the grace period means it was stolen or replayed, so the whole family is
// revoked, and so are the access tokens naming it (revoked_sessions).
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_REMEMBER_DAYS,
  REFRESH_SESSION_HOURS,
  hashToken,
  newRefreshToken,
  successorRefreshToken,
} from '../../auth/tokens';
import type { DB } from '../schema';

/** Two tabs sharing one session may present the same refresh token this close together. */
export const REFRESH_GRACE_SECONDS = 10;

function expiryFor(remember: boolean, now: Date): Date {
  const ms = remember ? REFRESH_REMEMBER_DAYS * 86_400_000 : REFRESH_SESSION_HOURS * 3_600_000;
  return new Date(now.getTime() + ms);
}

export async function startSession(db: Kysely<DB>, userId: string, remember: boolean): Promise<{ familyId: string; refreshToken: string }> {
  const familyId = randomUUID();
  const { token, hash } = newRefreshToken();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: hash,
      remember,
      expires_at: expiryFor(remember, new Date()),
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return { familyId, refreshToken: token };
}

export type RotateResult =
  /** `issuedAt` is when the token was first used: a repeat within the grace period signs the same access token. */
  | { ok: true; userId: string; familyId: string; refreshToken: string; issuedAt: Date }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export async function rotateSession(db: Kysely<DB>, secret: string, presented: string): Promise<RotateResult> {
  const hash = hashToken(presented);
  const next = successorRefreshToken(secret, presented);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).forUpdate().executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked_at) return { ok: false, reason: 'revoked' } as const;
    const now = new Date();
    if (row.used_at) {
      const usedAt = new Date(row.used_at);
      if (now.getTime() - usedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000) {
        return { ok: true, userId: row.user_id, familyId: row.family_id, refreshToken: next.token, issuedAt: usedAt } as const;
      }
      await endFamilies(trx, row.user_id, [row.family_id], now);
      return { ok: false, reason: 'reused' } as const;
    }
    if (new Date(row.expires_at) <= now) return { ok: false, reason: 'expired' } as const;
    await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
    await trx
      .insertInto('refresh_tokens')
      .values({
        user_id: row.user_id,
        family_id: row.family_id,
        token_hash: next.hash,
        remember: row.remember,
        expires_at: expiryFor(row.remember, now),
        used_at: null,
        revoked_at: null,
      })
      .execute();
    return { ok: true, userId: row.user_id, familyId: row.family_id, refreshToken: next.token, issuedAt: now } as const;
  });
}

/** Ends the family's refresh tokens only; its access tokens run out on their own (entering an organization). */
export async function revokeFamily(db: Kysely<DB>, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends a session at once, access tokens included (logout). */
export async function endSession(db: Kysely<DB>, userId: string, familyId: string): Promise<void> {
  await db.transaction().execute((trx) => endFamilies(trx, userId, [familyId], new Date()));
}

/** Ends every session of the user at once (a password reset), or every one but `keepFamilyId` (a password change). */
export async function endAllSessions(db: Kysely<DB>, userId: string, keepFamilyId?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    // A family revoked less than an access token's lifetime ago may still have live access tokens.
    const recent = new Date(now.getTime() - ACCESS_TOKEN_SECONDS * 1000);
    const families = await trx
      .selectFrom('refresh_tokens')
      .select('family_id')
      .distinct()
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', recent)]))
      .execute();
    await endFamilies(
      trx,
      userId,
      families.map((f) => f.family_id).filter((f) => f !== keepFamilyId),
      now,
    );
  });
}

export const endOtherSessions = (db: Kysely<DB>, userId: string, keepFamilyId: string) => endAllSessions(db, userId, keepFamilyId);

async function endFamilies(trx: Transaction<DB>, userId: string, familyIds: string[], now: Date): Promise<void> {
  if (!familyIds.length) return;
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', 'in', familyIds)
    .where('revoked_at', 'is', null)
    .execute();
  // Past this time every access token of the family has expired, so the row is no longer needed.
  const expiresAt = new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
  await trx
    .insertInto('revoked_sessions')
    .values(familyIds.map((family_id) => ({ family_id, user_id: userId, expires_at: expiresAt })))
    .onConflict((oc) => oc.column('family_id').doUpdateSet({ expires_at: expiresAt }))
    .execute();
  await trx.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
}

export async function isSessionRevoked(db: Kysely<DB>, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('revoked_sessions')
    .select('family_id')
    .where('family_id', '=', familyId)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

/** The remember-me choice of a session, carried over when entering an organization starts a new one. */
export async function rememberOf(db: Kysely<DB>, familyId: string): Promise<boolean> {
  const row = await db.selectFrom('refresh_tokens').select('remember').where('family_id', '=', familyId).limit(1).executeTakeFirst();
  return row?.remember ?? false;
}
