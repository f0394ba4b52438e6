// The subscription check of every organization-scoped request (spec 000 section 8): a token chosen for
// an organization while its subscription ran must stop working when the subscription ends, is
// cancelled and ends, or goes unpaid, with the message the sign-in gives for that state.
//
// The state is cached per organization for a few seconds: it is read on every request, and changes
// rarely. The server may run as several processes, and a change made through one process only clears
// that process's entry (forget), so the others may act on a stale state for at most TTL_MS: a few
// seconds more of work after a subscription ends, or a few seconds more of refusals after a payment.
// Nothing longer is kept, so no cross-process invalidation is needed.
import type { FastifyContextConfig } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { subscriptionFacts } from '../db/queries/subscriptions';
import { problem } from '../problems';
import { accessState, problemForState, waitsForBillingRun, type AccessState } from './subscriptionState';

export const TTL_MS = 5_000;
/** Past this many entries, expired ones are dropped, so many organizations do not grow the map without end. */
const PRUNE_AT = 10_000;

interface Entry {
  state: AccessState;
  hasPaymentMethod: boolean;
  expires: number;
}

export interface SubscriptionGate {
  /** Refuses with the spec's message unless the organization's subscription lets it work now. */
  require(organizationId: string, route: FastifyContextConfig): Promise<void>;
  /** Drops the cached state: call after changing an organization's subscription. */
  forget(organizationId: string): void;
}

type Facts = Awaited<ReturnType<typeof subscriptionFacts>>;

export function createSubscriptionGate(opts: {
  load: (organizationId: string) => Promise<Facts>;
  now?: () => Date;
  ttlMs?: number;
}): SubscriptionGate {
  const ttl = opts.ttlMs ?? TTL_MS;
  const now = opts.now ?? (() => new Date());
  const cache = new Map<string, Entry>();

  async function stateOf(organizationId: string): Promise<Entry> {
    const at = now();
    const hit = cache.get(organizationId);
    if (hit && hit.expires > at.getTime()) return hit;
    const facts = await opts.load(organizationId);
    // Whoever calls, an organization whose registration never finished has no subscription to work in.
    const state = facts ? accessState({ registrationDone: facts.registrationDone, isOwner: false }, facts.sub, at) : 'noSubscription';
    const entry = { state, hasPaymentMethod: (facts?.sub?.paymentMethodId ?? null) !== null, expires: at.getTime() + ttl };
    if (cache.size >= PRUNE_AT) for (const [k, e] of cache) if (e.expires <= at.getTime()) cache.delete(k);
    cache.set(organizationId, entry);
    return entry;
  }

  return {
    async require(organizationId, route) {
      if (route.withoutSubscription) return;
      const { state, hasPaymentMethod } = await stateOf(organizationId);
      if (state === 'ok') return;
      const code = state === 'registration' ? 'noSubscription' : problemForState[state];
      // The same data selectOrganization refuses with, so the front end sends the owner to the payment page.
      throw problem(code, { data: { organizationId, hasPaymentMethod } });
    },
    forget(organizationId) {
      cache.delete(organizationId);
    },
  };
}

/**
 * The gate of the app. With `sync` (the billing run for one organization), a period that ended and
 * waits for the run is brought up to date before it is judged, as the sign-in does.
 */
export function subscriptionGateFor(
  db: Kysely<DB>,
  now: () => Date = () => new Date(),
  sync?: (organizationId: string) => Promise<void>,
): SubscriptionGate {
  const load = async (id: string): Promise<Facts> => {
    const facts = await subscriptionFacts(db, id);
    if (!sync || !waitsForBillingRun(facts?.sub, now())) return facts;
    await sync(id);
    return subscriptionFacts(db, id);
  };
  return createSubscriptionGate({ load, now });
}
