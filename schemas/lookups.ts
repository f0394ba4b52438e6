// The reference lists the forms choose from (server/routes/lookups.ts): organization types, languages,
// countries and the roles an organization grants. The plans are schemas/payment.ts's.
import { endpoint } from './endpoint';
import { plansSchema } from './payment';
import { roles } from './roles';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const name = { type: 'string', maxLength: 200 } as const;

/** GET /Account/getOrganizationTypes. */
export const organizationTypesSchema = {
  type: 'array',
  maxItems: 100,
  items: { type: 'object', required: ['id', 'name'], properties: { id, name } },
} as const;

/** A language or a country: ISO 639 codes of two or three letters, ISO 3166 codes of two. */
const coded = {
  type: 'object',
  required: ['id', 'name', 'code'],
  properties: { id, name, code: { type: 'string', maxLength: 10 } },
} as const;

/** GET /Languages/getAll: some 250 languages (server/db/reference/languages.ts). */
export const languagesSchema = { type: 'array', maxItems: 1000, items: coded } as const;

/** GET /Languages/getAllCountries: the world's some 250 countries. */
export const countriesSchema = { type: 'array', maxItems: 1000, items: coded } as const;

/** GET /Roles/getAllOrganizationRoles: the roles an organization can grant (schemas/roles.ts). */
export const organizationRolesSchema = {
  type: 'array',
  maxItems: roles.length,
  items: {
    type: 'object',
    required: ['id', 'name', 'displayName'],
    properties: { id, name: { type: 'string', maxLength: 40 }, displayName: { type: 'string', maxLength: 60 } },
  },
} as const;

/** The reference-list calls: public but for the roles, which need a signed-in user (no organization). */
export const LOOKUPS_API = {
  getOrganizationTypes: endpoint({
    method: 'GET',
    path: '/Account/getOrganizationTypes',
    access: 'public',
    answer: organizationTypesSchema,
  }),
  getAll: endpoint({ method: 'GET', path: '/Languages/getAll', access: 'public', answer: languagesSchema }),
  getAllCountries: endpoint({ method: 'GET', path: '/Languages/getAllCountries', access: 'public', answer: countriesSchema }),
  /** The roles an organization can grant: never Organization (the owner) or OrgSuperAdmin (spec 001 section 6). */
  getAllOrganizationRoles: endpoint({
    method: 'GET',
    path: '/Roles/getAllOrganizationRoles',
    access: 'user',
    answer: organizationRolesSchema,
  }),
  getPackets: endpoint({ method: 'GET', path: '/Account/getPackets', access: 'public', answer: plansSchema }),
} as const;
