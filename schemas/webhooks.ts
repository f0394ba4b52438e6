// Webhooks (docs/webhooks.md): an organization's own system told of a survey's events, or of every
// survey of a project, by an HTTPS POST signed as the Standard Webhooks specification says
// (standardwebhooks.com), so that a receiver can check it with that project's libraries. A project
// manager adds one with the events it wants; the answer carries the signing secret once. Each delivery
// and each of its attempts is kept for the hook's log, from which a delivery can be sent again.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, page, uuid } from './common';
import { endpoint } from './endpoint';
import { MANAGER_ROLES } from './roles';

/** Who adds, lists, removes and watches webhooks: the roles that manage projects, in their projects. */
export const WEBHOOK_ROLES = MANAGER_ROLES;

/** The events a webhook may ask for, in the order the screens list them. */
export const WEBHOOK_EVENTS = ['submission.created', 'submission.updated', 'submission.reviewed', 'survey.published'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Webhooks one organization may have, enabled or not. */
export const MAX_WEBHOOKS_PER_ORGANIZATION = 20;
export const WEBHOOK_PAGE_SIZE = 50;
export const DELIVERY_PAGE_SIZE = 50;
/** The attempts of a delivery the log shows, the latest. */
export const ATTEMPTS_SHOWN = 20;

/**
 * Seconds to wait after each failed attempt before the next: the first attempt at once, then nine
 * more over 23.6 hours. A delivery whose last attempt fails is failed, and its hook is disabled.
 */
export const RETRY_SCHEDULE_SECONDS = [10, 60, 300, 1800, 7200, 18_000, 28_800, 28_800] as const;
/** A receiver must answer within this; slower is a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Bytes of a receiver's answer read (and the first of them kept in the log). */
export const RESPONSE_READ_BYTES = 64 * 1024;
export const RESPONSE_EXCERPT_CHARS = 1000;
/** What a signing secret begins with (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const url = { type: 'string', minLength: 8, maxLength: 2000 } as const;
const events = {
  type: 'array',
  minItems: 1,
  maxItems: WEBHOOK_EVENTS.length,
  uniqueItems: true,
  items: { type: 'string', enum: WEBHOOK_EVENTS },
} as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time', maxLength: 40 } as const;
const count = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;

/** A webhook for one survey (surveyId) or for every survey of one project (projectId): one of the two. */
export const addWebhookBody = {
  type: 'object',
  required: ['url', 'events'],
  additionalProperties: false,
  properties: { surveyId: uuid, projectId: uuid, url, events },
} as const;
export type AddWebhookBody = FromSchema<typeof addWebhookBody>;

export const webhooksQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    surveyId: uuid,
    projectId: uuid,
    Page: page,
    PageSize: { type: 'integer', minimum: 1, maximum: WEBHOOK_PAGE_SIZE, default: WEBHOOK_PAGE_SIZE },
  },
} as const;
export type WebhooksQuery = FromSchema<typeof webhooksQuery>;

export const webhookIdBody = {
  type: 'object',
  required: ['webhookId'],
  additionalProperties: false,
  properties: { webhookId: uuid },
} as const;

export const deliveriesQuery = {
  type: 'object',
  required: ['webhookId'],
  additionalProperties: false,
  properties: {
    webhookId: uuid,
    Page: page,
    PageSize: { type: 'integer', minimum: 1, maximum: DELIVERY_PAGE_SIZE, default: DELIVERY_PAGE_SIZE },
  },
} as const;
export type DeliveriesQuery = FromSchema<typeof deliveriesQuery>;

export const redeliverBody = {
  type: 'object',
  required: ['deliveryId'],
  additionalProperties: false,
  properties: { deliveryId: uuid },
} as const;

const webhookProperties = {
  id: uuid,
  surveyId: { anyOf: [uuid, { type: 'null' }] },
  projectId: { anyOf: [uuid, { type: 'null' }] },
  url,
  events,
  createdAt: dateTime,
  /** Set when retries ran out (or an operator's check stopped it): no new deliveries until enabled. */
  disabledAt: nullableDateTime,
  disabledReason: { type: ['string', 'null'], maxLength: 500 },
  /** When its latest delivery was sent successfully, and when one last failed. */
  lastDeliveredAt: nullableDateTime,
  lastFailedAt: nullableDateTime,
} as const;
const webhookRequired = [
  'id',
  'surveyId',
  'projectId',
  'url',
  'events',
  'createdAt',
  'disabledAt',
  'disabledReason',
  'lastDeliveredAt',
  'lastFailedAt',
] as const;

export const webhookReply = {
  type: 'object',
  additionalProperties: false,
  required: webhookRequired,
  properties: webhookProperties,
} as const;

/** POST Webhooks/add: the webhook and its signing secret, shown this once. */
export const addedWebhookReply = {
  type: 'object',
  additionalProperties: false,
  required: [...webhookRequired, 'secret'],
  properties: { ...webhookProperties, secret: { type: 'string', maxLength: 100 } },
} as const;

export const webhooksReply = {
  type: 'object',
  additionalProperties: false,
  required: ['totalSize', 'webhooks'],
  properties: { totalSize: count, webhooks: { type: 'array', maxItems: WEBHOOK_PAGE_SIZE, items: webhookReply } },
} as const;

export const attemptReply = {
  type: 'object',
  additionalProperties: false,
  required: ['attemptedAt', 'statusCode', 'durationMs', 'error', 'responseExcerpt'],
  properties: {
    attemptedAt: dateTime,
    statusCode: { type: ['integer', 'null'], minimum: 100, maximum: 999 },
    durationMs: count,
    /** Why no answer came, or why it is not a success: a refused address, a timeout, a redirect. */
    error: { type: ['string', 'null'], maxLength: 500 },
    responseExcerpt: { type: ['string', 'null'], maxLength: RESPONSE_EXCERPT_CHARS },
  },
} as const;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const deliveryReply = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'event', 'submissionId', 'status', 'attempts', 'createdAt', 'nextAttemptAt', 'lastAttempts'],
  properties: {
    /** Also the request's webhook-id (msg_ and this id), the same on every attempt: receivers drop repeats by it. */
    id: uuid,
    event: { type: 'string', enum: WEBHOOK_EVENTS },
    submissionId: { anyOf: [uuid, { type: 'null' }] },
    status: { type: 'string', enum: DELIVERY_STATUSES },
    attempts: count,
    createdAt: dateTime,
    /** When a pending delivery is tried next; null once it is delivered or failed. */
    nextAttemptAt: nullableDateTime,
    lastAttempts: { type: 'array', maxItems: ATTEMPTS_SHOWN, items: attemptReply },
  },
} as const;

export const deliveriesReply = {
  type: 'object',
  additionalProperties: false,
  required: ['totalSize', 'deliveries'],
  properties: { totalSize: count, deliveries: { type: 'array', maxItems: DELIVERY_PAGE_SIZE, items: deliveryReply } },
} as const;

export const WEBHOOKS_API = {
  add: endpoint({ method: 'POST', path: '/Webhooks/add', access: WEBHOOK_ROLES, body: addWebhookBody, answer: addedWebhookReply }),
  list: endpoint({ method: 'GET', path: '/Webhooks/list', access: WEBHOOK_ROLES, query: webhooksQuery, answer: webhooksReply }),
  remove: endpoint({ method: 'POST', path: '/Webhooks/remove', access: WEBHOOK_ROLES, body: webhookIdBody, answer: webhookReply }),
  /** Enables a disabled webhook again; its deliveries still pending are tried at once. */
  enable: endpoint({ method: 'POST', path: '/Webhooks/enable', access: WEBHOOK_ROLES, body: webhookIdBody, answer: webhookReply }),
  getDeliveries: endpoint({
    method: 'GET',
    path: '/Webhooks/getDeliveries',
    access: WEBHOOK_ROLES,
    query: deliveriesQuery,
    answer: deliveriesReply,
  }),
  /** Sends a delivery again now, with the same payload and webhook-id, whatever its status. */
  redeliver: endpoint({ method: 'POST', path: '/Webhooks/redeliver', access: WEBHOOK_ROLES, body: redeliverBody, answer: deliveryReply }),
} as const;
