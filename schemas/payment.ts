// Payloads of the payment calls (spec 000 section 7 "Payment").
import type { FromSchema } from 'json-schema-to-ts';
import { positiveInt, uuid } from './common';

export const createSubscriptionBody = {
  type: 'object',
  required: ['organizationId', 'packetId'],
  additionalProperties: false,
  properties: { organizationId: uuid, packetId: positiveInt, isMonthlySubscription: { type: 'boolean' } },
} as const;
export type CreateSubscriptionBody = FromSchema<typeof createSubscriptionBody>;
