// The payment calls of spec 000 section 7 as the billing screens use them (server/routes/payment.ts).
import { ApiError, api } from '../../api/client';
import { session } from '../../state/session';

export interface Subscription {
  subscriptionId: string;
  stripeSubscriptionId: string;
  subscriptionStartsAt: string;
  subscriptionEndsAt: string;
  subscriptionStatus: 'trialing' | 'active' | 'incomplete' | 'past_due' | 'unpaid' | 'canceled';
  planId: number;
  planName: string;
  price: number;
  isMonthly: boolean;
  paymentMethodId: string | null;
  last4CardDigits: string | null;
  cardBrand: string | null;
  cancelAt: string | null;
  pendingPlanId: number | null;
  pendingPlanName: string | null;
}

export interface Invoice {
  invoiceId: string;
  fileName: string;
  billingPeriodStart: string;
  billingPeriodEnd: string;
  amountDue: number;
  paymentStatus: string;
  planName: string;
  pdf: string;
}

export interface PaymentConfig {
  provider: 'sandbox' | 'stripe';
  publishableKey: string | null;
}

/** A bearer for the calls of /auth/payment and registration: the registration or payment token, else the session's. */
const as = (token: string | null | undefined) => (token ? { headers: { authorization: `Bearer ${token}` }, noRefresh: true } : {});

export const billingApi = {
  config: () => api.get<PaymentConfig>('/Payment/getPaymentConfig'),
  subscription: () =>
    api.get<Subscription | null>('/Payment/getStripeSubscriptionByOrganization', { query: { organizationId: session.organizationId } }),
  invoices: (search: string, page: number) =>
    api.get<{ invoices: Invoice[]; totalSize: number }>('/Payment/getStripeInvoicesDetailsByOrganizationUser', {
      query: { organizationId: session.organizationId, search, page, pageSize: 10 },
    }),
  changePlan: (stripeSubscriptionId: string, newPacketId: number, updatePlanAfterPeriodEnds: boolean, isMonthly: boolean) =>
    api.envelope<{ message: string }>('GET', '/Payment/updateSubscriptionPlan', {
      query: { stripeSubscriptionId, newPacketId, updatePlanAfterPeriodEnds, isMonthly },
    }),
  cancel: (subscriptionId: string, reason: number, custom: string) =>
    api.envelope('POST', '/Payment/cancelStripeSubscription', {
      query: { subscriptionId, cancelSubscriptionAfterPeriodEnds: true, reasonOfCancellation: reason, customReasonOfCancellation: custom },
    }),
  sandboxCard: (organizationId: string, card: { number: string; expMonth: number; expYear: number; cvc: string }, token?: string | null) =>
    api.post<{ paymentMethodId: string }>('/payment/sandbox/createPaymentMethod', { organizationId, ...card }, as(token)),
  /** `setupIntentId`: the SetupIntent Stripe's form confirmed, which the server checks before taking the card. */
  addPaymentMethod: (organizationId: string, paymentMethodId: string, token?: string | null, setupIntentId?: string) =>
    api.get<{ last4: string }>('/Payment/addPaymentMethodToOrganization', {
      query: { organizationId, paymentMethodId, ...(setupIntentId ? { setupIntentId } : {}) },
      ...as(token),
    }),
  createCardSetup: (organizationId: string, token?: string | null) =>
    api.post<{ setupIntentId: string; clientSecret: string }>('/payment/stripe/createSetupIntent', { organizationId }, as(token)),
  createSubscription: (organizationId: string, packetId: number, isMonthly: boolean | undefined, token?: string | null) =>
    api.post<{ subscriptionId: string; clientSecret: string | null }>(
      '/payment/stripe/createSubscription',
      { organizationId, packetId, ...(isMonthly === undefined ? {} : { isMonthlySubscription: isMonthly }) },
      as(token),
    ),
  activate: (organizationId: string, stripeSubscriptionId: string, token?: string | null) =>
    api.envelope<{ message: string }>('POST', '/payment/stripe/activateSubscription', {
      body: { organizationId, stripeSubscriptionId },
      ...as(token),
    }),
};

/** Fetches a download with the session's headers; an empty body is refused ('Received empty file.'). */
export async function download(path: string, query: Record<string, string> = {}): Promise<{ blob: Blob; name: string }> {
  const headers: Record<string, string> = {};
  if (session.token) headers.authorization = `Bearer ${session.token}`;
  if (session.organizationId) headers['organization-id'] = session.organizationId;
  const qs = new URLSearchParams(query).toString();
  const res = await fetch(`/api${path}${qs ? `?${qs}` : ''}`, { headers });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; errors?: string[] } | null;
    throw new ApiError('http', res.status, body?.message ?? '', body?.errors ?? []);
  }
  const blob = await res.blob();
  if (blob.size === 0) throw new EmptyFileError();
  const star = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob, name: star ? decodeURIComponent(star) : 'download' };
}

export class EmptyFileError extends Error {}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** MMM D, YYYY (spec 000 section 2), in the interface language's month names. */
export function formatDay(iso: string, lang: string): string {
  return new Date(iso).toLocaleDateString(lang, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
