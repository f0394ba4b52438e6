// Request payloads of the Account, Languages, Roles and Organizations-lookup calls (spec 000 section 7).
import type { FromSchema } from 'json-schema-to-ts';
import { SINGLE_LINE, code6, email, password, positiveInt, shortText, uuid } from './common';
import type { RoleName } from './roles';

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
