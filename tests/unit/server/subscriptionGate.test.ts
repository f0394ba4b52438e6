// The per-organization cache of the subscription check: short (so other processes see a change within
// seconds), forgotten on a change made here, and skipped by the routes that work without a subscription.
import { describe, expect, it } from 'vitest';
import { createSubscriptionGate, TTL_MS } from '../../../server/services/subscriptionGate';

const ORG = '11111111-1111-4111-8111-111111111111';
type Sub = { status: 'active' | 'canceled' | 'past_due'; ends_at: Date; paymentMethodId: string | null };

function setup() {
  let clock = new Date('2026-06-01T12:00:00Z').getTime();
  let sub: Sub | undefined = { status: 'active', ends_at: new Date('2026-07-01T00:00:00Z'), paymentMethodId: null };
  let loads = 0;
  const gate = createSubscriptionGate({
    now: () => new Date(clock),
    load: async () => {
      loads++;
      return { registrationDone: true, sub };
    },
  });
  return {
    gate,
    loads: () => loads,
    tick: (ms: number) => (clock += ms),
    set: (s: Sub | undefined) => (sub = s),
  };
}
const refusal = (p: Promise<void>) =>
  p.then(
    () => 'ok',
    (e: Error) => e.message,
  );

describe('the subscription gate', () => {
  it('reads an organization once per TTL', async () => {
    const s = setup();
    for (let i = 0; i < 5; i++) await s.gate.require(ORG, {});
    expect(s.loads()).toBe(1);
    s.tick(TTL_MS + 1);
    await s.gate.require(ORG, {});
    expect(s.loads()).toBe(2);
  });

  it('refuses within TTL_MS of a change made elsewhere, at once after forget()', async () => {
    const s = setup();
    await s.gate.require(ORG, {});
    s.set({ status: 'past_due', ends_at: new Date('2026-07-01T00:00:00Z'), paymentMethodId: null });
    expect(await refusal(s.gate.require(ORG, {}))).toBe('ok');
    s.tick(TTL_MS + 1);
    expect(await refusal(s.gate.require(ORG, {}))).toMatch(/has not been paid yet/);
    s.set({ status: 'active', ends_at: new Date('2026-07-01T00:00:00Z'), paymentMethodId: null });
    s.gate.forget(ORG);
    expect(await refusal(s.gate.require(ORG, {}))).toBe('ok');
  });

  it('keeps TTL_MS a few seconds', () => {
    expect(TTL_MS).toBeGreaterThan(0);
    expect(TTL_MS).toBeLessThanOrEqual(10_000);
  });

  it('lets the routes that declare withoutSubscription through, without reading', async () => {
    const s = setup();
    s.set(undefined);
    await s.gate.require(ORG, { withoutSubscription: true });
    expect(s.loads()).toBe(0);
    expect(await refusal(s.gate.require(ORG, {}))).toBe('No subscription');
  });
});
