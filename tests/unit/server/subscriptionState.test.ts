import { describe, expect, it } from 'vitest';
import { accessState } from '../../../server/services/subscriptionState';

const now = new Date('2026-06-01T12:00:00Z');
const sub = (status: 'trialing' | 'active' | 'incomplete' | 'past_due' | 'unpaid' | 'canceled', ends: string) => ({
  status,
  ends_at: ends,
});

describe('whether an organization may be entered', () => {
  it('lets a running trial or subscription in', () => {
    expect(accessState({ registrationDone: true, isOwner: true }, sub('trialing', '2026-06-02T00:00:00Z'), now)).toBe('ok');
    expect(accessState({ registrationDone: true, isOwner: false }, sub('active', '2026-07-01T00:00:00Z'), now)).toBe('ok');
  });
  it('tells an owner who stopped before the plan to finish the registration', () => {
    expect(accessState({ registrationDone: false, isOwner: true }, undefined, now)).toBe('registration');
    expect(accessState({ registrationDone: false, isOwner: false }, undefined, now)).toBe('noSubscription');
  });
  it('tells ended, cancelled-and-ended and unpaid apart', () => {
    expect(accessState({ registrationDone: true, isOwner: true }, sub('active', '2026-05-31T00:00:00Z'), now)).toBe('ended');
    expect(accessState({ registrationDone: true, isOwner: true }, sub('canceled', '2026-05-31T00:00:00Z'), now)).toBe('canceledEnded');
    for (const s of ['incomplete', 'past_due', 'unpaid'] as const)
      expect(accessState({ registrationDone: true, isOwner: true }, sub(s, '2026-07-01T00:00:00Z'), now)).toBe('notPaid');
  });
  it('runs a cancelled subscription to the end of its period', () => {
    expect(accessState({ registrationDone: true, isOwner: true }, sub('canceled', '2026-06-10T00:00:00Z'), now)).toBe('ok');
  });
  it('treats the exact end instant as ended', () => {
    expect(accessState({ registrationDone: true, isOwner: true }, sub('active', '2026-06-01T12:00:00Z'), now)).toBe('ended');
  });
  it('has no subscription when there is no row', () => {
    expect(accessState({ registrationDone: true, isOwner: true }, undefined, now)).toBe('noSubscription');
  });
});
