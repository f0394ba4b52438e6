// The rules behind two notices and the dashboard's timeline badge (spec 000 section 9: the payment-method
// reminder when 1, 3 or 15 days remain).
import { describe, expect, it } from 'vitest';
import { reminderDays } from '../../../src/components/AccountNotices';
import { timelineState } from '../../../src/pages/dashboard/DashboardPage';

const now = Date.parse('2026-11-22T10:00:00Z');
const owner = (endsInDays: number, paymentMethodId: string | null = null) => ({
  roles: [{ name: 'Organization' }],
  paymentMethodId,
  subscriptionEndDate: new Date(now + endsInDays * 86_400_000).toISOString(),
});

describe('the payment-method reminder', () => {
  it('is due on the 1st, 3rd and 15th day before the end, counted in whole days', () => {
    expect([0.5, 2.2, 14.1, 2, 5, 16, 30].map((d) => reminderDays(owner(d), now))).toEqual([1, 3, 15, null, null, null, null]);
  });

  it('is only for an owner without a payment method', () => {
    expect(reminderDays(owner(15, 'pm_visa'), now)).toBeNull();
    expect(reminderDays({ ...owner(15), roles: [{ name: 'AdminOfOrganization' }] }, now)).toBeNull();
    expect(reminderDays({ ...owner(15), subscriptionEndDate: null }, now)).toBeNull();
  });
});

describe("the project's timeline", () => {
  const today = new Date('2026-11-22T18:00:00Z');
  it('counts days to the start, days left, or says it ended', () => {
    expect(timelineState('2026-12-01', '2027-01-01', today)).toEqual({ kind: 'startsIn', count: 9 });
    expect(timelineState('2026-11-01', '2026-11-30', today)).toEqual({ kind: 'daysLeft', count: 8 });
    expect(timelineState('2026-11-01', '2026-11-22', today)).toEqual({ kind: 'daysLeft', count: 0 });
    expect(timelineState('2026-01-01', '2026-11-21', today)).toEqual({ kind: 'ended' });
  });
});
