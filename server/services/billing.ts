// Plans, subscriptions and payment: what /api/payment does, on whichever provider is set
// (plugins/payments). Every change runs in one transaction with the subscription row locked, so two
// tabs (or a request and the billing run) cannot both renew or both change a plan.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import * as q from '../db/queries/billing';
import type { Clock } from '../plugins/payments/clock';
import type { Card, PaymentProvider } from '../plugins/payments/provider';
import { sandboxCard } from '../plugins/payments/sandbox';
import type { StripeProvider, StripeUpdate } from '../plugins/payments/stripe';
import type { Mailer } from '../plugins/mail';
import { problem } from '../problems';
import { paymentReminderMail } from './mailTemplates';
import { accessState } from './subscriptionState';

export const REMINDER_DAYS = [15, 3, 1] as const;
/** More invoices than any organization has in decades of monthly billing; the zip is bounded by it. */
export const MAX_INVOICES_IN_ZIP = 1000;

export interface BillingDeps {
  db: Kysely<DB>;
  provider: PaymentProvider;
  clock: Clock;
  /** Called after an organization's subscription changed (the subscription gate's cache). */
  changed: (organizationId: string) => void;
}

export const SUCCESS = {
  activated: 'Subscription activated successfully.',
  cardAdded: 'Payment method added successfully.',
  planNow: 'Your plan has been updated.',
  planLater: 'Your plan will be updated when the current period ends.',
  canceled: 'Subscription successfully cancelled.',
} as const;

type Trx = Transaction<DB>;

const isStripe = (p: PaymentProvider): p is StripeProvider => p.name === 'stripe';

export function createBilling(deps: BillingDeps) {
  const { db, provider, clock } = deps;

  /** Runs the provider's billing for the periods that ended, inside the caller's transaction. */
  async function advanceLocked(trx: Trx, row: q.SubscriptionRow, now: Date): Promise<q.SubscriptionRow> {
    if (row.provider !== provider.name || new Date(row.ends_at) > now) return row;
    const prices = await q.planPrices(trx);
    const state = await q.stateOf(trx, row);
    const out = await provider.advance({ state, priceOf: (id) => prices.get(id)!, now });
    if (out.invoices.length === 0 && out.state.status === state.status) return row;
    await q.saveState(trx, row, out.state, out.invoices, out.paid, now, prices);
    deps.changed(row.organization_id);
    return (await q.currentSubscription(trx, row.organization_id))!;
  }

  /** The organization's subscription, brought up to date, locked for the rest of the transaction. */
  async function locked(trx: Trx, organizationId: string): Promise<q.SubscriptionRow> {
    const row = await q.currentSubscription(trx, organizationId, true);
    if (!row) throw problem('noSubscription');
    return advanceLocked(trx, row, clock.now());
  }

  async function sync(organizationId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const row = await q.currentSubscription(trx, organizationId, true);
      if (row) await advanceLocked(trx, row, clock.now());
    });
  }

  function matching(row: q.SubscriptionRow, providerSubscriptionId: string): void {
    // Another organization's subscription id, or a stale one: not found, whoever asks.
    if (row.provider_subscription_id !== providerSubscriptionId) throw problem('notFound');
  }

  async function latestCard(trx: Trx, organizationId: string): Promise<Card | null> {
    const pm = await trx
      .selectFrom('payment_methods')
      .select('id')
      .where('organization_id', '=', organizationId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return q.cardOf(trx, organizationId, pm?.id ?? null);
  }

  return {
    provider,
    clock,
    sync,

    /** Registration's 'Start your free trial', or a new subscription paid at once for an organization whose last one ended. */
    async createSubscription(input: { organizationId: string; packetId: number; isMonthly: boolean }) {
      const result = await db.transaction().execute(async (trx) => {
        const prices = await q.planPrices(trx);
        const plan = prices.get(input.packetId);
        if (!plan) throw problem('validation', { errors: ["'packetId' is not valid"] });
        const org = await trx
          .selectFrom('organizations')
          .select(['registration_done', 'name'])
          .where('id', '=', input.organizationId)
          .forUpdate()
          .executeTakeFirst();
        if (!org) throw problem('notFound');
        const now = clock.now();
        let card: Card | null = null;
        if (org.registration_done) {
          const current = await q.currentSubscription(trx, input.organizationId, true);
          const live = current && (await advanceLocked(trx, current, now));
          if (
            live &&
            accessState({ registrationDone: true, isOwner: true }, { status: live.status, ends_at: live.ends_at }, now) === 'ok'
          ) {
            throw problem('conflict', { message: 'This organization already has a subscription.' });
          }
          card = await latestCard(trx, input.organizationId);
        }
        const created = await provider.createSubscription({
          organizationId: input.organizationId,
          organizationName: org.name,
          plan,
          isMonthly: input.isMonthly,
          trial: !org.registration_done,
          card,
          now,
        });
        const s = created.state;
        const row = await trx
          .insertInto('subscriptions')
          .values({
            organization_id: input.organizationId,
            plan_id: s.planId,
            status: s.status,
            is_monthly: s.isMonthly,
            starts_at: s.periodStart,
            ends_at: s.periodEnd,
            cancel_at: s.cancelAt,
            payment_method_id: s.card?.id ?? null,
            card_last4: s.card?.last4 ?? null,
            provider_subscription_id: created.providerSubscriptionId,
            provider: provider.name,
          })
          .returning(['id', 'status', 'ends_at'])
          .executeTakeFirstOrThrow();
        await q.addInvoices(trx, input.organizationId, row.id, created.invoices, now, prices);
        if (!org.registration_done)
          await trx.updateTable('organizations').set({ registration_done: true }).where('id', '=', input.organizationId).execute();
        return {
          subscriptionId: created.providerSubscriptionId,
          clientSecret: created.clientSecret,
          status: row.status,
          subscriptionEndsAt: new Date(row.ends_at).toISOString(),
        };
      });
      deps.changed(input.organizationId);
      return result;
    },

    /** 'Pay now' after the card is in: active when the first invoice is paid. */
    async activate(input: { organizationId: string; providerSubscriptionId: string }) {
      const row = await db.transaction().execute(async (trx) => {
        const r = await locked(trx, input.organizationId);
        matching(r, input.providerSubscriptionId);
        return r;
      });
      if (row.status === 'active' || row.status === 'trialing') return { message: SUCCESS.activated, status: row.status };
      if (!row.payment_method_id) throw problem('noDefaultPaymentMethod');
      throw problem('cardDeclined');
    },

    /** A sandbox test card typed into the sandbox card form (Stripe.js makes this on Stripe's side). */
    async createSandboxPaymentMethod(input: { organizationId: string; number: string; expMonth: number; expYear: number }) {
      if (provider.name !== 'sandbox') throw problem('paymentProviderMismatch');
      const now = clock.now();
      if (input.expYear < now.getUTCFullYear() || (input.expYear === now.getUTCFullYear() && input.expMonth < now.getUTCMonth() + 1)) {
        throw problem('validation', { message: "Your card's expiration date is in the past.", errors: ["'expYear' is in the past"] });
      }
      const c = sandboxCard(input.number);
      if ('error' in c) throw problem(c.error === 'Your card was declined.' ? 'cardDeclined' : 'cardInvalid');
      const id = `pm_sandbox_${randomUUID()}`;
      await q.addPaymentMethod(db, input.organizationId, { id, ...c, expMonth: input.expMonth, expYear: input.expYear });
      return { paymentMethodId: id, brand: c.brand, last4: c.last4 };
    },

    /** A SetupIntent for the card form with Stripe (3-D Secure when the bank asks); the sandbox has no such step. */
    async createCardSetup(input: { organizationId: string }) {
      const row = await q.currentSubscription(db, input.organizationId);
      if (!isStripe(provider)) throw problem('paymentProviderMismatch');
      // The Stripe customer is made with the subscription (registration step 2).
      if (!row?.provider_subscription_id) throw problem('notFound');
      const setup = await provider.createCardSetup({ providerSubscriptionId: row.provider_subscription_id });
      if (!setup) throw problem('paymentProviderMismatch');
      return setup;
    },

    /**
     * Makes a card the default and pays the open invoices with it (past_due and unpaid become active).
     * With `setupIntentId` (Stripe's card form) the card counts only once Stripe says that SetupIntent
     * succeeded for this organization's customer with this card.
     */
    async addPaymentMethod(input: { organizationId: string; paymentMethodId: string; setupIntentId?: string | undefined }) {
      const out = await db.transaction().execute(async (trx) => {
        let card = await q.cardOf(trx, input.organizationId, input.paymentMethodId);
        const setupIntentId = input.setupIntentId;
        if (setupIntentId) {
          if (!isStripe(provider)) throw problem('paymentProviderMismatch');
          const providerSubscriptionId = (await q.currentSubscription(trx, input.organizationId))?.provider_subscription_id;
          if (!providerSubscriptionId) throw problem('notFound');
          const set = await provider.verifyCardSetup({ setupIntentId, paymentMethodId: input.paymentMethodId, providerSubscriptionId });
          if ('refused' in set) throw problem('validation', { errors: [set.refused] });
          if (!card) await q.addPaymentMethod(trx, input.organizationId, set);
          card = set;
        } else if (!card && isStripe(provider)) {
          // A new card with Stripe counts only through a SetupIntent that succeeded for this customer (the
          // bank's check, 3-D Secure): a payment method id alone, read back from Stripe, proved neither.
          throw problem('validation', { errors: ["'setupIntentId' is required"] });
        }
        if (!card) throw problem('notFound');
        const row = await q.currentSubscription(trx, input.organizationId, true);
        const live = row && (await advanceLocked(trx, row, clock.now()));
        const now = clock.now();
        const open = await q.openInvoices(trx, input.organizationId);
        const res = await provider.attachPaymentMethod({
          providerSubscriptionId: live?.provider_subscription_id ?? null,
          state: live ? await q.stateOf(trx, live) : null,
          card,
          attached: Boolean(setupIntentId),
          open,
          now,
        });
        if (live && res) await q.saveState(trx, live, res.state, res.invoices, res.paid, now, await q.planPrices(trx));
        return { last4: card.last4, brand: card.brand, paid: res?.paid.length ?? 0, declines: card.declines };
      });
      deps.changed(input.organizationId);
      if (out.declines && out.paid === 0) {
        // The card is kept as the default (Stripe attaches it), but the open invoices stay unpaid.
        const open = await q.openInvoices(db, input.organizationId);
        if (open.length) throw problem('cardDeclined');
      }
      return { last4: out.last4, brand: out.brand, message: SUCCESS.cardAdded };
    },

    async changePlan(input: {
      organizationId: string;
      providerSubscriptionId: string;
      newPacketId: number;
      atPeriodEnd: boolean;
      isMonthly?: boolean | undefined;
    }) {
      const message = await db.transaction().execute(async (trx) => {
        const row = await locked(trx, input.organizationId);
        matching(row, input.providerSubscriptionId);
        if (row.status === 'canceled' || row.cancel_at) throw problem('subscriptionCanceledChange');
        const prices = await q.planPrices(trx);
        const plan = prices.get(input.newPacketId);
        if (!plan) throw problem('validation', { errors: ["'newPacketId' is not valid"] });
        const isMonthly = input.isMonthly ?? row.is_monthly;
        if (plan.id === row.plan_id && isMonthly === row.is_monthly && row.pending_plan_id === null) throw problem('subscriptionSamePlan');
        const now = clock.now();
        const state = await q.stateOf(trx, row);
        const out = await provider.changePlan({
          providerSubscriptionId: row.provider_subscription_id ?? '',
          state,
          current: prices.get(row.plan_id)!,
          plan,
          isMonthly,
          atPeriodEnd: input.atPeriodEnd,
          now,
        });
        await q.saveState(trx, row, out.state, out.invoices, out.paid, now, prices);
        return input.atPeriodEnd ? SUCCESS.planLater : SUCCESS.planNow;
      });
      deps.changed(input.organizationId);
      return { message };
    },

    async cancel(input: {
      organizationId: string;
      providerSubscriptionId: string;
      atPeriodEnd: boolean;
      reason: number;
      customReason: string;
    }) {
      await db.transaction().execute(async (trx) => {
        const row = await locked(trx, input.organizationId);
        matching(row, input.providerSubscriptionId);
        if (row.status === 'canceled' || row.cancel_at) throw problem('subscriptionAlreadyCanceled');
        const now = clock.now();
        const out = await provider.cancel({
          providerSubscriptionId: row.provider_subscription_id ?? '',
          state: await q.stateOf(trx, row),
          atPeriodEnd: input.atPeriodEnd,
          now,
        });
        await q.saveState(trx, row, out.state, out.invoices, out.paid, now, await q.planPrices(trx));
        await trx
          .updateTable('subscriptions')
          .set({ cancel_reason: input.reason, cancel_reason_text: input.reason === 4 ? input.customReason : null })
          .where('id', '=', row.id)
          .execute();
      });
      deps.changed(input.organizationId);
      return { message: SUCCESS.canceled };
    },

    /** The subscription as spec 000 section 3 names its fields, after billing the periods that ended. */
    async subscription(organizationId: string) {
      await sync(organizationId);
      const row = await q.currentSubscription(db, organizationId);
      if (!row) return null;
      const plans = await q.planPrices(db);
      const plan = plans.get(row.plan_id)!;
      const pending = row.pending_plan_id !== null ? plans.get(row.pending_plan_id) : undefined;
      const card = await q.cardOf(db, organizationId, row.payment_method_id);
      return {
        subscriptionId: row.id,
        stripeSubscriptionId: row.provider_subscription_id,
        subscriptionStartsAt: new Date(row.starts_at).toISOString(),
        subscriptionEndsAt: new Date(row.ends_at).toISOString(),
        subscriptionStatus: row.status,
        planId: row.plan_id,
        planName: plan.name,
        price: (row.is_monthly ? plan.monthlyCents : plan.annualMonthlyCents) / 100,
        isMonthly: row.is_monthly,
        clientSecret: null,
        paymentMethodId: row.payment_method_id,
        last4CardDigits: row.card_last4,
        cardBrand: card?.brand ?? null,
        cancelAt: row.cancel_at ? new Date(row.cancel_at).toISOString() : null,
        pendingPlanId: pending?.id ?? null,
        pendingPlanName: pending?.name ?? null,
        pendingIsMonthly: row.pending_is_monthly,
        provider: provider.name,
      };
    },

    async invoices(organizationId: string, opts: { search: string; page: number; pageSize: number }) {
      await sync(organizationId);
      const { rows, total } = await q.listInvoices(db, organizationId, opts);
      return { invoices: rows.map(invoiceView), totalSize: total };
    },

    /** A verified Stripe webhook delivery: the subscription or invoice it reports, written to the mirror. */
    async stripeWebhook(raw: Buffer, signature: string): Promise<void> {
      if (!isStripe(provider)) throw problem('paymentProviderMismatch');
      let update: StripeUpdate | null;
      try {
        update = await provider.webhookUpdate(raw, signature);
      } catch {
        throw problem('webhookSignature');
      }
      if (!update) return;
      const organizationId = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('subscriptions')
          .select(['id', 'organization_id', 'pending_plan_id', 'pending_is_monthly'])
          .where('provider_subscription_id', '=', update.providerSubscriptionId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return null;
        if (update.kind === 'invoice') {
          const known = update.invoice.providerInvoiceId
            ? await trx
                .selectFrom('invoices')
                .select('id')
                .where('provider_invoice_id', '=', update.invoice.providerInvoiceId)
                .executeTakeFirst()
            : undefined;
          if (known)
            await trx
              .updateTable('invoices')
              .set({
                status: update.invoice.status,
                amount_cents: update.invoice.amountCents,
                paid_at: update.invoice.status === 'paid' ? clock.now() : null,
              })
              .where('id', '=', known.id)
              .execute();
          else await q.addInvoices(trx, row.organization_id, row.id, [update.invoice], clock.now(), await q.planPrices(trx));
          return row.organization_id;
        }
        await trx
          .updateTable('subscriptions')
          .set({
            status: update.status,
            starts_at: update.periodStart,
            ends_at: update.periodEnd,
            cancel_at: update.cancelAt,
            ...(update.planId !== null ? { plan_id: update.planId, is_monthly: update.isMonthly ?? false } : {}),
            // The change waiting for the period's end (a Stripe subscription schedule) has happened.
            ...(update.planId !== null && update.planId === row.pending_plan_id && update.isMonthly === row.pending_is_monthly
              ? { pending_plan_id: null, pending_is_monthly: null }
              : {}),
          })
          .where('id', '=', row.id)
          .execute();
        return row.organization_id;
      });
      if (organizationId) deps.changed(organizationId);
    },

    /** The billing run: every subscription whose period ended, in batches (pg-boss job; tests call it after moving the clock). */
    async runDue(): Promise<number> {
      let n = 0;
      for (;;) {
        const due = await q.dueOrganizations(db, clock.now(), 100);
        if (!due.length) return n;
        const before = n;
        for (const id of due) {
          await sync(id);
          n++;
        }
        // A subscription the provider could not move (another provider's) would loop for ever.
        if (n - before === due.length && due.length < 100) return n;
      }
    },

    /** E-mails the payment-method reminders due today; returns how many were sent. */
    async sendReminders(mailer: Mailer, publicUrl: string): Promise<number> {
      const now = clock.now();
      let sent = 0;
      for (const days of REMINDER_DAYS) {
        for (const t of await q.reminderTargets(db, now, days)) {
          if (!(await q.markReminded(db, t.organization_id, new Date(t.ends_at), days))) continue;
          await mailer
            .send({
              to: t.email,
              ...paymentReminderMail({
                fullName: t.full_name,
                organizationName: t.organization_name,
                days,
                endDate: formatDay(new Date(t.ends_at)),
                link: `${publicUrl.replace(/\/$/, '')}/subscription-plans`,
              }),
            })
            .catch(() => undefined);
          sent++;
        }
      }
      return sent;
    },
  };
}

export type Billing = ReturnType<typeof createBilling>;

/** MMM D, YYYY in UTC, the spec's date format of the billing screens (also inside invoices). */
export function formatDay(d: Date): string {
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export const invoiceFileName = (number: number) => `Invoice-${String(number).padStart(4, '0')}.pdf`;

export function invoiceView(r: q.InvoiceRow) {
  return {
    invoiceId: r.id,
    fileName: invoiceFileName(r.number),
    billingPeriodStart: new Date(r.period_start).toISOString(),
    billingPeriodEnd: new Date(r.period_end).toISOString(),
    amountDue: r.amount_cents / 100,
    paymentStatus: r.status,
    planName: r.plan_name,
    kind: r.kind,
    pdf: `/api/Payment/downloadInvoice/${r.id}`,
  };
}
