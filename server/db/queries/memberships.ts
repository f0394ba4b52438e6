// Organization memberships: who belongs where, in which role. The tenant check of every
// organization-scoped request goes through findMembership.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

export interface Membership {
  memberId: string;
  roleId: number;
  organizationDeactivated: boolean;
}

export async function findMembership(db: Kysely<DB>, userId: string, organizationId: string): Promise<Membership | undefined> {
  // A malformed id cannot name an organization; answer "not a member" rather than a database error.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(organizationId)) return undefined;
  const row = await db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.id as memberId', 'm.role_id as roleId', 'o.deactivated_at'])
    .where('m.user_id', '=', userId)
    .where('m.organization_id', '=', organizationId)
    .where('m.deleted_at', 'is', null)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { memberId: row.memberId, roleId: row.roleId, organizationDeactivated: row.deactivated_at !== null };
}

export interface UserOrganization {
  organizationId: string;
  organizationName: string;
  organizationType: string | null;
  organizationTypeId: number | null;
  organizationMemberId: string;
  roleId: number;
  isDeletedUser: boolean;
  isDeletedOrg: boolean;
  registrationDone: boolean;
}

/**
 * Every organization the user is a member of, or was until they deactivated themself (they may come
 * back). A membership an admin removed is not the user's any more; deleted organizations are gone.
 */
export async function listUserOrganizations(db: Kysely<DB>, userId: string): Promise<UserOrganization[]> {
  const rows = await db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .leftJoin('organization_types as t', 't.id', 'o.type_id')
    .select([
      'o.id as organizationId',
      'o.name as organizationName',
      't.name as organizationType',
      't.id as organizationTypeId',
      'm.id as organizationMemberId',
      'm.role_id as roleId',
      'm.deleted_at as memberDeletedAt',
      'o.deactivated_at as orgDeactivatedAt',
      'o.registration_done as registrationDone',
    ])
    .where('m.user_id', '=', userId)
    .where((eb) => eb.or([eb('m.deleted_at', 'is', null), eb('m.deactivated_by_self', '=', true)]))
    .where('o.deleted_at', 'is', null)
    .orderBy('o.name')
    .execute();
  return rows.map((r) => ({
    organizationId: r.organizationId,
    organizationName: r.organizationName,
    organizationType: r.organizationType,
    organizationTypeId: r.organizationTypeId,
    organizationMemberId: r.organizationMemberId,
    roleId: r.roleId,
    isDeletedUser: r.memberDeletedAt !== null,
    isDeletedOrg: r.orgDeactivatedAt !== null,
    registrationDone: r.registrationDone,
  }));
}

/** Brings back a membership its user deactivated; answers false for one an admin removed. */
export async function reactivateMembership(db: Kysely<DB>, memberId: string): Promise<boolean> {
  const rows = await db
    .updateTable('organization_members')
    .set({ deleted_at: null, deactivated_by_self: false })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('deleted_at', 'is', null), eb('deactivated_by_self', '=', true)]))
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function reactivateOrganization(db: Kysely<DB>, organizationId: string): Promise<void> {
  await db.updateTable('organizations').set({ deactivated_at: null }).where('id', '=', organizationId).execute();
}
