// Reference data every installation needs (not demo data): organization and project types, the plans
// offered, countries (from country-state-city) and languages. Written once into an empty database;
// ids are stable because they come from sorted, fixed lists.
import { Country } from 'country-state-city';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { languages } from './languages';
import { defaultPlans } from './plans';

export const organizationTypes = [
  'International NGO',
  'National NGO',
  'Community-based organization',
  'United Nations agency',
  'Red Cross / Red Crescent',
  'Government body',
  'Academic or research institution',
  'Foundation or donor',
  'Private sector',
  'Other',
] as const;

/** Data collection is the only usable type; feedback collection is shown disabled (spec 000 section 1). */
export const projectTypes = [
  { id: 1, name: 'Data collection', enabled: true },
  { id: 2, name: 'Feedback collection', enabled: false },
] as const;

export function countryRows(): { id: number; name: string; code: string }[] {
  return Country.getAllCountries()
    .map((c) => ({ name: c.name, code: c.isoCode }))
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((c, i) => ({ id: i + 1, ...c }));
}

export async function seedReference(db: Kysely<DB>): Promise<void> {
  const has = async (table: 'organization_types' | 'countries' | 'languages' | 'plans' | 'project_types') =>
    !!(await db.selectFrom(table).select('id').limit(1).executeTakeFirst());

  if (!(await has('organization_types'))) {
    await db
      .insertInto('organization_types')
      .values(organizationTypes.map((name, i) => ({ id: i + 1, name })))
      .execute();
  }
  if (!(await has('project_types'))) {
    await db
      .insertInto('project_types')
      .values(projectTypes.map((t) => ({ ...t })))
      .execute();
  }
  if (!(await has('countries'))) {
    await db.insertInto('countries').values(countryRows()).execute();
  }
  if (!(await has('languages'))) {
    const byCode = [...languages].sort((a, b) => a[0].localeCompare(b[0]));
    await db
      .insertInto('languages')
      .values(byCode.map(([code, name], i) => ({ id: i + 1, code, name })))
      .execute();
  }
  if (!(await has('plans'))) {
    await db
      .insertInto('plans')
      .values(defaultPlans.map((p) => ({ ...p })))
      .execute();
  }
}
