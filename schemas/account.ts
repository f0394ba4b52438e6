// Request payloads of the Account, Languages, Roles and Organizations-lookup calls (spec 000 section 7).
import type { FromSchema } from 'json-schema-to-ts';
import { code6, dateTime, doneSchema, email, password, positiveInt, shortText, SINGLE_LINE, uuid } from './common';
import { endpoint } from './endpoint';
import { roleNames, type RoleName } from './roles';

export const loginBody = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: { email, password, rememberMe: { type: 'boolean' } },
} as const;
export type LoginBody = FromSchema<typeof loginBody>;

export const confirmEmailBody = {
  type: 'object',
  required: ['userId', 'code'],
  additionalProperties: false,
  properties: { userId: uuid, code: code6 },
} as const;
export type ConfirmEmailBody = FromSchema<typeof confirmEmailBody>;

export const emailQuery = {
  type: 'object',
  required: ['email'],
  properties: { email },
} as const;
export type EmailQuery = FromSchema<typeof emailQuery>;

export const registerBody = {
  type: 'object',
  required: ['adminFullName', 'phoneNumber', 'email', 'password', 'confirmPassword', 'organizationName', 'typeId', 'countryId'],
  additionalProperties: false,
  properties: {
    adminFullName: { type: 'string', minLength: 1, maxLength: 200, pattern: SINGLE_LINE },
    roleWithinOrganization: shortText,
    phoneNumber: { type: 'string', minLength: 1, maxLength: 40 },
    email,
    password,
    confirmPassword: password,
    organizationName: { type: 'string', minLength: 1, maxLength: 200, pattern: SINGLE_LINE },
    typeId: positiveInt,
    countryId: positiveInt,
  },
} as const;
export type RegisterBody = FromSchema<typeof registerBody>;

export const forgotPasswordBody = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email },
} as const;
export type ForgotPasswordBody = FromSchema<typeof forgotPasswordBody>;

export const checkResetCodeBody = {
  type: 'object',
  required: ['userId', 'code'],
  additionalProperties: false,
  // userId: the opaque id forgotPassword answered (it names the code, not the user).
  properties: { userId: uuid, code: code6 },
} as const;
export type CheckResetCodeBody = FromSchema<typeof checkResetCodeBody>;

export const resetPasswordBody = {
  type: 'object',
  required: ['resetToken', 'newPassword', 'confirmPassword'],
  additionalProperties: false,
  // resetToken: what checkResetPasswordCode answered for a good code; it works once, for 10 minutes.
  // userId (optional, the spec's field): the id forgotPassword answered; when sent it must match.
  properties: {
    resetToken: { type: 'string', minLength: 1, maxLength: 2048 },
    userId: uuid,
    newPassword: password,
    confirmPassword: password,
  },
} as const;
export type ResetPasswordBody = FromSchema<typeof resetPasswordBody>;

export const userIdQuery = {
  type: 'object',
  required: ['userId'],
  properties: { userId: uuid },
} as const;
export type UserIdQuery = FromSchema<typeof userIdQuery>;

export const selectOrganizationQuery = {
  type: 'object',
  required: ['userId', 'organizationId'],
  properties: { userId: uuid, organizationId: uuid },
} as const;
export type SelectOrganizationQuery = FromSchema<typeof selectOrganizationQuery>;

export const refreshTokenBody = {
  type: 'object',
  required: ['refreshToken'],
  additionalProperties: false,
  properties: { token: { type: 'string', maxLength: 4096 }, refreshToken: { type: 'string', minLength: 1, maxLength: 512 } },
} as const;
export type RefreshTokenBody = FromSchema<typeof refreshTokenBody>;

/** One organization of the signed-in user, as login and getUserOrganizations answer it. */
export interface OrganizationEntry {
  organizationId: string;
  organizationName: string;
  organizationType: string | null;
  organizationTypeId: number | null;
  organizationMemberId: string;
  isDeletedUser: boolean;
  isDeletedOrg: boolean;
  roles: { name: RoleName }[];
  subscriptionEndDate: string | null;
  paymentMethodId: string | null;
  accessState: AccessState;
}

/** Whether the organization may be entered, from its registration and subscription. */
export type AccessState = 'ok' | 'registration' | 'noSubscription' | 'canceledEnded' | 'ended' | 'notPaid';

// The answers of the Account calls (schemas/envelope.ts replies()).

const token = { type: 'string', maxLength: 4096 } as const;
/** A role's name, as schemas/roles.ts declares them. */
const roleName = { type: 'string', maxLength: 50, enum: roleNames } as const;
const nullableText = { type: ['string', 'null'], maxLength: 200 } as const;
/** More organizations than one person belongs to; the list is not paged. */
const MAX_USER_ORGANIZATIONS = 10_000;

export const organizationEntrySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'organizationId',
    'organizationName',
    'organizationType',
    'organizationTypeId',
    'organizationMemberId',
    'isDeletedUser',
    'isDeletedOrg',
    'roles',
    'subscriptionEndDate',
    'paymentMethodId',
    'accessState',
  ],
  properties: {
    organizationId: uuid,
    organizationName: shortText,
    organizationType: nullableText,
    organizationTypeId: { type: ['integer', 'null'] },
    organizationMemberId: uuid,
    isDeletedUser: { type: 'boolean' },
    isDeletedOrg: { type: 'boolean' },
    roles: {
      type: 'array',
      maxItems: 10,
      items: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: roleName } },
    },
    subscriptionEndDate: { type: ['string', 'null'], format: 'date-time' },
    paymentMethodId: nullableText,
    accessState: { type: 'string', enum: ['ok', 'registration', 'noSubscription', 'canceledEnded', 'ended', 'notPaid'] },
  },
} as const;

export const userOrganizationsSchema = { type: 'array', maxItems: MAX_USER_ORGANIZATIONS, items: organizationEntrySchema } as const;

/** The signed-in user as login answers it. */
export const publicUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'fullName', 'phoneNumber', 'email', 'countryName', 'profilePictureUrl', 'organizations'],
  properties: {
    id: uuid,
    fullName: shortText,
    phoneNumber: { type: ['string', 'null'], maxLength: 50 },
    email,
    countryName: nullableText,
    profilePictureUrl: { type: ['string', 'null'], maxLength: 2048 },
    organizations: { type: 'array', maxItems: MAX_USER_ORGANIZATIONS, items: uuid },
  },
} as const;

const tokenPair = { token, tokenExpire: dateTime, refreshToken: token } as const;

/** Where an owner whose organization is still registering is sent back to, instead of a session. */
const organizationNotPaidSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['isRegistrationDone', 'organizationId', 'userId', 'registrationToken', 'registerStepOneData'],
  properties: {
    isRegistrationDone: { type: 'boolean' },
    organizationId: uuid,
    userId: uuid,
    registrationToken: token,
    registerStepOneData: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['fullName', 'roleWithinOrganization', 'phoneNumber', 'email', 'name', 'typeId', 'countryId'],
      properties: {
        fullName: shortText,
        roleWithinOrganization: nullableText,
        phoneNumber: { type: ['string', 'null'], maxLength: 50 },
        email,
        name: shortText,
        typeId: { type: ['integer', 'null'] },
        countryId: { type: ['integer', 'null'] },
      },
    },
  },
} as const;

/** POST Account/login: a session, or (token null) the registration to finish first. */
export const loginAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'tokenExpire', 'refreshToken', 'message', 'user', 'organizations', 'organizationNotPaid'],
  properties: {
    token: { type: ['string', 'null'], maxLength: 4096 },
    tokenExpire: { type: ['string', 'null'], format: 'date-time' },
    refreshToken: { type: ['string', 'null'], maxLength: 4096 },
    message: { type: 'string', maxLength: 500 },
    user: { ...publicUserSchema, type: ['object', 'null'] },
    organizations: userOrganizationsSchema,
    organizationNotPaid: { ...organizationNotPaidSchema, type: ['object', 'null'] },
  },
} as const;
export type LoginAnswer = FromSchema<typeof loginAnswerSchema>;

export const registerAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'organizationId'],
  properties: { userId: uuid, organizationId: uuid },
} as const;

export const confirmEmailAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['registrationToken', 'organizationId'],
  properties: {
    registrationToken: { type: ['string', 'null'], maxLength: 4096 },
    organizationId: { type: ['string', 'null'], format: 'uuid' },
  },
} as const;

export const forgotPasswordAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userId'],
  properties: { userId: uuid },
} as const;

export const resetCodeAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['resetToken'],
  properties: { resetToken: token },
} as const;

export const selectOrganizationAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'tokenExpire', 'refreshToken', 'userRole', 'organizationName', 'message'],
  properties: {
    ...tokenPair,
    userRole: { type: 'array', maxItems: 10, items: roleName },
    organizationName: shortText,
    message: { type: 'string', maxLength: 500 },
  },
} as const;

export const refreshAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'tokenExpire', 'refreshToken'],
  properties: tokenPair,
} as const;

/** GET BotCheck/config: which bot check the sign-in forms solve. */
export const botCheckConfigSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mode', 'siteKey'],
  properties: { mode: { type: 'string', enum: ['altcha', 'recaptcha', 'off'] }, siteKey: { type: ['string', 'null'], maxLength: 200 } },
} as const;

/** GET health: this process can serve. */
export const healthSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
} as const;

/** GET dev/mailbox: the outbox, newest first (at most the query's limit, 200). */
export const devMailboxSchema = {
  type: 'array',
  maxItems: 200,
  items: {
    type: 'object',
    required: ['id', 'to', 'subject', 'text', 'createdAt', 'sentAt'],
    properties: {
      id: { type: ['string', 'integer'], maxLength: 64 },
      to: email,
      subject: { type: 'string', maxLength: 1000 },
      text: { type: 'string', maxLength: 1_000_000 },
      createdAt: { type: 'string', format: 'date-time' },
      sentAt: { type: ['string', 'null'], format: 'date-time' },
    },
  },
} as const;

/** GET dev/mailbox: whose mail, and how much of it. */
export const devMailboxQuery = {
  type: 'object',
  properties: { to: { type: 'string', maxLength: 254 }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
} as const;

/** The Account calls (spec 000 section 7): sign-in, registration, confirmation codes, password reset, organizations, sessions. */
export const ACCOUNT_API = {
  login: endpoint({ method: 'POST', path: '/Account/login', access: 'public', body: loginBody, answer: loginAnswerSchema }),
  register: endpoint({ method: 'POST', path: '/Account/register', access: 'public', body: registerBody, answer: registerAnswerSchema }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/Account/confirmEmail',
    access: 'public',
    body: confirmEmailBody,
    answer: confirmEmailAnswerSchema,
  }),
  resendConfirmEmail: endpoint({
    method: 'POST',
    path: '/Account/resendConfirmEmail',
    access: 'public',
    query: emailQuery,
    answer: doneSchema,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/Account/forgotPassword',
    access: 'public',
    body: forgotPasswordBody,
    answer: forgotPasswordAnswerSchema,
  }),
  checkResetPasswordCode: endpoint({
    method: 'POST',
    path: '/Account/checkResetPasswordCode',
    access: 'public',
    body: checkResetCodeBody,
    answer: resetCodeAnswerSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/Account/resetPassword',
    access: 'public',
    body: resetPasswordBody,
    answer: doneSchema,
  }),
  getUserOrganizations: endpoint({
    method: 'GET',
    path: '/Account/getUserOrganizations',
    access: 'user',
    query: userIdQuery,
    answer: userOrganizationsSchema,
  }),
  selectOrganization: endpoint({
    method: 'GET',
    path: '/Account/selectOrganization',
    access: 'user',
    query: selectOrganizationQuery,
    answer: selectOrganizationAnswerSchema,
  }),
  refreshToken: endpoint({
    method: 'POST',
    path: '/Account/refreshToken',
    access: 'public',
    body: refreshTokenBody,
    answer: refreshAnswerSchema,
  }),
  logout: endpoint({ method: 'POST', path: '/Account/logout', access: 'user', answer: doneSchema }),
} as const;

/** The bot check the sign-in forms solve. The challenge is the bare ALTCHA challenge the widget fetches, not the envelope. */
export const BOT_CHECK_API = {
  config: endpoint({ method: 'GET', path: '/BotCheck/config', access: 'public', answer: botCheckConfigSchema }),
  challenge: endpoint({
    method: 'GET',
    path: '/BotCheck/challenge',
    access: 'public',
    answer: { file: 'the bare ALTCHA challenge, or the envelope with null when the check is off' },
  }),
} as const;

/** GET /api/health for load balancers and orchestrators (503 in the envelope when a check fails). */
export const HEALTH_API = {
  health: endpoint({ method: 'GET', path: '/health', access: 'public', answer: healthSchema }),
} as const;

/**
 * GET /api/metrics for Prometheus: the text exposition format, with the METRICS_TOKEN setting as a bearer
 * token. Without that setting the route is not found (404); a wrong token is 401, and counted.
 */
export const METRICS_API = {
  metrics: endpoint({
    method: 'GET',
    path: '/metrics',
    access: 'public',
    answer: { file: "Prometheus' text exposition format (version 0.0.4)" },
  }),
} as const;

/** The development mailbox; registered only when it is on (DEV_MAILBOX, no SMTP_URL). */
export const DEV_MAILBOX_API = {
  mailbox: endpoint({ method: 'GET', path: '/dev/mailbox', access: 'public', query: devMailboxQuery, answer: devMailboxSchema }),
} as const;
