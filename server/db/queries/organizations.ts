// Organizations and their subscriptions, as far as sign-in needs them.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema';

export async function insertOrganization(
  db: Kysely<DB> | Transaction<DB>,
  org: { name: string; typeId: number; countryId: number },
): Promise<string> {
  const row = await db
    .insertInto('organizations')
    .values({
      name: org.name.trim(),
      type_id: org.typeId,
      country_id: org.countryId,
      zip_code: null,
      deactivated_at: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMember(
  db: Kysely<DB> | Transaction<DB>,
  m: { organizationId: string; userId: string; roleId: number; roleWithinOrganization?: string | null },
): Promise<string> {
  const row = await db
    .insertInto('organization_members')
    .values({
      organization_id: m.organizationId,
      user_id: m.userId,
      role_id: m.roleId,
      role_within_organization: m.roleWithinOrganization ?? null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The organization's current subscription: its newest row. */
export async function currentSubscription(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The owner's registration data, for resuming a registration that stopped before the plan. */
export async function registrationData(db: Kysely<DB>, organizationId: string, userId: string) {
  return db
    .selectFrom('organizations as o')
    .innerJoin('organization_members as m', (j) => j.onRef('m.organization_id', '=', 'o.id').on('m.user_id', '=', userId))
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'u.full_name as fullName',
      'm.role_within_organization as roleWithinOrganization',
      'u.phone_number as phoneNumber',
      'u.email',
      'o.name',
      'o.type_id as typeId',
      'o.country_id as countryId',
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
}
