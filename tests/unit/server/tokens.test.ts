import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_SECONDS,
  hashToken,
  newRefreshToken,
  signAccessToken,
  signRegistrationToken,
  verifyAccessToken,
  verifyRegistrationToken,
} from '../../../server/auth/tokens';

const secret = 'unit-test-secret-that-is-long-enough-0123';
const claims = { userId: '11111111-1111-4111-8111-111111111111', familyId: '22222222-2222-4222-8222-222222222222' };

describe('access tokens', () => {
  it('carry the user and family and expire after 15 minutes', async () => {
    const now = new Date();
    const { token, expiresAt } = await signAccessToken(secret, claims, now);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    expect(expiresAt.getTime() - now.getTime()).toBeGreaterThanOrEqual((ACCESS_TOKEN_SECONDS - 1) * 1000);
    expect(ACCESS_TOKEN_SECONDS).toBe(900);
  });
  it('are refused once expired, unless only the signature is asked about', async () => {
    const { token } = await signAccessToken(secret, claims, new Date(Date.now() - 16 * 60_000));
    expect(await verifyAccessToken(secret, token)).toBeUndefined();
    expect(await verifyAccessToken(secret, token, true)).toEqual(claims);
  });
  it('are refused when signed with another secret or tampered with', async () => {
    const { token } = await signAccessToken(secret, claims);
    expect(await verifyAccessToken('another-secret-entirely-0123456789', token)).toBeUndefined();
    const [h, p, s] = token.split('.');
    expect(await verifyAccessToken(secret, `${h}.${p}x.${s}`)).toBeUndefined();
    expect(await verifyAccessToken(secret, 'garbage')).toBeUndefined();
  });
  it('cannot stand in for a registration token, nor the other way round', async () => {
    const reg = await signRegistrationToken(secret, { userId: claims.userId, organizationId: claims.familyId });
    expect(await verifyAccessToken(secret, reg)).toBeUndefined();
    const { token } = await signAccessToken(secret, claims);
    expect(await verifyRegistrationToken(secret, token)).toBeUndefined();
    expect(await verifyRegistrationToken(secret, reg)).toEqual({ userId: claims.userId, organizationId: claims.familyId });
  });
});

describe('refresh tokens', () => {
  it('are random and stored only as a hash', () => {
    const a = newRefreshToken();
    const b = newRefreshToken();
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashToken(a.token));
    expect(a.hash).not.toContain(a.token);
    expect(a.token.length).toBeGreaterThanOrEqual(43);
  });
});
