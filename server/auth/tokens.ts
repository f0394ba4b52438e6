// Access tokens: short-lived HS256 JWTs naming the user and the session family. Refresh tokens: random,
// stored only as a SHA-256 hash, rotated on every use (see server/db/queries/sessions.ts).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_REMEMBER_DAYS = 30;
export const REFRESH_SESSION_HOURS = 24;

export interface AccessClaims {
  userId: string;
  familyId: string;
}

const keyCache = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

export async function signAccessToken(secret: string, claims: AccessClaims, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_SECONDS;
  const token = await new SignJWT({ fam: claims.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keyOf(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The claims of a valid, unexpired token; undefined otherwise. With `allowExpired`, only the signature counts. */
export async function verifyAccessToken(secret: string, token: string, allowExpired = false): Promise<AccessClaims | undefined> {
  try {
    const options: { algorithms: string[]; currentDate?: Date } = { algorithms: ['HS256'] };
    if (allowExpired) {
      const { iat } = decodeJwt(token);
      if (typeof iat === 'number') options.currentDate = new Date(iat * 1000);
    }
    const { payload } = await jwtVerify(token, keyOf(secret), options);
    if (typeof payload.sub !== 'string' || typeof payload.fam !== 'string') return undefined;
    return { userId: payload.sub, familyId: payload.fam };
  } catch {
    return undefined;
  }
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The refresh token that follows `presented`. Derived rather than random so that a second use of the
 * same token within the grace period (two tabs refreshing together) can be answered the same new pair
 * without the server ever storing a refresh token in the clear; only the holder of `presented` can
 * compute it.
 */
export function successorRefreshToken(secret: string, presented: string): { token: string; hash: string } {
  const token = createHmac('sha256', keyOf(secret)).update(`refresh:${presented}`).digest('base64url');
  return { token, hash: hashToken(token) };
}

export const RESET_TOKEN_MINUTES = 10;

/**
 * A reset token is what checkResetPasswordCode answers for a good code: it names the user and the code
 * it came from, and resetPassword uses that code up, so each token changes the password at most once.
 */
export async function signResetToken(secret: string, claims: { userId: string; codeId: string }): Promise<string> {
  return new SignJWT({ purpose: 'reset-password' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.codeId)
    .setIssuedAt()
    .setExpirationTime(`${RESET_TOKEN_MINUTES}m`)
    .sign(keyOf(secret));
}

export async function verifyResetToken(secret: string, token: string): Promise<{ userId: string; codeId: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    if (payload.purpose !== 'reset-password' || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return undefined;
    return { userId: payload.sub, codeId: payload.jti };
  } catch {
    return undefined;
  }
}

export const REGISTRATION_TOKEN_HOURS = 24;

/**
 * A registration token lets the owner of an organization still being registered (who has no session
 * yet: sign-in answers no token until a plan is chosen) finish the plan step for that organization only.
 */
export async function signRegistrationToken(secret: string, claims: { userId: string; organizationId: string }): Promise<string> {
  return new SignJWT({ purpose: 'registration', org: claims.organizationId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(`${REGISTRATION_TOKEN_HOURS}h`)
    .sign(keyOf(secret));
}

export async function verifyRegistrationToken(
  secret: string,
  token: string,
): Promise<{ userId: string; organizationId: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    if (payload.purpose !== 'registration' || typeof payload.sub !== 'string' || typeof payload.org !== 'string') return undefined;
    return { userId: payload.sub, organizationId: payload.org };
  } catch {
    return undefined;
  }
}
