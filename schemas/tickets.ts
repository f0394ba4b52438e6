// Support tickets (spec 000 sections 2, 3, 5, 7 "Tickets"): shapes, limits and who may do what,
// declared once for the server and the pages.
import type { FromSchema } from 'json-schema-to-ts';
import { ALL_BUT_COLLECTOR, MANAGER_ROLES, type RoleName } from './roles';
import { dateTime, page, uuid } from './common';
import { endpoint } from './endpoint';

/**
 * The ticket types. The spec names the field but not its values: these are ours, stored by id (never
 * renumber). The names are the English texts the pages translate.
 */
export const TICKET_TYPES = [
  { id: 1, name: 'Technical issue' },
  { id: 2, name: 'Billing and payments' },
  { id: 3, name: 'Account and access' },
  { id: 4, name: 'Feature request' },
  { id: 5, name: 'Other' },
] as const;
export type TicketTypeId = (typeof TICKET_TYPES)[number]['id'];

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatusName = (typeof TICKET_STATUSES)[number];

/** Who opens and reads tickets (spec 000 section 6: /tickets for all but DataCollector). */
export const TICKET_ROLES = ALL_BUT_COLLECTOR;
/** Row selection and bulk deletion (spec 000 section 6); they also see every ticket of the organization. */
export const TICKET_MANAGER_ROLES = MANAGER_ROLES;
/**
 * Who answers for the provider: the brief names SuperAdmin. Tickets never leave their organization, so
 * the answering SuperAdmin is the one of the ticket's own organization (docs/decisions/0052-support-tickets.md).
 */
export const TICKET_SUPPORT_ROLES = ['SuperAdmin'] as const satisfies readonly RoleName[];

export const TICKET_PAGE_SIZE = 10;
export const TICKET_MAX_FILES = 3;
export const TICKET_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The spec's accepted types (section 5 "Ticket form"). */
export const TICKET_FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'gif', 'webp', 'xls', 'xlsx', 'docx', 'pdf'] as const;
export const TICKET_SUBJECT_MAX = 200;
export const TICKET_MESSAGE_MAX = 5000;
/** The multipart fields of POST /Tickets/createTicket (spec 000 section 3 "Creation form fields"). */
export const TICKET_FIELDS = ['Type', 'Subject', 'LastResponse', 'Attachments'] as const;

export const ticketListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page,
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: TICKET_PAGE_SIZE },
    searchInput: { type: 'string', maxLength: 200 },
    type: { type: 'integer', minimum: 1, maximum: TICKET_TYPES.length },
  },
} as const;
export type TicketListQuery = FromSchema<typeof ticketListQuery>;

export const ticketIdQuery = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: uuid } } as const;

/** DELETE /Tickets/deleteTickets: the selected ids, as the list's bulk actions send them. */
export const deleteTicketsBody = { type: 'array', minItems: 1, maxItems: 100, items: uuid } as const;

const personName = { type: 'string', maxLength: 200 } as const;
const fileName = { type: 'string', maxLength: 200 } as const;
/** How many messages a thread's answer carries at most; threads are not limited, this is far past any real one. */
export const TICKET_THREAD_MAX = 10_000;

/** A ticket in the list (spec 000 section 3 "Ticket"); the declared screen's row (schemas/screens/tickets.ts). */
export const ticketRowSchema = {
  $id: 'TicketRow',
  type: 'object',
  required: [
    'id',
    'type',
    'subject',
    'lastResponse',
    'status',
    'createdAt',
    'submittedBy',
    'submitterEmail',
    'organizationName',
    'attachments',
  ],
  properties: {
    id: uuid,
    type: { type: 'integer' },
    subject: { type: 'string', maxLength: TICKET_SUBJECT_MAX },
    /** The latest message of the thread. */
    lastResponse: { type: 'string', maxLength: TICKET_MESSAGE_MAX },
    status: { type: 'string', enum: TICKET_STATUSES },
    createdAt: dateTime,
    submittedBy: personName,
    submitterEmail: { type: 'string', maxLength: 254 },
    organizationName: { type: 'string', maxLength: 200 },
    /** File names of the first message's attachments. */
    attachments: { type: 'array', maxItems: TICKET_MAX_FILES, items: fileName },
  },
} as const;
export type TicketRow = FromSchema<typeof ticketRowSchema>;

/** GET /Tickets/getAllTickets: a page of tickets. */
export const ticketListSchema = {
  type: 'object',
  required: ['ticketResponses', 'total'],
  properties: {
    ticketResponses: { type: 'array', maxItems: ticketListQuery.properties.pageSize.maximum, items: ticketRowSchema },
    total: { type: 'integer', minimum: 0 },
  },
} as const;
export type TicketList = FromSchema<typeof ticketListSchema>;

export const ticketAttachmentSchema = {
  type: 'object',
  required: ['id', 'fileName', 'size', 'contentType', 'url'],
  properties: {
    id: uuid,
    fileName,
    size: { type: 'integer', minimum: 0 },
    contentType: { type: 'string', maxLength: 100 },
    /** Where the page downloads it (with the caller's session). */
    url: { type: 'string', maxLength: 200 },
  },
} as const;
export type TicketAttachment = FromSchema<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = {
  type: 'object',
  required: ['id', 'authorName', 'fromSupport', 'body', 'createdAt', 'attachments'],
  properties: {
    id: uuid,
    authorName: personName,
    fromSupport: { type: 'boolean' },
    body: { type: 'string', maxLength: TICKET_MESSAGE_MAX },
    createdAt: dateTime,
    attachments: { type: 'array', maxItems: TICKET_MAX_FILES, items: ticketAttachmentSchema },
  },
} as const;
export type TicketMessage = FromSchema<typeof ticketMessageSchema>;

/** GET /Tickets/getTicketById and POST /Tickets/replyToTicket: the ticket with its thread. */
export const ticketDetailSchema = {
  type: 'object',
  required: [...ticketRowSchema.required, 'messages', 'canAnswer', 'canReply'],
  properties: {
    ...ticketRowSchema.properties,
    messages: { type: 'array', maxItems: TICKET_THREAD_MAX, items: ticketMessageSchema },
    /** Whether the caller answers for support (reply as support, change the status). */
    canAnswer: { type: 'boolean' },
    /** Whether the caller may add to the thread (support, or the submitter while not closed). */
    canReply: { type: 'boolean' },
  },
} as const;
export type TicketDetail = FromSchema<typeof ticketDetailSchema>;

/** GET /Tickets/getTicketTypes. */
export const ticketTypesSchema = {
  type: 'array',
  maxItems: TICKET_TYPES.length,
  items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string', maxLength: 100 } } },
} as const;

/** POST /Tickets/createTicket: the new ticket's id. */
export const createdTicketSchema = uuid;
/** DELETE /Tickets/deleteTickets: how many tickets were deleted. */
export const deletedTicketsSchema = { type: 'integer', minimum: 0, maximum: deleteTicketsBody.maxItems } as const;
/** POST /Tickets/setTicketStatus. */
export const ticketStatusSetSchema = { type: 'boolean' } as const;

export const replyTicketBody = {
  type: 'object',
  required: ['ticketId', 'message'],
  additionalProperties: false,
  properties: {
    ticketId: uuid,
    message: { type: 'string', minLength: 1, maxLength: TICKET_MESSAGE_MAX },
    /** Support only: the status the ticket takes with this reply (default 'answered'). */
    status: { type: 'string', enum: TICKET_STATUSES },
  },
} as const;

export const ticketStatusBody = {
  type: 'object',
  required: ['id', 'status'],
  additionalProperties: false,
  properties: { id: uuid, status: { type: 'string', enum: TICKET_STATUSES } },
} as const;

export const ticketAttachmentParams = {
  type: 'object',
  required: ['ticketId', 'attachmentId'],
  additionalProperties: false,
  properties: { ticketId: uuid, attachmentId: uuid },
} as const;

/** The ticket calls (spec 000 section 7 "Tickets"). createTicket is multipart: its fields are TICKET_FIELDS. */
export const TICKETS_API = {
  getTicketTypes: endpoint({ method: 'GET', path: '/Tickets/getTicketTypes', access: TICKET_ROLES, answer: ticketTypesSchema }),
  getAllTickets: endpoint({
    method: 'GET',
    path: '/Tickets/getAllTickets',
    access: TICKET_ROLES,
    query: ticketListQuery,
    answer: ticketListSchema,
  }),
  getTicketById: endpoint({
    method: 'GET',
    path: '/Tickets/getTicketById',
    access: TICKET_ROLES,
    query: ticketIdQuery,
    answer: ticketDetailSchema,
  }),
  createTicket: endpoint({ method: 'POST', path: '/Tickets/createTicket', access: TICKET_ROLES, answer: createdTicketSchema }),
  deleteTickets: endpoint({
    method: 'DELETE',
    path: '/Tickets/deleteTickets',
    access: TICKET_MANAGER_ROLES,
    body: deleteTicketsBody,
    answer: deletedTicketsSchema,
  }),
  replyToTicket: endpoint({
    method: 'POST',
    path: '/Tickets/replyToTicket',
    access: TICKET_ROLES,
    body: replyTicketBody,
    answer: ticketDetailSchema,
  }),
  setTicketStatus: endpoint({
    method: 'POST',
    path: '/Tickets/setTicketStatus',
    access: TICKET_ROLES,
    body: ticketStatusBody,
    answer: ticketStatusSetSchema,
  }),
  getAttachment: endpoint({
    method: 'GET',
    path: '/Tickets/getAttachment/:ticketId/:attachmentId',
    access: TICKET_ROLES,
    params: ticketAttachmentParams,
    answer: { file: 'the attachment, as a download' },
  }),
} as const;
