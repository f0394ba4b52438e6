// App users: ODK Collect and KoboCollect devices of one project (docs/openrosa.md). A project manager
// creates one with a name, and optionally a data collector whose tasks its submissions count for; the
// answer carries the token once, the server address the device is set to, and the settings of
// Collect's QR code. Revoking one stops every request it makes at once.
import type { FromSchema } from 'json-schema-to-ts';
import { SINGLE_LINE, dateTime, page, uuid } from './common';
import { endpoint } from './endpoint';
import { MANAGER_ROLES } from './roles';

/** Who creates, lists and revokes app users: the roles that manage projects. */
export const APP_USER_ROLES = MANAGER_ROLES;
/** Live app users of one project. */
export const MAX_APP_USERS = 500;
export const APP_USER_PAGE_SIZE = 50;
/** OpenRosa requests one token may make per minute (a phone sending a day's backlog stays under it). */
export const OPENROSA_RATE_PER_MINUTE = 600;
/** Unknown or revoked tokens one address may present per 15 minutes (token guessing). */
export const OPENROSA_FAILURES_PER_ADDRESS = 30;

const name = { type: 'string', minLength: 1, maxLength: 100, pattern: SINGLE_LINE } as const;

export const createAppUserBody = {
  type: 'object',
  required: ['projectId', 'name'],
  additionalProperties: false,
  properties: { projectId: uuid, name, dataCollectorId: { anyOf: [uuid, { type: 'null' }] } },
} as const;
export type CreateAppUserBody = FromSchema<typeof createAppUserBody>;

export const appUsersQuery = {
  type: 'object',
  required: ['projectId'],
  additionalProperties: false,
  properties: {
    projectId: uuid,
    Page: page,
    PageSize: { type: 'integer', minimum: 1, maximum: APP_USER_PAGE_SIZE, default: APP_USER_PAGE_SIZE },
  },
} as const;
export type AppUsersQuery = FromSchema<typeof appUsersQuery>;

export const revokeAppUserBody = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: uuid } } as const;

const appUserProperties = {
  id: uuid,
  projectId: uuid,
  name,
  dataCollectorId: { anyOf: [uuid, { type: 'null' }] },
  dataCollectorName: { type: ['string', 'null'], maxLength: 300 },
  createdAt: dateTime,
  lastUsedAt: { anyOf: [dateTime, { type: 'null' }] },
  revokedAt: { anyOf: [dateTime, { type: 'null' }] },
} as const;
const appUserRequired = [
  'id',
  'projectId',
  'name',
  'dataCollectorId',
  'dataCollectorName',
  'createdAt',
  'lastUsedAt',
  'revokedAt',
] as const;

export const appUserReply = {
  type: 'object',
  additionalProperties: false,
  required: appUserRequired,
  properties: appUserProperties,
} as const;
export type AppUser = FromSchema<typeof appUserReply>;

/** The settings ODK Collect reads from its QR code (zlib-compressed, base64-encoded JSON). */
export const collectSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['general', 'admin', 'project'],
  properties: {
    general: {
      type: 'object',
      additionalProperties: false,
      required: ['server_url', 'form_update_mode'],
      properties: {
        server_url: { type: 'string', maxLength: 2000 },
        form_update_mode: { type: 'string', enum: ['manual', 'previously_downloaded', 'match_exactly'] },
      },
    },
    admin: { type: 'object', additionalProperties: false, properties: {} },
    project: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string', maxLength: 300 } },
    },
  },
} as const;
export type CollectSettings = FromSchema<typeof collectSettingsSchema>;

/** POST /AppUsers/create: the app user, its token this once, its server address and Collect's settings. */
export const createdAppUserReply = {
  type: 'object',
  additionalProperties: false,
  required: [...appUserRequired, 'token', 'serverUrl', 'settings', 'qrCode'],
  properties: {
    ...appUserProperties,
    token: { type: 'string', maxLength: 200 },
    serverUrl: { type: 'string', maxLength: 2000 },
    settings: collectSettingsSchema,
    /** The settings as Collect's QR code carries them: zlib-deflated JSON in base64. */
    qrCode: { type: 'string', maxLength: 8000 },
  },
} as const;

export const appUsersReply = {
  type: 'object',
  additionalProperties: false,
  required: ['totalSize', 'appUsers'],
  properties: {
    totalSize: { type: 'integer', minimum: 0, maximum: 100_000 },
    appUsers: { type: 'array', maxItems: APP_USER_PAGE_SIZE, items: appUserReply },
  },
} as const;

export const APP_USERS_API = {
  create: endpoint({
    method: 'POST',
    path: '/AppUsers/create',
    access: APP_USER_ROLES,
    body: createAppUserBody,
    answer: createdAppUserReply,
  }),
  list: endpoint({ method: 'GET', path: '/AppUsers/list', access: APP_USER_ROLES, query: appUsersQuery, answer: appUsersReply }),
  revoke: endpoint({ method: 'POST', path: '/AppUsers/revoke', access: APP_USER_ROLES, body: revokeAppUserBody, answer: appUserReply }),
};
