// Whether an organization may be entered, from its registration and subscription (spec 000 sections 4
// and 8). Pure: the caller reads the rows.
import type { AccessState } from '../../schemas/account';
import type { ProblemCode } from '../../schemas/problems';
import type { SubscriptionStatus } from '../db/schema';

export type { AccessState };

export function accessState(
  org: { registrationDone: boolean; isOwner: boolean },
  sub: { status: SubscriptionStatus; ends_at: Date | string } | undefined,
  now: Date,
): AccessState {
  if (!org.registrationDone) return org.isOwner ? 'registration' : 'noSubscription';
  if (!sub) return 'noSubscription';
  const ended = new Date(sub.ends_at) <= now;
  switch (sub.status) {
    case 'trialing':
    case 'active':
      return ended ? 'ended' : 'ok';
    case 'canceled':
      // A cancelled subscription runs to the end of its paid period.
      return ended ? 'canceledEnded' : 'ok';
    case 'incomplete':
    case 'past_due':
    case 'unpaid':
      return 'notPaid';
    default: {
      const never: never = sub.status;
      return never;
    }
  }
}

/**
 * A running subscription whose period has ended by `now` waits for the billing run (renewal, trial end,
 * a cancellation falling due). Whoever reads the state for a decision brings it up to date first, so no
 * 'Subscription has ended!' shows between a period's end and the next run.
 */
export const waitsForBillingRun = (sub: { status: SubscriptionStatus; ends_at: Date | string } | undefined, now: Date): boolean =>
  !!sub && (sub.status === 'trialing' || sub.status === 'active') && new Date(sub.ends_at) <= now;

export const problemForState: Record<Exclude<AccessState, 'ok' | 'registration'>, ProblemCode> = {
  noSubscription: 'noSubscription',
  canceledEnded: 'subscriptionCanceledEnded',
  ended: 'subscriptionEnded',
  notPaid: 'subscriptionNotPaid',
};
