// The payment calls of spec 000 section 7 as the billing screens use them (server/routes/payment.ts).
import { PAYMENT_API as P } from '../../../schemas/payment';
import { call, callEnvelope } from '../../api/call';
import { ApiError } from '../../api/client';
import { session } from '../../state/session';

/** A bearer for the calls of /auth/payment and registration: the registration or payment token, else the session's. */
const as = (token: string | null | undefined) => (token ? { headers: { authorization: `Bearer ${token}` }, noRefresh: true } : {});

export const billingApi = {
  config: () => call(P.getPaymentConfig),
  subscription: () => call(P.getStripeSubscriptionByOrganization, { query: { organizationId: session.organizationId ?? '' } }),
  invoices: (search: string, page: number) =>
    call(P.getStripeInvoicesDetailsByOrganizationUser, {
      query: { organizationId: session.organizationId ?? '', search, page, pageSize: 10 },
    }),
  changePlan: (stripeSubscriptionId: string, newPacketId: number, updatePlanAfterPeriodEnds: boolean, isMonthly: boolean) =>
    callEnvelope(P.updateSubscriptionPlan, { query: { stripeSubscriptionId, newPacketId, updatePlanAfterPeriodEnds, isMonthly } }),
  cancel: (subscriptionId: string, reason: number, custom: string) =>
    callEnvelope(P.cancelStripeSubscription, {
      query: { subscriptionId, cancelSubscriptionAfterPeriodEnds: true, reasonOfCancellation: reason, customReasonOfCancellation: custom },
    }),
  sandboxCard: (organizationId: string, card: { number: string; expMonth: number; expYear: number; cvc: string }, token?: string | null) =>
    call(P.createPaymentMethod, { body: { organizationId, ...card } }, as(token)),
  /** `setupIntentId`: the SetupIntent Stripe's form confirmed, which the server checks before taking the card. */
  addPaymentMethod: (organizationId: string, paymentMethodId: string, token?: string | null, setupIntentId?: string) =>
    call(
      P.addPaymentMethodToOrganization,
      { query: { organizationId, paymentMethodId, ...(setupIntentId ? { setupIntentId } : {}) } },
      as(token),
    ),
  createCardSetup: (organizationId: string, token?: string | null) => call(P.createSetupIntent, { body: { organizationId } }, as(token)),
  createSubscription: (organizationId: string, packetId: number, isMonthly: boolean | undefined, token?: string | null) =>
    call(
      P.createSubscription,
      { body: { organizationId, packetId, ...(isMonthly === undefined ? {} : { isMonthlySubscription: isMonthly }) } },
      as(token),
    ),
  activate: (organizationId: string, stripeSubscriptionId: string, token?: string | null) =>
    callEnvelope(P.activateSubscription, { body: { organizationId, stripeSubscriptionId } }, as(token)),
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
