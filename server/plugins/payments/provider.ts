// The payment provider behind /api/payment: one interface, two implementations. The local
// sandbox (sandbox.ts) is the embedded default and follows Stripe's subscription lifecycle on a clock
// that tests can move; Stripe itself (stripe.ts) is used when STRIPE_SECRET_KEY is set.
//
// Our database mirrors the provider: a subscription's state (SubState) goes in, the provider answers
// with the state after the operation and the invoices it issued, and services/billing.ts writes both.
import type { SubscriptionStatus } from '../../db/schema';

export const TRIAL_DAYS = 30;

export interface PlanPrice {
  id: number;
  name: string;
  /** USD cents per month, billed monthly. */
  monthlyCents: number;
  /** USD cents per month, billed annually (the year costs 12 times this). */
  annualMonthlyCents: number;
}

/** What one period of a plan costs, in cents. */
export const periodPrice = (p: PlanPrice, isMonthly: boolean): number => (isMonthly ? p.monthlyCents : p.annualMonthlyCents * 12);

export interface Card {
  id: string;
  brand: string;
  last4: string;
  /** Sandbox test card that attaches but whose charges are declined. */
  declines: boolean;
}

export interface SubState {
  status: SubscriptionStatus;
  planId: number;
  isMonthly: boolean;
  periodStart: Date;
  periodEnd: Date;
  /** When a requested cancellation takes effect. */
  cancelAt: Date | null;
  /** A plan change waiting for the end of the period. */
  pendingPlanId: number | null;
  pendingIsMonthly: boolean | null;
  /** Unused time of a downgrade, taken off the next invoices. */
  creditCents: number;
  card: Card | null;
}

export interface NewInvoice {
  kind: 'subscription' | 'proration';
  planId: number;
  isMonthly: boolean;
  periodStart: Date;
  periodEnd: Date;
  amountCents: number;
  status: 'open' | 'paid';
  providerInvoiceId: string | null;
}

export interface OpenInvoice {
  id: string;
  amountCents: number;
  providerInvoiceId: string | null;
}

export interface Outcome {
  state: SubState;
  invoices: NewInvoice[];
  /** Our ids of open invoices that were paid now. */
  paid: string[];
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The browser's card form: Stripe Elements with this key, or the sandbox form when null. */
  readonly publishableKey: string | null;
  /** A new subscription: with the free trial (registration), or charged at once (reactivation). */
  createSubscription(input: {
    organizationId: string;
    organizationName: string;
    plan: PlanPrice;
    isMonthly: boolean;
    trial: boolean;
    card: Card | null;
    now: Date;
  }): Promise<Outcome & { providerSubscriptionId: string; clientSecret: string | null }>;
  /**
   * The step before a card is attached that lets the bank ask for 3-D Secure (SCA): Stripe's SetupIntent
   * for the subscription's customer, whose client secret the browser confirms with the card. Null when the
   * provider has no such step: the sandbox's test cards need no authentication and its own form makes the
   * card directly (/payment/sandbox/createPaymentMethod).
   */
  createCardSetup(input: { providerSubscriptionId: string }): Promise<{ setupIntentId: string; clientSecret: string } | null>;
  /**
   * Makes a card the organization's default and pays what is open with it. `attached`: the card is on the
   * provider's customer already (a confirmed SetupIntent put it there).
   */
  attachPaymentMethod(input: {
    providerSubscriptionId: string | null;
    state: SubState | null;
    card: Card;
    attached?: boolean;
    open: OpenInvoice[];
    now: Date;
  }): Promise<Outcome | null>;
  changePlan(input: {
    providerSubscriptionId: string;
    state: SubState;
    current: PlanPrice;
    plan: PlanPrice;
    isMonthly: boolean;
    atPeriodEnd: boolean;
    now: Date;
  }): Promise<Outcome>;
  cancel(input: { providerSubscriptionId: string; state: SubState; atPeriodEnd: boolean; now: Date }): Promise<Outcome>;
  /**
   * Moves a subscription through every period that ended by `now`: the sandbox's own billing run.
   * Stripe bills on its servers and tells us by webhook, so its adapter returns the state unchanged.
   */
  advance(input: { state: SubState; priceOf: (planId: number) => PlanPrice; now: Date }): Promise<Outcome>;
}
