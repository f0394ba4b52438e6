// The reference lists the forms choose from (server/routes/lookups.ts): organization types, languages,
// countries and the roles an organization grants. The plans are schemas/payment.ts's.
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
