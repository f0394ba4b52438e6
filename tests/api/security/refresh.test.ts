// Two tabs refreshing with the same token at the same moment both stay signed in
// (the same new pair for both); a refresh token that comes back later still ends the whole session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { demo } from '../../support/personas';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Pair = { token: string; refreshToken: string; tokenExpire: string };
const refresh = (body: { token?: string; refreshToken: string }) => t.call<Pair>('POST', '/api/Account/refreshToken', { body });
const organizations = (s: Session, token: string) =>
  t.call('GET', `/api/Account/getUserOrganizations?userId=${s.userId}`, { headers: { authorization: `Bearer ${token}` } });

describe('refreshing from two tabs', () => {
  it('answers both tabs refreshing at the same moment with the same new pair, and the session goes on', async () => {
    const s = await t.signIn(demo.manager);
    const [a, b] = await Promise.all([
      refresh({ token: s.token, refreshToken: s.refreshToken }),
      refresh({ token: s.token, refreshToken: s.refreshToken }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data).toEqual(a.body.data);
    expect(a.body.data.refreshToken).not.toBe(s.refreshToken);

    expect((await organizations(s, a.body.data.token)).status).toBe(200);
    const next = await refresh({ refreshToken: a.body.data.refreshToken });
    expect(next.status).toBe(200);
    expect((await organizations(s, next.body.data.token)).status).toBe(200);
  });

  it('answers the same pair to a second use a moment later', async () => {
    const s = await t.signIn(demo.senior);
    const first = await refresh({ refreshToken: s.refreshToken });
    const second = await refresh({ refreshToken: s.refreshToken });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
  });
});

describe('real reuse of a refresh token', () => {
  it('ends the whole session, its access tokens included', async () => {
    const s = await t.signIn(demo.admin);
    const rotated = await refresh({ refreshToken: s.refreshToken });
    // The old token comes back a minute after it was used: no tab does that, a thief does.
    await t.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', s.userId)
      .where('used_at', 'is not', null)
      .execute();

    const replay = await refresh({ refreshToken: s.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Your session has expired. Please sign in again.');
    expect((await refresh({ refreshToken: rotated.body.data.refreshToken })).status).toBe(401);
    expect((await organizations(s, rotated.body.data.token)).status).toBe(401);
  });

  it('is refused once the session was ended, even within the grace period', async () => {
    const s = await t.signIn(demo.guest);
    await refresh({ refreshToken: s.refreshToken });
    await t.call('POST', '/api/Account/logout', { session: s });
    expect((await refresh({ refreshToken: s.refreshToken })).status).toBe(401);
  });
});
