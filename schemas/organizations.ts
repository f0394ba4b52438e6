// The Organizations calls of the profile (spec 000 sections 3 and 7, spec 001 section 7): the user's
// profile within their organization and the organization's company information, read and saved by
// the Organization Management page and its Profile information dialog; and the password change.
import type { FromSchema } from 'json-schema-to-ts';
import { code6, doneSchema, password, positiveInt, uuid } from './common';
import { endpoint } from './endpoint';
import { PROFILE_ROLES } from './roles';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const required = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;

/** Where the user lives or works (spec 000 "Profile and organization edit payload"). */
export const geographicalDetail = {
  type: 'object',
  additionalProperties: false,
  properties: {
    governorateOrProvince: text(200),
    district: text(200),
    subdistrict: text(200),
    cityOrCampOrVillage: text(200),
    neighborhoodOrSector: text(200),
    houseOrTentDetails: text(400),
  },
} as const;
export type GeographicalDetail = FromSchema<typeof geographicalDetail>;

export const userAndOrganizationQuery = {
  type: 'object',
  required: ['organizationId', 'userId'],
  properties: { organizationId: uuid, userId: uuid },
} as const;
export type UserAndOrganizationQuery = FromSchema<typeof userAndOrganizationQuery>;

/**
 * POST /Organizations/editUserAndOrganization. The dialog sends the personal and company fields; the
 * profile page adds gender, country, address and zip code. Fields left out keep their value. The
 * organization's name, type and country change only for its owner (spec 000 section 6).
 */
export const editUserAndOrganizationBody = {
  type: 'object',
  required: ['userId', 'organizationId', 'userFullName'],
  additionalProperties: false,
  properties: {
    userId: uuid,
    userFullName: required(200),
    gender: { type: 'string', enum: ['Male', 'Female', 'Other'] },
    userRoleWithinOrganization: required(200),
    userPhoneNumber: required(40),
    userCountryId: positiveInt,
    geographicalDetail,
    organizationId: uuid,
    organizationName: required(200),
    organizationTypeId: positiveInt,
    organizationCountryId: positiveInt,
    zipCode: { type: 'string', maxLength: 20, pattern: '^[0-9]*$' },
  },
} as const;
export type EditUserAndOrganizationBody = FromSchema<typeof editUserAndOrganizationBody>;

/** POST /account/changePassword (spec 000 section 7; rules of spec 001 section 5 "Change password"). */
export const changePasswordBody = {
  type: 'object',
  required: ['oldPassword', 'newPassword', 'confirmPassword'],
  additionalProperties: false,
  /** With `code`: the /login-information change, confirmed by the code Account/sendChangePasswordCode mailed. */
  properties: { oldPassword: password, newPassword: password, confirmPassword: password, code: code6 },
} as const;
export type ChangePasswordBody = FromSchema<typeof changePasswordBody>;

/** What GET /Organizations/getUserAndOrganizationInfo answers: the spec's four fields and what the page shows. */
const nullable = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const nullableId = { type: ['integer', 'null'] } as const;

/** GET Organizations/getUserAndOrganizationInfo: the caller's profile and company information. */
export const userAndOrganizationInfoSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'userId',
    'userFullName',
    'email',
    'userPhoneNumber',
    'gender',
    'userCountryId',
    'userRoleWithinOrganization',
    'geographicalDetail',
    'organizationMemberId',
    'role',
    'organizationId',
    'organizationName',
    'organizationTypeId',
    'organizationType',
    'organizationCountryId',
    'organizationCountry',
    'zipCode',
    'canEditOrganization',
  ],
  properties: {
    userId: uuid,
    userFullName: text(200),
    email: text(254),
    userPhoneNumber: nullable(50),
    gender: { type: ['string', 'null'], enum: ['Male', 'Female', 'Other', null] },
    userCountryId: nullableId,
    userRoleWithinOrganization: nullable(200),
    geographicalDetail,
    organizationMemberId: uuid,
    role: text(50),
    organizationId: uuid,
    organizationName: text(200),
    organizationTypeId: nullableId,
    organizationType: nullable(200),
    organizationCountryId: nullableId,
    organizationCountry: nullable(200),
    zipCode: nullable(20),
    /** Whether the caller may change the organization's name, type and country (its owner only). */
    canEditOrganization: { type: 'boolean' },
  },
} as const;
export type UserAndOrganizationInfo = FromSchema<typeof userAndOrganizationInfoSchema>;

/** POST Organizations/editUserAndOrganization: the message shown. */
export const editedProfileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: { message: text(200) },
} as const;

/** The profile's calls. DataCollector and Guest have no profile pages (spec 000 section 6); any signed-in account changes its own password. */
export const PROFILE_API = {
  getUserAndOrganizationInfo: endpoint({
    method: 'GET',
    path: '/Organizations/getUserAndOrganizationInfo',
    access: PROFILE_ROLES,
    query: userAndOrganizationQuery,
    answer: userAndOrganizationInfoSchema,
  }),
  editUserAndOrganization: endpoint({
    method: 'POST',
    path: '/Organizations/editUserAndOrganization',
    access: PROFILE_ROLES,
    body: editUserAndOrganizationBody,
    answer: editedProfileSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/Account/changePassword',
    access: 'user',
    body: changePasswordBody,
    answer: doneSchema,
  }),
} as const;
