// Reference lists the forms choose from.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

export const listOrganizationTypes = (db: Kysely<DB>) => db.selectFrom('organization_types').select(['id', 'name']).orderBy('id').execute();
export const listCountries = (db: Kysely<DB>) => db.selectFrom('countries').select(['id', 'name', 'code']).orderBy('name').execute();
/** The product's list; an organization's own languages (from imported forms) belong to their surveys only. */
export const listLanguages = (db: Kysely<DB>) =>
  db.selectFrom('languages').select(['id', 'name', 'code']).where('organization_id', 'is', null).orderBy('name').execute();
export const listPlans = (db: Kysely<DB>) => db.selectFrom('plans').selectAll().orderBy('sort_order').execute();

export async function countryExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('countries').select('id').where('id', '=', id).executeTakeFirst());
}
export async function organizationTypeExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('organization_types').select('id').where('id', '=', id).executeTakeFirst());
}
