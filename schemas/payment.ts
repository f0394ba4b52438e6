// Payloads of the payment calls (spec 000 section 7 "Payment") and of plan administration.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, page, positiveInt, uuid } from './common';
import { endpoint } from './endpoint';
import { ORGANIZATION_ONLY } from './roles';

const providerId = { type: 'string', minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9_-]+$' } as const;
const bool = { type: 'boolean' } as const;

export const createSubscriptionBody = {
  type: 'object',
  required: ['organizationId', 'packetId'],
  additionalProperties: false,
  properties: { organizationId: uuid, packetId: positiveInt, isMonthlySubscription: bool },
} as const;
export type CreateSubscriptionBody = FromSchema<typeof createSubscriptionBody>;

export const activateSubscriptionBody = {
  type: 'object',
  required: ['organizationId', 'stripeSubscriptionId'],
  additionalProperties: false,
  properties: { organizationId: uuid, stripeSubscriptionId: providerId },
} as const;

export const addPaymentMethodQuery = {
  type: 'object',
  required: ['organizationId', 'paymentMethodId'],
  additionalProperties: false,
  // The SetupIntent the card form confirmed with Stripe (absent with the sandbox's form).
  properties: { organizationId: uuid, paymentMethodId: providerId, setupIntentId: providerId },
} as const;

/** A SetupIntent for Stripe's card form (3-D Secure when the bank asks). */
export const cardSetupBody = {
  type: 'object',
  required: ['organizationId'],
  additionalProperties: false,
  properties: { organizationId: uuid },
} as const;

/** The sandbox card form: Stripe's test numbers (plugins/payments/sandbox.ts). */
export const sandboxPaymentMethodBody = {
  type: 'object',
  required: ['organizationId', 'number', 'expMonth', 'expYear', 'cvc'],
  additionalProperties: false,
  properties: {
    organizationId: uuid,
    number: { type: 'string', minLength: 12, maxLength: 23, pattern: '^[0-9 -]+$' },
    expMonth: { type: 'integer', minimum: 1, maximum: 12 },
    expYear: { type: 'integer', minimum: 2000, maximum: 2200 },
    cvc: { type: 'string', minLength: 3, maxLength: 4, pattern: '^[0-9]+$' },
  },
} as const;

export const updatePlanQuery = {
  type: 'object',
  required: ['stripeSubscriptionId', 'newPacketId', 'updatePlanAfterPeriodEnds'],
  additionalProperties: false,
  properties: { stripeSubscriptionId: providerId, newPacketId: positiveInt, updatePlanAfterPeriodEnds: bool, isMonthly: bool },
} as const;

export const cancelQuery = {
  type: 'object',
  required: ['subscriptionId', 'reasonOfCancellation'],
  additionalProperties: false,
  properties: {
    subscriptionId: providerId,
    cancelSubscriptionAfterPeriodEnds: { type: 'boolean', default: true },
    reasonOfCancellation: { type: 'integer', minimum: 1, maximum: 4 },
    customReasonOfCancellation: { type: 'string', maxLength: 1000, default: '' },
  },
} as const;

export const organizationQuery = {
  type: 'object',
  required: ['organizationId'],
  additionalProperties: false,
  properties: { organizationId: uuid },
} as const;

export const invoicesQuery = {
  type: 'object',
  required: ['organizationId'],
  additionalProperties: false,
  properties: {
    organizationId: uuid,
    search: { type: 'string', maxLength: 200, default: '' },
    page,
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  },
} as const;

export const invoiceParams = {
  type: 'object',
  required: ['invoiceId'],
  additionalProperties: false,
  properties: { invoiceId: uuid },
} as const;

const price = { type: 'number', minimum: 0, maximum: 1000000 } as const;
const limit = { type: 'integer', minimum: 0, maximum: 1000000 } as const;
export const editPlanBody = {
  type: 'object',
  required: [
    'id',
    'name',
    'description',
    'monthlyPrice',
    'annuallyPrice',
    'workspaceLimit',
    'membersLimit',
    'databaseLimit',
    'projectsLimit',
  ],
  additionalProperties: false,
  properties: {
    id: positiveInt,
    name: { type: 'string', minLength: 1, maxLength: 60, pattern: '\\S' },
    description: { type: 'string', maxLength: 500 },
    monthlyPrice: price,
    annuallyPrice: price,
    workspaceLimit: limit,
    membersLimit: limit,
    databaseLimit: limit,
    projectsLimit: limit,
  },
} as const;
export type EditPlanBody = FromSchema<typeof editPlanBody>;

// ---- The answers ----

/** Text the provider made (ids, client secrets, keys): Stripe's are well under this. */
const providerText = { type: 'string', maxLength: 255 } as const;
const nullableProviderText = { type: ['string', 'null'], maxLength: 255 } as const;
const message = { type: 'string', maxLength: 200 } as const;
const money = { type: 'number', minimum: 0, maximum: 100000000 } as const;
const cardBrand = { type: 'string', maxLength: 40 } as const;
const last4 = { type: 'string', maxLength: 4 } as const;

export const paymentProviders = ['sandbox', 'stripe'] as const;
/** A subscription's status, as Stripe names them. */
export const subscriptionStatuses = ['trialing', 'active', 'incomplete', 'past_due', 'unpaid', 'canceled'] as const;
const subscriptionStatus = { type: 'string', enum: subscriptionStatuses } as const;

/** GET /Payment/getPaymentConfig: the card form to show (Stripe Elements with the key, or the sandbox's). */
export const paymentConfigSchema = {
  type: 'object',
  required: ['provider', 'publishableKey'],
  properties: { provider: { type: 'string', enum: paymentProviders }, publishableKey: nullableProviderText },
} as const;
export type PaymentConfig = FromSchema<typeof paymentConfigSchema>;

/** POST /payment/stripe/createSubscription. */
export const newSubscriptionSchema = {
  type: 'object',
  required: ['subscriptionId', 'clientSecret', 'status', 'subscriptionEndsAt'],
  properties: {
    subscriptionId: providerText,
    clientSecret: nullableProviderText,
    status: subscriptionStatus,
    subscriptionEndsAt: dateTime,
  },
} as const;

/** POST /payment/stripe/activateSubscription. */
export const activationSchema = {
  type: 'object',
  required: ['message', 'status'],
  properties: { message, status: subscriptionStatus },
} as const;

/** POST /payment/sandbox/createPaymentMethod: the sandbox's card, named to addPaymentMethodToOrganization next. */
export const sandboxPaymentMethodSchema = {
  type: 'object',
  required: ['paymentMethodId', 'brand', 'last4'],
  properties: { paymentMethodId: providerText, brand: cardBrand, last4 },
} as const;

/** POST /payment/stripe/createSetupIntent: what Stripe.js confirms the card with. */
export const cardSetupSchema = {
  type: 'object',
  required: ['setupIntentId', 'clientSecret'],
  properties: { setupIntentId: providerText, clientSecret: providerText },
} as const;

/** GET /Payment/addPaymentMethodToOrganization: the card now the default. */
export const paymentMethodAddedSchema = {
  type: 'object',
  required: ['last4', 'brand', 'message'],
  properties: { last4, brand: cardBrand, message },
} as const;

/** What a plan change or a cancellation did, in a sentence. */
export const billingMessageSchema = { type: 'object', required: ['message'], properties: { message } } as const;

/** GET /Payment/getStripeSubscriptionByOrganization: the subscription (spec 000 section 3), null before any. */
export const subscriptionSchema = {
  anyOf: [
    {
      type: 'object',
      required: [
        'subscriptionId',
        'stripeSubscriptionId',
        'subscriptionStartsAt',
        'subscriptionEndsAt',
        'subscriptionStatus',
        'planId',
        'planName',
        'price',
        'isMonthly',
        'clientSecret',
        'paymentMethodId',
        'last4CardDigits',
        'cardBrand',
        'cancelAt',
        'pendingPlanId',
        'pendingPlanName',
        'pendingIsMonthly',
        'provider',
      ],
      properties: {
        subscriptionId: uuid,
        stripeSubscriptionId: nullableProviderText,
        subscriptionStartsAt: dateTime,
        subscriptionEndsAt: dateTime,
        subscriptionStatus,
        planId: positiveInt,
        planName: { type: 'string', maxLength: 200 },
        /** USD per month. */
        price: money,
        isMonthly: bool,
        clientSecret: { type: 'null' },
        paymentMethodId: nullableProviderText,
        last4CardDigits: { type: ['string', 'null'], maxLength: 4 },
        cardBrand: { type: ['string', 'null'], maxLength: 40 },
        cancelAt: { type: ['string', 'null'], format: 'date-time', maxLength: 40 },
        pendingPlanId: { type: ['integer', 'null'], minimum: 1 },
        pendingPlanName: { type: ['string', 'null'], maxLength: 200 },
        pendingIsMonthly: { type: ['boolean', 'null'] },
        provider: { type: 'string', enum: paymentProviders },
      },
    },
    { type: 'null' },
  ],
} as const;
/** The organization's subscription, once it has one. */
export type Subscription = NonNullable<FromSchema<typeof subscriptionSchema>>;

/** One invoice of the billing history. */
export const invoiceSchema = {
  type: 'object',
  required: ['invoiceId', 'fileName', 'billingPeriodStart', 'billingPeriodEnd', 'amountDue', 'paymentStatus', 'planName', 'kind', 'pdf'],
  properties: {
    invoiceId: uuid,
    fileName: { type: 'string', maxLength: 40 },
    billingPeriodStart: dateTime,
    billingPeriodEnd: dateTime,
    /** USD. */
    amountDue: money,
    paymentStatus: { type: 'string', enum: ['open', 'paid', 'void', 'uncollectible'] },
    planName: { type: 'string', maxLength: 200 },
    kind: { type: 'string', enum: ['subscription', 'proration'] },
    /** Where the PDF downloads from (GET /Payment/downloadInvoice/{invoiceId}). */
    pdf: { type: 'string', maxLength: 100 },
  },
} as const;

/** GET /Payment/getStripeInvoicesDetailsByOrganizationUser: a page of invoices. */
export const invoicesSchema = {
  type: 'object',
  required: ['invoices', 'totalSize'],
  properties: {
    invoices: { type: 'array', maxItems: invoicesQuery.properties.pageSize.maximum, items: invoiceSchema },
    totalSize: { type: 'integer', minimum: 0 },
  },
} as const;

/** A plan as GET /Account/getPackets lists it: the fields the plan form edits. */
export const planSchema = {
  type: 'object',
  required: editPlanBody.required,
  properties: editPlanBody.properties,
} as const;
export const plansSchema = { type: 'array', maxItems: 100, items: planSchema } as const;

/** POST /Payment/editPlan. */
export const savedPlanSchema = { type: 'object', required: ['id'], properties: { id: positiveInt } } as const;

/** POST /payment/stripe/webhook: Stripe reads only the status; the body says the delivery was taken. */
export const webhookReceiptSchema = { type: 'object', required: ['received'], properties: { received: bool } } as const;

/**
 * The payment calls (spec 000 section 7 "Payment"). The public ones are the owner's who has no session in
 * the organization yet: the route checks the registration or payment token (server/routes/payment.ts).
 * The ORGANIZATION_ONLY ones register `withoutSubscription`: they are how the owner fixes an ended one.
 */
export const PAYMENT_API = {
  getPaymentConfig: endpoint({ method: 'GET', path: '/Payment/getPaymentConfig', access: 'public', answer: paymentConfigSchema }),
  createSubscription: endpoint({
    method: 'POST',
    path: '/payment/stripe/createSubscription',
    access: 'public',
    body: createSubscriptionBody,
    answer: newSubscriptionSchema,
  }),
  activateSubscription: endpoint({
    method: 'POST',
    path: '/payment/stripe/activateSubscription',
    access: 'public',
    body: activateSubscriptionBody,
    answer: activationSchema,
  }),
  createPaymentMethod: endpoint({
    method: 'POST',
    path: '/payment/sandbox/createPaymentMethod',
    access: 'public',
    body: sandboxPaymentMethodBody,
    answer: sandboxPaymentMethodSchema,
  }),
  createSetupIntent: endpoint({
    method: 'POST',
    path: '/payment/stripe/createSetupIntent',
    access: 'public',
    body: cardSetupBody,
    answer: cardSetupSchema,
  }),
  addPaymentMethodToOrganization: endpoint({
    method: 'GET',
    path: '/Payment/addPaymentMethodToOrganization',
    access: 'public',
    query: addPaymentMethodQuery,
    answer: paymentMethodAddedSchema,
  }),
  getStripeSubscriptionByOrganization: endpoint({
    method: 'GET',
    path: '/Payment/getStripeSubscriptionByOrganization',
    access: ORGANIZATION_ONLY,
    query: organizationQuery,
    answer: subscriptionSchema,
  }),
  updateSubscriptionPlan: endpoint({
    method: 'GET',
    path: '/Payment/updateSubscriptionPlan',
    access: ORGANIZATION_ONLY,
    query: updatePlanQuery,
    answer: billingMessageSchema,
  }),
  cancelStripeSubscription: endpoint({
    method: 'POST',
    path: '/Payment/cancelStripeSubscription',
    access: ORGANIZATION_ONLY,
    query: cancelQuery,
    answer: billingMessageSchema,
  }),
  getStripeInvoicesDetailsByOrganizationUser: endpoint({
    method: 'GET',
    path: '/Payment/getStripeInvoicesDetailsByOrganizationUser',
    access: ORGANIZATION_ONLY,
    query: invoicesQuery,
    answer: invoicesSchema,
  }),
  downloadInvoice: endpoint({
    method: 'GET',
    path: '/Payment/downloadInvoice/:invoiceId',
    access: ORGANIZATION_ONLY,
    params: invoiceParams,
    answer: { file: 'the invoice (PDF)' },
  }),
  downloadAllStripeInvoicesForOrganization: endpoint({
    method: 'GET',
    path: '/Payment/downloadAllStripeInvoicesForOrganization',
    access: ORGANIZATION_ONLY,
    query: organizationQuery,
    answer: { file: 'every invoice (PDF) in a zip' },
  }),
  /** Stripe's deliveries: the body is read raw (the signature covers it), in the route's own scope. */
  webhook: endpoint({ method: 'POST', path: '/payment/stripe/webhook', access: 'public', answer: webhookReceiptSchema }),
  // Plans are the platform's: the SuperAdmin role edits them (docs/decisions/0051-billing-rules.md).
  editPlan: endpoint({ method: 'POST', path: '/Payment/editPlan', access: ['SuperAdmin'], body: editPlanBody, answer: savedPlanSchema }),
} as const;
