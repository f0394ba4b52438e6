// The subscription is checked on every organization-scoped request, not only when
// the organization is chosen. A token chosen while the subscription ran is refused, with the sign-in's
// message for the state, once the subscription ends, is cancelled and ends, goes unpaid or is gone;
// the account routes (no organization) keep working so the owner can sign in and fix the payment.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { problems } from '../../../schemas/problems';
import type { SubscriptionStatus } from '../../../server/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';

let t: TestApp;
let relief: string;
beforeAll(async () => {
  t = await createTestApp();
  relief = t.ids.organizations.relief!;
});
afterAll(() => t.close());

const DAY = 86_400_000;
/**
 * A running subscription past its end is brought up to date by the billing before it is judged (the
 * sandbox renews it with the demo card); one that stays ended is a Stripe subscription whose renewal
 * has not reached us (the app runs the sandbox, so nothing here can advance it).
 */
const PAST_END_ELSEWHERE = 'stripe';
async function setSubscription(status: SubscriptionStatus, endsInDays: number) {
  const provider = endsInDays < 0 && (status === 'active' || status === 'trialing') ? PAST_END_ELSEWHERE : 'sandbox';
  await t.db
    .updateTable('subscriptions')
    .set({ status, provider, ends_at: new Date(Date.now() + endsInDays * DAY) })
    .where('organization_id', '=', relief)
    .execute();
  // What the billing code does after changing a subscription: this process forgets the cached state.
  t.app.subscriptionGate.forget(relief);
}
const workspaces = (session: Session) => t.call('GET', '/api/Workspaces/getMyWorkspaces', { session });

beforeEach(() => setSubscription('active', 300));

describe('a token chosen while the subscription ran', () => {
  it('is refused on the next call after the subscription ended in the database', async () => {
    const session = await t.signIn('manager@demo.test');
    await t.db
      .updateTable('subscriptions')
      .set({ ends_at: new Date(Date.now() - 1000), provider: PAST_END_ELSEWHERE })
      .where('organization_id', '=', relief)
      .execute();
    const r = await workspaces(session);
    expect(r.status).toBe(400);
    const message = problems.subscriptionEnded.message;
    expect(r.body).toEqual({
      isSuccess: false,
      code: 'subscriptionEnded',
      message,
      errors: [message],
      data: { organizationId: relief, hasPaymentMethod: true },
    });
  });

  it.each([
    ['ended', 'active', -1, 'subscriptionEnded'],
    ['trial ended', 'trialing', -1, 'subscriptionEnded'],
    ['cancelled and ended', 'canceled', -1, 'subscriptionCanceledEnded'],
    ['unpaid', 'past_due', 30, 'subscriptionNotPaid'],
    ['incomplete', 'incomplete', 30, 'subscriptionNotPaid'],
  ] as const)('answers %s with the spec message on every organization route', async (_, status, days, code) => {
    const owner = await t.signIn('organization@demo.test');
    expect((await workspaces(owner)).status).toBe(200);
    await setSubscription(status, days);
    const calls = [
      workspaces(owner),
      t.call('GET', '/api/Projects/getProjectsOfOrganization', { session: owner }),
      t.call('POST', '/api/Survey/GetById', { session: owner, body: { SurveyId: '00000000-0000-4000-8000-000000000000' } }),
      t.call('POST', '/api/Workspaces/add', { session: owner, body: { name: 'While unpaid' } }),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(problems[code].message);
    }
    expect(await t.db.selectFrom('workspaces').select('id').where('name', '=', 'While unpaid').execute()).toEqual([]);
  });

  it('answers "No subscription" when the organization has none', async () => {
    const session = await t.signIn('guest@demo.test');
    const saved = await t.db.selectFrom('subscriptions').selectAll().where('organization_id', '=', relief).execute();
    await t.db.deleteFrom('subscriptions').where('organization_id', '=', relief).execute();
    t.app.subscriptionGate.forget(relief);
    try {
      const r = await workspaces(session);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('No subscription');
    } finally {
      await t.db.insertInto('subscriptions').values(saved).execute();
      t.app.subscriptionGate.forget(relief);
    }
  });

  it('works again once the subscription runs again', async () => {
    const session = await t.signIn('senior@demo.test');
    await setSubscription('active', -1);
    expect((await workspaces(session)).status).toBe(400);
    await setSubscription('active', 30);
    expect((await workspaces(session)).status).toBe(200);
  });
});

describe('what still works without a running subscription', () => {
  it('the account routes: the organizations list (with the state), a refreshed session, the roles, logout', async () => {
    const session = await t.signIn('organization@demo.test');
    await setSubscription('past_due', 30);
    const orgs = await t.call<{ organizationId: string; accessState: string }[]>(
      'GET',
      `/api/Account/getUserOrganizations?userId=${session.userId}`,
      { session },
    );
    expect(orgs.status).toBe(200);
    expect(orgs.body.data.find((o) => o.organizationId === relief)?.accessState).toBe('notPaid');
    expect((await t.call('GET', '/api/Roles/getAllOrganizationRoles', { session })).status).toBe(200);
    const refreshed = await t.call('POST', '/api/Account/refreshToken', { body: { refreshToken: session.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await t.call('GET', '/api/Account/getPackets')).status).toBe(200);
    expect((await t.call('POST', '/api/Account/logout', { session })).status).toBe(200);
  });

  it('another organization of the same user', async () => {
    await setSubscription('active', -1);
    const second = await t.signIn('multi@demo.test', 'Second Demo Organization');
    expect((await workspaces(second)).status).toBe(200);
  });

  it('refuses a forbidden role before it tells anything about the subscription', async () => {
    const collector = await t.signIn('collector@demo.test');
    await setSubscription('active', -1);
    expect((await t.call('POST', '/api/Workspaces/add', { session: collector, body: { name: 'x' } })).status).toBe(403);
  });
});
