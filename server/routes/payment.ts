// /api/payment/*: as far as registration needs it. Stripe's servers cannot be reached from here, so
// the provider is the built-in sandbox: a new organization starts the one-month free trial that every
// plan carries, with no card; cards, invoices and plan changes belong to the billing area.
import { createSubscriptionBody } from '../../schemas/payment';
import { ok, type App } from '../app';
import { verifyRegistrationToken } from '../auth/tokens';
import { findMembership } from '../db/queries/memberships';
import { startTrial } from '../db/queries/subscriptions';
import { problem } from '../problems';

export const TRIAL_DAYS = 30;

export default async function paymentRoutes(app: App): Promise<void> {
  // Public at the door: the caller proves ownership with a registration token (owners still registering
  // have no session yet) or with the access token of the organization's owner.
  app.post('/payment/stripe/createSubscription', { config: { access: 'public' }, schema: { body: createSubscriptionBody } }, async (req) => {
    const header = req.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const { organizationId, packetId, isMonthlySubscription } = req.body;
    const registering = bearer ? await verifyRegistrationToken(app.deps.config.jwtSecret, bearer) : undefined;
    let allowed = registering?.organizationId === organizationId;
    if (!allowed && bearer) {
      // Set by the access hook only for a valid token of a session that has not ended.
      const claims = req.caller;
      const m = claims && (await findMembership(app.deps.database.db, claims.userId, organizationId));
      allowed = m?.roleId === 1;
    }
    if (!allowed) throw problem(bearer ? 'forbidden' : 'unauthorized');
    const sub = await startTrial(app.deps.database.db, { organizationId, planId: packetId, isMonthly: isMonthlySubscription === true, days: TRIAL_DAYS });
    app.subscriptionGate.forget(organizationId);
    return ok({ subscriptionId: sub.id, clientSecret: null, status: sub.status, subscriptionEndsAt: sub.endsAt });
  });
}
