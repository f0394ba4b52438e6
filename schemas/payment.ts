// Payloads of the payment calls (spec 000 section 7 "Payment") and of plan administration.
import type { FromSchema } from 'json-schema-to-ts';
import { page, positiveInt, uuid } from './common';

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
