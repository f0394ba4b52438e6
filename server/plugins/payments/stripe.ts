// The Stripe provider, through the official `stripe` library, used when STRIPE_SECRET_KEY is set.
// Stripe's servers cannot be reached from where this was built: tests/api/payment.stripe.test.ts
// drives it against a local HTTP server that answers with Stripe's documented request and response
// shapes (API version of the installed library: prices on subscription items, periods on items, the
// invoice's confirmation_secret), and signs webhook payloads with stripe.webhooks.generateTestHeaderString.
//
// Stripe bills on its servers: advance() changes nothing, and what happens there (renewals, failed
// payments, the end of a cancelled period) reaches us by webhook (webhookUpdate), which
// services/billing.ts writes like any other provider answer.
import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import type { SubscriptionStatus } from '../../db/schema';
import type { Card, NewInvoice, Outcome, PaymentProvider, SubState } from './provider';
import { TRIAL_DAYS } from './provider';

export type StripeUpdate =
  | {
      kind: 'subscription';
      providerSubscriptionId: string;
      status: SubscriptionStatus;
      planId: number | null;
      isMonthly: boolean | null;
      periodStart: Date;
      periodEnd: Date;
      cancelAt: Date | null;
    }
  | { kind: 'invoice'; providerSubscriptionId: string; invoice: NewInvoice };

export interface StripeProvider extends PaymentProvider {
  readonly stripe: Stripe;
  /** Checks the signature of a webhook delivery and turns the events we mirror into updates. */
  webhookUpdate(raw: Buffer, signature: string): Promise<StripeUpdate | null>;
  /**
   * The card of a SetupIntent the browser confirmed (stripe.confirmCardSetup), once Stripe says it
   * succeeded for this subscription's customer with this payment method; otherwise why not, in words that
   * follow the field's name ("'setupIntentId' has not succeeded").
   */
  verifyCardSetup(input: {
    setupIntentId: string;
    paymentMethodId: string;
    providerSubscriptionId: string;
  }): Promise<StoredCard | { refused: string }>;
}

type StoredCard = Card & { expMonth: number | null; expYear: number | null };
const storedCard = (pm: Stripe.PaymentMethod): StoredCard => {
  if (!pm.card) throw new Error('not a card');
  return { id: pm.id, brand: pm.card.brand, last4: pm.card.last4, declines: false, expMonth: pm.card.exp_month, expYear: pm.card.exp_year };
};

const idOf = (ref: string | { id: string } | null): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));
const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const statusOf = (s: Stripe.Subscription.Status): SubscriptionStatus =>
  s === 'incomplete_expired' ? 'canceled' : s === 'paused' ? 'past_due' : (s as SubscriptionStatus);

export function createStripeProvider(cfg: StripeConfig): StripeProvider {
  const stripe = new Stripe(cfg.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(cfg.host ?? {}) });
  const priceOf = (planId: number, isMonthly: boolean) => {
    const p = cfg.prices[planId];
    if (!p) throw new Error(`STRIPE_PRICES has no price for plan ${planId}`);
    return isMonthly ? p.monthly : p.yearly;
  };
  const planOfPrice = (priceId: string | undefined): { planId: number; isMonthly: boolean } | null => {
    for (const [id, p] of Object.entries(cfg.prices)) {
      if (p.monthly === priceId) return { planId: Number(id), isMonthly: true };
      if (p.yearly === priceId) return { planId: Number(id), isMonthly: false };
    }
    return null;
  };

  function stateFrom(sub: Stripe.Subscription, card: Card | null, prev?: SubState): SubState {
    const item = sub.items.data[0];
    const plan =
      planOfPrice(item?.price.id) ?? (prev ? { planId: prev.planId, isMonthly: prev.isMonthly } : { planId: 0, isMonthly: false });
    return {
      status: statusOf(sub.status),
      planId: plan.planId,
      isMonthly: plan.isMonthly,
      periodStart: at(item?.current_period_start) ?? prev?.periodStart ?? new Date(),
      periodEnd: at(item?.current_period_end) ?? prev?.periodEnd ?? new Date(),
      cancelAt: sub.cancel_at_period_end ? at(item?.current_period_end) : at(sub.cancel_at),
      pendingPlanId: prev?.pendingPlanId ?? null,
      pendingIsMonthly: prev?.pendingIsMonthly ?? null,
      creditCents: prev?.creditCents ?? 0,
      card,
    };
  }

  function invoiceFrom(inv: Stripe.Invoice): NewInvoice | null {
    const line = inv.lines.data[0];
    const price = line?.pricing?.price_details?.price;
    const plan = planOfPrice(typeof price === 'string' ? price : undefined);
    if (!plan) return null;
    return {
      kind: inv.billing_reason === 'subscription_update' ? 'proration' : 'subscription',
      planId: plan.planId,
      isMonthly: plan.isMonthly,
      periodStart: at(line?.period.start) ?? new Date(inv.created * 1000),
      periodEnd: at(line?.period.end) ?? new Date(inv.created * 1000),
      amountCents: inv.amount_due,
      status: inv.status === 'paid' ? 'paid' : 'open',
      providerInvoiceId: inv.id ?? null,
    };
  }

  const unchanged = (state: SubState): Outcome => ({ state, invoices: [], paid: [] });
  /** The organization's Stripe customer is the one its subscription was made for. */
  const customerOf = async (providerSubscriptionId: string): Promise<string> =>
    idOf((await stripe.subscriptions.retrieve(providerSubscriptionId)).customer)!;

  return {
    name: 'stripe',
    publishableKey: cfg.publishableKey,
    stripe,

    async createSubscription({ organizationId, organizationName, plan, isMonthly, trial, card }) {
      const customer = await stripe.customers.create({ name: organizationName, metadata: { organizationId } });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: priceOf(plan.id, isMonthly) }],
        ...(trial ? { trial_period_days: TRIAL_DAYS, trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } } } : {}),
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { organizationId },
        expand: ['latest_invoice.confirmation_secret'],
      });
      const latest = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      return {
        providerSubscriptionId: sub.id,
        clientSecret: latest?.confirmation_secret?.client_secret ?? null,
        state: stateFrom(sub, card),
        invoices: [],
        paid: [],
      };
    },

    async createCardSetup({ providerSubscriptionId }) {
      // usage off_session: the bank authenticates the card now, so that renewals charge it without the owner.
      const si = await stripe.setupIntents.create({
        customer: await customerOf(providerSubscriptionId),
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!si.client_secret) throw new Error('SetupIntent without client_secret');
      return { setupIntentId: si.id, clientSecret: si.client_secret };
    },

    async verifyCardSetup({ setupIntentId, paymentMethodId, providerSubscriptionId }) {
      let si: Stripe.SetupIntent;
      try {
        si = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      } catch (err) {
        // Stripe's 404 for an id it does not know; an outage stays an error of ours.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return { refused: "'setupIntentId' is not known to Stripe" };
        throw err;
      }
      if (si.status !== 'succeeded') return { refused: "'setupIntentId' has not succeeded" };
      if (idOf(si.customer) !== (await customerOf(providerSubscriptionId)))
        return { refused: "'setupIntentId' belongs to another customer" };
      const pm = si.payment_method;
      if (!pm || idOf(pm) !== paymentMethodId) return { refused: "'paymentMethodId' is not the card of this SetupIntent" };
      return storedCard(typeof pm === 'string' ? await stripe.paymentMethods.retrieve(pm) : pm);
    },

    async attachPaymentMethod({ providerSubscriptionId, state, card, attached, open }) {
      if (!providerSubscriptionId || !state) return null;
      const customer = await customerOf(providerSubscriptionId);
      // A confirmed SetupIntent attached the card to the customer already.
      if (!attached) await stripe.paymentMethods.attach(card.id, { customer });
      await stripe.customers.update(customer, { invoice_settings: { default_payment_method: card.id } });
      const updated = await stripe.subscriptions.update(providerSubscriptionId, { default_payment_method: card.id });
      const paid: string[] = [];
      for (const inv of open) {
        if (!inv.providerInvoiceId) continue;
        const r = await stripe.invoices.pay(inv.providerInvoiceId, { payment_method: card.id }).catch(() => null);
        if (r?.status === 'paid') paid.push(inv.id);
      }
      return { state: stateFrom(updated, card, state), invoices: [], paid };
    },

    async changePlan({ providerSubscriptionId, state, plan, isMonthly, atPeriodEnd }) {
      const sub = await stripe.subscriptions.retrieve(providerSubscriptionId);
      const item = sub.items.data[0]!;
      const scheduleId = idOf(sub.schedule);
      if (atPeriodEnd) {
        // Stripe's documented way to change a subscription at the end of its period: a subscription
        // schedule made from it, whose first phase is the current period as it is and whose second is the
        // new price, released after (the subscription carries on alone) and without proration at the switch.
        // A second change at the period's end rewrites the same schedule. The pending change is mirrored
        // here until the renewal's webhook reports the new price (services/billing.ts clears it then).
        const schedule = scheduleId ?? (await stripe.subscriptionSchedules.create({ from_subscription: providerSubscriptionId })).id;
        await stripe.subscriptionSchedules.update(schedule, {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            {
              items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
              start_date: item.current_period_start,
              end_date: item.current_period_end,
              // A trial's period is the trial: the phase keeps it, or Stripe would end the trial now.
              ...(sub.status === 'trialing' ? { trial_end: item.current_period_end } : {}),
            },
            { items: [{ price: priceOf(plan.id, isMonthly), quantity: 1 }], duration: { interval: isMonthly ? 'month' : 'year' } },
          ],
        });
        return unchanged({ ...state, pendingPlanId: plan.id, pendingIsMonthly: isMonthly });
      }
      // A change now replaces one waiting for the period's end: the schedule lets go of the subscription first.
      if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
      const updated = await stripe.subscriptions.update(providerSubscriptionId, {
        items: [{ id: item.id, price: priceOf(plan.id, isMonthly) }],
        proration_behavior: state.status === 'trialing' ? 'none' : 'always_invoice',
      });
      return unchanged({ ...stateFrom(updated, state.card, state), pendingPlanId: null, pendingIsMonthly: null });
    },

    async cancel({ providerSubscriptionId, state, atPeriodEnd }) {
      // A subscription held by a schedule (a change waiting for the period's end) cannot be set to cancel:
      // the schedule lets go of it first, and the waiting change is dropped with it.
      const scheduleId = atPeriodEnd ? idOf((await stripe.subscriptions.retrieve(providerSubscriptionId)).schedule) : null;
      if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
      const updated = atPeriodEnd
        ? await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true })
        : await stripe.subscriptions.cancel(providerSubscriptionId);
      return unchanged({ ...stateFrom(updated, state.card, state), pendingPlanId: null, pendingIsMonthly: null });
    },

    async advance({ state }) {
      return unchanged(state);
    },

    async webhookUpdate(raw, signature) {
      // Throws on a bad signature or a stale timestamp (Stripe's default tolerance, 300 s).
      const event = await stripe.webhooks.constructEventAsync(raw, signature, cfg.webhookSecret);
      if (
        event.type === 'customer.subscription.updated' ||
        event.type === 'customer.subscription.deleted' ||
        event.type === 'customer.subscription.created'
      ) {
        const sub = event.data.object;
        const item = sub.items.data[0];
        const plan = planOfPrice(item?.price.id);
        return {
          kind: 'subscription',
          providerSubscriptionId: sub.id,
          status: statusOf(sub.status),
          planId: plan?.planId ?? null,
          isMonthly: plan?.isMonthly ?? null,
          periodStart: at(item?.current_period_start) ?? new Date(),
          periodEnd: at(item?.current_period_end) ?? new Date(),
          cancelAt: sub.cancel_at_period_end ? at(item?.current_period_end) : at(sub.cancel_at),
        };
      }
      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed' || event.type === 'invoice.finalized') {
        const inv = event.data.object;
        const subId = inv.parent?.subscription_details?.subscription;
        const mapped = invoiceFrom(inv);
        if (!mapped || !subId) return null;
        return { kind: 'invoice', providerSubscriptionId: typeof subId === 'string' ? subId : subId.id, invoice: mapped };
      }
      return null;
    },
  };
}
