// The local sandbox provider, the embedded default: no account, no network. It follows Stripe's
// subscription lifecycle closely enough that the billing screens behave as they would with Stripe:
// - a trial of one month (TRIAL_DAYS) with no card needed to start it;
// - at each period end an invoice for the next period, paid with the default card; with no card, or a
//   card that declines, the invoice stays open and the subscription goes past_due (Stripe's
//   missing_payment_method: create_invoice); a past_due subscription still unpaid at the end of the
//   next period becomes unpaid and stops renewing (Stripe's "mark the subscription as unpaid");
// - attaching a card pays the open invoices and makes the subscription active again;
// - a plan change now prorates the rest of the period (an invoice for an upgrade, a credit taken off
//   the next invoices for a downgrade; no proration during the trial), or waits for the period's end;
// - cancel at period end: the subscription runs to the end of the period, then is canceled.
// Test cards are Stripe's: 4242 4242 4242 4242 pays, 4000 0000 0000 0341 attaches but declines, and
// 4000 0000 0000 0002 is refused at once ('Your card was declined.').
import { randomUUID } from 'node:crypto';
import { TRIAL_DAYS, periodPrice, type Card, type NewInvoice, type PaymentProvider, type SubState } from './provider';

const DAY = 86_400_000;

/** Stripe's month arithmetic: the same day of the next month, or its last day when that is shorter. */
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d.getTime());
  const day = r.getUTCDate();
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + months);
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(day, last));
  return r;
}

export const periodEndFrom = (start: Date, isMonthly: boolean): Date => addMonths(start, isMonthly ? 1 : 12);

/** The card a sandbox test number stands for, or the reason it is refused. */
export function sandboxCard(number: string): { brand: string; last4: string; declines: boolean } | { error: string } {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^[0-9]{12,19}$/.test(digits) || !luhn(digits)) return { error: 'Your card number is invalid.' };
  if (digits === '4000000000000002') return { error: 'Your card was declined.' };
  const brand = digits.startsWith('4')
    ? 'visa'
    : /^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)
      ? 'mastercard'
      : /^3[47]/.test(digits)
        ? 'amex'
        : 'card';
  return { brand, last4: digits.slice(-4), declines: digits === '4000000000000341' };
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

const canCharge = (card: Card | null) => card !== null && !card.declines;

/** Takes the customer's credit off an amount, as Stripe applies a customer balance. */
function applyCredit(state: SubState, amount: number): { amount: number; credit: number } {
  const used = Math.min(state.creditCents, amount);
  return { amount: amount - used, credit: state.creditCents - used };
}

export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    publishableKey: null,

    async createSubscription({ plan, isMonthly, trial, card, now }) {
      const providerSubscriptionId = `sub_sandbox_${randomUUID()}`;
      if (trial) {
        const state: SubState = {
          status: 'trialing',
          planId: plan.id,
          isMonthly,
          periodStart: now,
          periodEnd: new Date(now.getTime() + TRIAL_DAYS * DAY),
          cancelAt: null,
          pendingPlanId: null,
          pendingIsMonthly: null,
          creditCents: 0,
          card,
        };
        return { providerSubscriptionId, clientSecret: null, state, invoices: [], paid: [] };
      }
      // Reactivation: the first period is invoiced at once (Stripe's payment_behavior default_incomplete).
      const periodEnd = periodEndFrom(now, isMonthly);
      const paid = canCharge(card);
      const invoice: NewInvoice = {
        kind: 'subscription',
        planId: plan.id,
        isMonthly,
        periodStart: now,
        periodEnd,
        amountCents: periodPrice(plan, isMonthly),
        status: paid ? 'paid' : 'open',
        providerInvoiceId: null,
      };
      const state: SubState = {
        status: paid ? 'active' : 'incomplete',
        planId: plan.id,
        isMonthly,
        periodStart: now,
        periodEnd,
        cancelAt: null,
        pendingPlanId: null,
        pendingIsMonthly: null,
        creditCents: 0,
        card,
      };
      return {
        providerSubscriptionId,
        clientSecret: paid ? null : `seti_sandbox_${randomUUID()}_secret`,
        state,
        invoices: [invoice],
        paid: [],
      };
    },

    async createCardSetup() {
      return null;
    },

    async attachPaymentMethod({ state, card, open, now }) {
      if (!state) return null;
      const next: SubState = { ...state, card };
      if (card.declines || open.length === 0) return { state: next, invoices: [], paid: [] };
      const paid = open.map((i) => i.id);
      if (next.status === 'past_due' || next.status === 'incomplete') next.status = 'active';
      if (next.status === 'unpaid') {
        // Stripe leaves an unpaid subscription's periods behind; paying brings it back from today.
        next.status = 'active';
        if (next.periodEnd <= now) {
          next.periodStart = now;
          next.periodEnd = periodEndFrom(now, next.isMonthly);
        }
      }
      return { state: next, invoices: [], paid };
    },

    async changePlan({ state, current, plan, isMonthly, atPeriodEnd, now }) {
      if (atPeriodEnd) return { state: { ...state, pendingPlanId: plan.id, pendingIsMonthly: isMonthly }, invoices: [], paid: [] };
      const base: SubState = { ...state, planId: plan.id, isMonthly, pendingPlanId: null, pendingIsMonthly: null };
      if (state.status === 'trialing') return { state: base, invoices: [], paid: [] };
      const span = state.periodEnd.getTime() - state.periodStart.getTime();
      const left = Math.max(0, state.periodEnd.getTime() - now.getTime());
      const unused = Math.round((periodPrice(current, state.isMonthly) * left) / span);
      if (isMonthly !== state.isMonthly) {
        // A new billing interval starts a new period today (Stripe resets the billing cycle anchor).
        const periodEnd = periodEndFrom(now, isMonthly);
        const withCredit = { ...base, creditCents: state.creditCents + unused };
        const { amount, credit } = applyCredit(withCredit, periodPrice(plan, isMonthly));
        const paid = canCharge(state.card) || amount === 0;
        const invoice: NewInvoice = {
          kind: 'proration',
          planId: plan.id,
          isMonthly,
          periodStart: now,
          periodEnd,
          amountCents: amount,
          status: paid ? 'paid' : 'open',
          providerInvoiceId: null,
        };
        return {
          state: { ...withCredit, creditCents: credit, periodStart: now, periodEnd, status: paid ? state.status : 'past_due' },
          invoices: [invoice],
          paid: [],
        };
      }
      const remaining = Math.round((periodPrice(plan, isMonthly) * left) / span);
      const diff = remaining - unused;
      if (diff <= 0) return { state: { ...base, creditCents: state.creditCents - diff }, invoices: [], paid: [] };
      const { amount, credit } = applyCredit(base, diff);
      const paid = canCharge(state.card) || amount === 0;
      const invoice: NewInvoice = {
        kind: 'proration',
        planId: plan.id,
        isMonthly,
        periodStart: now,
        periodEnd: state.periodEnd,
        amountCents: amount,
        status: paid ? 'paid' : 'open',
        providerInvoiceId: null,
      };
      return { state: { ...base, creditCents: credit, status: paid ? state.status : 'past_due' }, invoices: [invoice], paid: [] };
    },

    async cancel({ state, atPeriodEnd, now }) {
      if (atPeriodEnd) return { state: { ...state, cancelAt: state.periodEnd }, invoices: [], paid: [] };
      return {
        state: { ...state, status: 'canceled', cancelAt: now, periodEnd: now < state.periodEnd ? now : state.periodEnd },
        invoices: [],
        paid: [],
      };
    },

    async advance({ state, priceOf, now }) {
      let s: SubState = { ...state };
      const invoices: NewInvoice[] = [];
      // Bounded: a clock moved years ahead renews at most a few dozen periods in one run.
      for (let guard = 0; guard < 60 && s.periodEnd <= now; guard++) {
        if (s.status === 'canceled' || s.status === 'unpaid' || s.status === 'incomplete') break;
        if (s.cancelAt && s.cancelAt <= s.periodEnd) {
          s = { ...s, status: 'canceled', pendingPlanId: null, pendingIsMonthly: null };
          break;
        }
        if (s.status === 'past_due') {
          s = { ...s, status: 'unpaid' };
          break;
        }
        const planId = s.pendingPlanId ?? s.planId;
        const isMonthly = s.pendingIsMonthly ?? s.isMonthly;
        const start = s.periodEnd;
        const end = periodEndFrom(start, isMonthly);
        const { amount, credit } = applyCredit(s, periodPrice(priceOf(planId), isMonthly));
        const paid = canCharge(s.card) || amount === 0;
        invoices.push({
          kind: 'subscription',
          planId,
          isMonthly,
          periodStart: start,
          periodEnd: end,
          amountCents: amount,
          status: paid ? 'paid' : 'open',
          providerInvoiceId: null,
        });
        s = {
          ...s,
          planId,
          isMonthly,
          pendingPlanId: null,
          pendingIsMonthly: null,
          periodStart: start,
          periodEnd: end,
          creditCents: credit,
          status: paid ? 'active' : 'past_due',
        };
      }
      return { state: s, invoices, paid: [] };
    },
  };
}
