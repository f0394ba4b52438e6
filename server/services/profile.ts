// The caller's profile within their organization and the organization's company information (spec 000
// sections 3, 6, 7; spec 001 sections 2 "Organization Management", 5 "Profile dialog"), and the password
// change of the Login Information dialog (spec 001 section 5 "Change password").
//
// Everyone edits only their own profile: the userId and organizationId a caller sends must be their own.
// The organization's name, type and country change only for its owner; a role within the organization is
// the member's own words (a job title), not their role in the product.
import type { Kysely } from 'kysely';
import { isStrongPassword, isValidPhone, normalizePhone } from '../../engine/validation/account';
import { genders } from '../../schemas/members';
import type { EditUserAndOrganizationBody, UserAndOrganizationInfo } from '../../schemas/organizations';
import { roleById } from '../../schemas/roles';
import { hashPassword, verifyPassword } from '../auth/passwords';
import * as pq from '../db/queries/profile';
import { existingIds } from '../db/queries/memberManagement';
import { endOtherSessions } from '../db/queries/sessions';
import { findUserById, setPasswordHash } from '../db/queries/users';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { RULES, countAgainst, notOverLimit } from './accountLimits';
import type { Tenant } from './recycleBin';

type Q = Kysely<DB>;

const genderName = (code: number | null) => (Object.keys(genders) as (keyof typeof genders)[]).find((k) => genders[k] === code) ?? null;

/** The caller's own ids, or 404 (another member's profile, another organization's). */
function own(t: Tenant, ids: { organizationId: string; userId: string }): void {
  if (ids.organizationId !== t.organizationId || ids.userId !== t.userId) throw problem('notFound');
}

export async function info(db: Q, t: Tenant, ids: { organizationId: string; userId: string }): Promise<UserAndOrganizationInfo> {
  own(t, ids);
  const p = await pq.profileOf(db, t.organizationId, t.memberId);
  if (!p) throw problem('notFound');
  const { roleId, gender, ...rest } = p;
  return {
    ...rest,
    gender: genderName(gender),
    geographicalDetail: p.geographicalDetail ?? {},
    role: roleById(roleId)?.name ?? '',
    canEditOrganization: t.roles.includes('Organization'),
  };
}

export async function edit(db: Q, t: Tenant, body: EditUserAndOrganizationBody): Promise<void> {
  own(t, body);
  const fullName = body.userFullName.trim();
  if (!fullName) throw problem('validation', { errors: ["'userFullName' is required"] });
  let phone: string | undefined;
  if (body.userPhoneNumber !== undefined) {
    if (!isValidPhone(body.userPhoneNumber)) throw problem('invalidPhone');
    phone = normalizePhone(body.userPhoneNumber);
  }
  await db.transaction().execute(async (trx) => {
    const current = await pq.profileOf(trx, t.organizationId, t.memberId);
    if (!current) throw problem('notFound');
    const countries = [body.userCountryId, body.organizationCountryId].filter((c): c is number => c !== undefined);
    if ((await existingIds(trx, 'countries', countries)).size !== new Set(countries).size)
      throw problem('validation', { errors: ["'countryId' is not valid"] });
    if (body.organizationTypeId !== undefined && !(await pq.organizationTypeExists(trx, body.organizationTypeId))) {
      throw problem('validation', { errors: ["'organizationTypeId' is not valid"] });
    }
    const organization = {
      name: body.organizationName?.trim(),
      typeId: body.organizationTypeId,
      countryId: body.organizationCountryId,
    };
    const changesOrganization =
      (organization.name !== undefined && organization.name !== current.organizationName) ||
      (organization.typeId !== undefined && organization.typeId !== current.organizationTypeId) ||
      (organization.countryId !== undefined && organization.countryId !== current.organizationCountryId);
    if (changesOrganization && !t.roles.includes('Organization')) throw problem('organizationOwnerOnly');
    if (organization.name === '') throw problem('validation', { errors: ["'organizationName' is required"] });
    // The name is the person's account, seen by every organization they belong to: it is theirs to change.
    await pq.updateUser(trx, t.userId, {
      fullName,
      phoneNumber: phone,
      gender: body.gender !== undefined ? genders[body.gender] : undefined,
      countryId: body.userCountryId,
      geographicalDetail: body.geographicalDetail as Record<string, string> | undefined,
    });
    if (body.userRoleWithinOrganization !== undefined) {
      const role = body.userRoleWithinOrganization.trim();
      if (!role) throw problem('validation', { errors: ["'userRoleWithinOrganization' is required"] });
      await pq.setRoleWithinOrganization(trx, t.organizationId, t.memberId, role);
    }
    if (t.roles.includes('Organization')) await pq.updateOrganization(trx, t.organizationId, { ...organization, zipCode: body.zipCode });
  });
}

/**
 * Changes the caller's password after checking the current one. Wrong current passwords count per account
 * and per address (the rules of the sign-in's code checks), so the dialog cannot be used to guess the
 * password of a session left open. Other sessions of the account end; this one goes on.
 */
export async function changePassword(
  db: Q,
  caller: { userId: string; familyId: string },
  input: { oldPassword: string; newPassword: string; confirmPassword: string; ip: string },
): Promise<void> {
  const accountKey = `password-check:account:${caller.userId}`;
  const addressKey = `password-check:ip:${input.ip}`;
  await notOverLimit(db, accountKey, RULES.passwordChecksPerAccount);
  await notOverLimit(db, addressKey, RULES.passwordChecksPerAddress);
  if (input.newPassword !== input.confirmPassword) throw problem('passwordMismatch');
  const user = await findUserById(db, caller.userId);
  if (!user) throw problem('unauthorized');
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
    await countAgainst(db, accountKey, RULES.passwordChecksPerAccount);
    await countAgainst(db, addressKey, RULES.passwordChecksPerAddress);
    throw problem('wrongCurrentPassword');
  }
  // The form's hint (uppercase, lowercase, number) is enforced here, with the product's password rule.
  if (!isStrongPassword(input.newPassword)) throw problem('weakPassword');
  if (input.newPassword === input.oldPassword) throw problem('samePassword');
  await setPasswordHash(db, caller.userId, await hashPassword(input.newPassword));
  await endOtherSessions(db, caller.userId, caller.familyId);
}
