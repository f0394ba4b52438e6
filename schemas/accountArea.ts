// The account area's calls (spec 000 sections 2, 3, 4, 5, 7): the login information changes
// (e-mail and password, each confirmed by an e-mailed code), the profile picture, the account's deletion
// or deactivation and the account summary's statistics.
import type { FromSchema } from 'json-schema-to-ts';
import { userIdQuery } from './account';
import { code6, doneSchema, email, password, uuid } from './common';
import { endpoint } from './endpoint';
import { userAndOrganizationQuery } from './organizations';
import { ORGANIZATION_ONLY, PROFILE_ROLES } from './roles';

/** POST /account/sendUpdateEmailCode: the code goes to the new address, proving it is the user's. */
export const sendUpdateEmailCodeBody = {
  type: 'object',
  required: ['userId', 'newEmail'],
  additionalProperties: false,
  properties: { userId: uuid, newEmail: email },
} as const;

/** POST /Account/updateEmail: the spec's userId and newEmail, and the code that was mailed. */
export const updateEmailBody = {
  type: 'object',
  required: ['userId', 'newEmail', 'code'],
  additionalProperties: false,
  properties: { userId: uuid, newEmail: email, code: code6 },
} as const;
export type UpdateEmailBody = FromSchema<typeof updateEmailBody>;

/**
 * POST /Account/sendChangePasswordCode: the password form as the user filled it. The current password
 * and the new one's rule are checked before a code is mailed, so a code is only sent for a change that
 * can happen; POST /account/changePassword then takes the same fields and the code.
 */
export const sendChangePasswordCodeBody = {
  type: 'object',
  required: ['oldPassword', 'newPassword', 'confirmPassword'],
  additionalProperties: false,
  properties: { oldPassword: password, newPassword: password, confirmPassword: password },
} as const;

/** The picture as the profile page sends it: at most 20MB, png or jpeg (spec 000 section 9). */
export const PROFILE_PICTURE_MAX_BYTES = 20 * 1024 * 1024;
export const PROFILE_PICTURE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** The editor's output (spec 000 section 9): a square of 150 px at quality 0.75. */
export const PROFILE_PICTURE_SIZE = 150;
export const PROFILE_PICTURE_QUALITY = 0.75;

export const profilePictureParams = {
  type: 'object',
  required: ['userId', 'version'],
  additionalProperties: false,
  properties: { userId: uuid, version: { type: 'string', pattern: '^[0-9a-f-]{36}$', maxLength: 36 } },
} as const;

/** The reason codes of the 'Delete or deactivate account' dialog (spec 000 section 5); the route says which of the two. */
export const DELETE_REASONS = [1, 2, 3, 4] as const; // no longer use, privacy concern, not satisfied, other
export const DEACTIVATE_REASONS = [1, 2, 3] as const; // taking a break, not using the account anymore, other
export const OTHER_DELETE_REASON = 4;
export const OTHER_DEACTIVATE_REASON = 3;

export const deleteAccountBody = {
  type: 'object',
  required: ['reason', 'feedback'],
  additionalProperties: false,
  properties: {
    reason: { type: 'integer', minimum: 1, maximum: 4 },
    customReason: { type: 'string', maxLength: 1000 },
    feedback: { type: 'string', minLength: 1, maxLength: 2000 },
  },
} as const;
export type DeleteAccountBody = FromSchema<typeof deleteAccountBody>;

/** DELETE Organizations/permanentlyDeleteOrg: the organization, which must be the caller's. */
export const permanentlyDeleteOrgQuery = {
  type: 'object',
  required: ['organizationId'],
  additionalProperties: false,
  properties: { organizationId: userAndOrganizationQuery.properties.organizationId },
} as const;

export const dashboardStatisticsQuery = {
  type: 'object',
  required: ['organizationId'],
  additionalProperties: false,
  properties: {
    organizationId: uuid,
    year: { type: 'integer', enum: [2023, 2024, 2025] },
    month: { type: 'integer', minimum: 1, maximum: 12 },
    workspaceId: uuid,
  },
} as const;
export type DashboardStatisticsQuery = FromSchema<typeof dashboardStatisticsQuery>;
export const SUMMARY_YEARS = [2023, 2024, 2025] as const;

/** Organizations/getDashboardStatistics (spec 000 section 3 "Dashboard statistics"). */
const statistic = { type: 'number', minimum: 0 } as const;
/** GET Organizations/getDashboardStatistics: the account summary. */
export const dashboardStatisticsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'workspaceLimit',
    'currentWorkspaces',
    'totalSurveys',
    'totalBeneficiaries',
    'totalEnumerators',
    'totalProjects',
    'dataUsedPercentage',
    'dataUsageLimit',
    'dataUsedBytes',
  ],
  properties: {
    /** 0: no limit. */
    workspaceLimit: statistic,
    currentWorkspaces: statistic,
    /** Average surveys created per month over the period chosen. */
    totalSurveys: statistic,
    /** Average respondents (submissions) per month over the period chosen. */
    totalBeneficiaries: statistic,
    totalEnumerators: statistic,
    totalProjects: statistic,
    /** Share of the storage limit used, 0-100; 0 when there is no limit. */
    dataUsedPercentage: { type: 'number', minimum: 0, maximum: 100 },
    /** GB; 0: no limit. */
    dataUsageLimit: statistic,
    /** Bytes stored (beyond the spec: the donut's used part when there is no limit). */
    dataUsedBytes: statistic,
  },
} as const;
export type DashboardStatistics = FromSchema<typeof dashboardStatisticsSchema>;

/** A state or city of the profile's location choices. */
export const placesSchema = {
  type: 'array',
  maxItems: 20_000,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'name'],
    properties: { code: { type: 'string', maxLength: 200 }, name: { type: 'string', maxLength: 200 } },
  },
} as const;

/** POST Account/addOrUpdateProfilePicture: the picture's new address, null once deleted. */
export const profilePictureAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['profilePictureUrl'],
  properties: { profilePictureUrl: { type: ['string', 'null'], maxLength: 2048 } },
} as const;

/** GET /Languages/getStates and getCities: the profile's location choices (spec 001 section 9). */
export const statesQuery = {
  type: 'object',
  required: ['countryCode'],
  additionalProperties: false,
  properties: { countryCode: { type: 'string', pattern: '^[A-Za-z]{2}$', maxLength: 2 } },
} as const;
export const citiesQuery = {
  type: 'object',
  required: ['countryCode', 'stateCode'],
  additionalProperties: false,
  properties: {
    countryCode: { type: 'string', pattern: '^[A-Za-z]{2}$', maxLength: 2 },
    stateCode: { type: 'string', minLength: 1, maxLength: 10 },
  },
} as const;

/** The account area's calls (spec 000 section 7). */
export const ACCOUNT_AREA_API = {
  // Login information (spec 000 sections 4 and 5): any signed-in account changes its own.
  sendUpdateEmailCode: endpoint({
    method: 'POST',
    path: '/account/sendUpdateEmailCode',
    access: 'user',
    body: sendUpdateEmailCodeBody,
    answer: doneSchema,
  }),
  updateEmail: endpoint({ method: 'POST', path: '/Account/updateEmail', access: 'user', body: updateEmailBody, answer: doneSchema }),
  sendChangePasswordCode: endpoint({
    method: 'POST',
    path: '/Account/sendChangePasswordCode',
    access: 'user',
    body: sendChangePasswordCodeBody,
    answer: doneSchema,
  }),
  // The profile picture: multipart, its fields UserId and ProfilePicture (server/routes/accountArea.ts reads them).
  addOrUpdateProfilePicture: endpoint({
    method: 'POST',
    path: '/Account/addOrUpdateProfilePicture',
    access: 'user',
    answer: profilePictureAnswerSchema,
  }),
  profilePicture: endpoint({
    method: 'GET',
    path: '/FileData/profilePicture/:userId/:version',
    access: 'public',
    params: profilePictureParams,
    answer: { file: 'the profile picture (png or jpeg)' },
  }),
  // Deleting or deactivating (spec 000 sections 4 "Organization membership" and 5).
  permanentlyDeleteUser: endpoint({
    method: 'DELETE',
    path: '/Account/permanentlyDeleteUser',
    access: PROFILE_ROLES,
    query: userIdQuery,
    body: deleteAccountBody,
    answer: doneSchema,
  }),
  permanentlyDeleteOrg: endpoint({
    method: 'DELETE',
    path: '/Organizations/permanentlyDeleteOrg',
    access: ORGANIZATION_ONLY,
    query: permanentlyDeleteOrgQuery,
    body: deleteAccountBody,
    answer: doneSchema,
  }),
  deactivateAccount: endpoint({
    method: 'POST',
    path: '/Account/deactivateAccount',
    access: PROFILE_ROLES,
    body: deleteAccountBody,
    answer: doneSchema,
  }),
  // The profile's states and cities, from the dataset on the server.
  getStates: endpoint({ method: 'GET', path: '/Languages/getStates', access: 'user', query: statesQuery, answer: placesSchema }),
  getCities: endpoint({ method: 'GET', path: '/Languages/getCities', access: 'user', query: citiesQuery, answer: placesSchema }),
  // The account summary (Organization only).
  getDashboardStatistics: endpoint({
    method: 'GET',
    path: '/Organizations/getDashboardStatistics',
    access: ORGANIZATION_ONLY,
    query: dashboardStatisticsQuery,
    answer: dashboardStatisticsSchema,
  }),
} as const;
