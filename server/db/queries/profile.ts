// The profile of one member within their organization, and the organization's company information
// (Organizations/getUserAndOrganizationInfo and editUserAndOrganization).
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

type Q = Kysely<DB>;

/** The caller's live membership with their account and the organization's company information. */
export async function profileOf(q: Q, organizationId: string, memberId: string) {
  return q
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .leftJoin('organization_types as ot', 'ot.id', 'o.type_id')
    .leftJoin('countries as oc', 'oc.id', 'o.country_id')
    .select([
      'u.id as userId',
      'u.full_name as userFullName',
      'u.email',
      'u.phone_number as userPhoneNumber',
      'u.gender',
      'u.country_id as userCountryId',
      'u.geographical_detail as geographicalDetail',
      'm.id as organizationMemberId',
      'm.role_id as roleId',
      'm.role_within_organization as userRoleWithinOrganization',
      'o.id as organizationId',
      'o.name as organizationName',
      'o.type_id as organizationTypeId',
      'ot.name as organizationType',
      'o.country_id as organizationCountryId',
      'oc.name as organizationCountry',
      'o.zip_code as zipCode',
    ])
    .where('m.organization_id', '=', organizationId)
    .where('m.id', '=', memberId)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function updateUser(
  q: Q,
  userId: string,
  u: {
    fullName: string;
    phoneNumber?: string | undefined;
    gender?: number | undefined;
    countryId?: number | undefined;
    geographicalDetail?: Record<string, string> | undefined;
  },
): Promise<void> {
  await q
    .updateTable('users')
    .set({
      full_name: u.fullName,
      ...(u.phoneNumber !== undefined ? { phone_number: u.phoneNumber } : {}),
      ...(u.gender !== undefined ? { gender: u.gender } : {}),
      ...(u.countryId !== undefined ? { country_id: u.countryId } : {}),
      ...(u.geographicalDetail !== undefined ? { geographical_detail: JSON.stringify(u.geographicalDetail) } : {}),
    })
    .where('id', '=', userId)
    .execute();
}

export async function setRoleWithinOrganization(q: Q, organizationId: string, memberId: string, role: string): Promise<void> {
  await q
    .updateTable('organization_members')
    .set({ role_within_organization: role })
    .where('organization_id', '=', organizationId)
    .where('id', '=', memberId)
    .execute();
}

export async function updateOrganization(
  q: Q,
  organizationId: string,
  o: { name?: string | undefined; typeId?: number | undefined; countryId?: number | undefined; zipCode?: string | undefined },
): Promise<void> {
  const set = {
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.typeId !== undefined ? { type_id: o.typeId } : {}),
    ...(o.countryId !== undefined ? { country_id: o.countryId } : {}),
    ...(o.zipCode !== undefined ? { zip_code: o.zipCode || null } : {}),
  };
  if (Object.keys(set).length) await q.updateTable('organizations').set(set).where('id', '=', organizationId).execute();
}

export async function organizationTypeExists(q: Q, id: number): Promise<boolean> {
  return (await q.selectFrom('organization_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
