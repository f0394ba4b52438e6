// The account rules: sign-in outcomes, registration, e-mail confirmation, password reset, choosing an
// organization and refreshing a session. Handlers validate shapes and call these.
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isStrongPassword, isValidEmail, isValidPhone, normalizePhone } from '../../engine/validation/account';
import type { OrganizationEntry } from '../../schemas/account';
import { roleById, roleByName } from '../../schemas/roles';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords';
import { signAccessToken, signRegistrationToken, verifyAccessToken } from '../auth/tokens';
import type { Config } from '../config';
import { checkCode, consumeVerifiedCode, issueCode, type CodeCheck } from '../db/queries/codes';
import { countryExists, organizationTypeExists } from '../db/queries/lookups';
import { listUserOrganizations, reactivateMembership, reactivateOrganization, type UserOrganization } from '../db/queries/memberships';
import { currentSubscription, insertMember, insertOrganization, registrationData } from '../db/queries/organizations';
import { clearHits, hit } from '../db/queries/rateLimits';
import { revokeAllForUser, revokeFamily, rotateSession, startSession } from '../db/queries/sessions';
import { findUserByEmail, findUserById, insertUser, markEmailConfirmed, setPasswordHash, userProfile } from '../db/queries/users';
import type { DB } from '../db/schema';
import type { Mailer } from '../plugins/mail';
import { problem } from '../problems';
import { accessState, problemForState } from './subscriptionState';
import { codeMail } from './mailTemplates';

export interface AccountDeps {
  db: Kysely<DB>;
  config: Config;
  mailer: Mailer;
}

// Limits: generous for people who mistype, ruinous for password guessing.
const LOGIN_PER_EMAIL = { limit: 10, windowSeconds: 15 * 60 };
const LOGIN_PER_IP = { limit: 50, windowSeconds: 15 * 60 };
const CODE_SENDS_PER_EMAIL = { limit: 3, windowSeconds: 15 * 60 };

async function limit(db: Kysely<DB>, key: string, rule: { limit: number; windowSeconds: number }): Promise<void> {
  if (!(await hit(db, key, rule.limit, rule.windowSeconds))) throw problem('tooManyRequests');
}


async function organizationEntries(db: Kysely<DB>, userId: string, now: Date): Promise<OrganizationEntry[]> {
  const orgs = await listUserOrganizations(db, userId);
  return Promise.all(
    orgs.map(async (o: UserOrganization) => {
      const sub = await currentSubscription(db, o.organizationId);
      const role = roleById(o.roleId);
      return {
        organizationId: o.organizationId,
        organizationName: o.organizationName,
        organizationType: o.organizationType,
        organizationTypeId: o.organizationTypeId,
        organizationMemberId: o.organizationMemberId,
        isDeletedUser: o.isDeletedUser,
        isDeletedOrg: o.isDeletedOrg,
        roles: role ? [{ name: role.name }] : [],
        subscriptionEndDate: sub ? new Date(sub.ends_at).toISOString() : null,
        paymentMethodId: sub?.payment_method_id ?? null,
        accessState: accessState({ registrationDone: o.registrationDone, isOwner: role?.name === 'Organization' }, sub, now),
      };
    }),
  );
}

async function publicUser(db: Kysely<DB>, userId: string, organizations: OrganizationEntry[]) {
  const u = await userProfile(db, userId);
  if (!u) throw problem('unauthorized');
  return {
    id: u.id,
    fullName: u.fullName,
    phoneNumber: u.phoneNumber,
    email: u.email,
    countryName: u.countryName,
    profilePictureUrl: u.profilePictureKey ? `/api/FileData/profilePicture/${u.id}` : null,
    organizations: organizations.map((o) => o.organizationId),
  };
}

async function issueTokens(config: Config, userId: string, familyId: string) {
  const { token, expiresAt } = await signAccessToken(config.jwtSecret, { userId, familyId });
  return { token, tokenExpire: expiresAt.toISOString() };
}

export async function login(deps: AccountDeps, input: { email: string; password: string; rememberMe?: boolean | undefined; ip: string }) {
  const email = input.email.trim().toLowerCase();
  await limit(deps.db, `login:ip:${input.ip}`, LOGIN_PER_IP);
  await limit(deps.db, `login:email:${email}`, LOGIN_PER_EMAIL);

  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw problem('invalidLogin');
  }
  if (!(await verifyPassword(user.password_hash, input.password))) throw problem('invalidLogin');
  await clearHits(deps.db, `login:email:${email}`);

  if (!user.email_confirmed_at) throw problem('emailNotConfirmed', { data: { userId: user.id, email: user.email } });

  const now = new Date();
  const organizations = await organizationEntries(deps.db, user.id, now);
  const usable = organizations.filter((o) => o.accessState === 'ok' && !o.isDeletedOrg && !o.isDeletedUser);
  const live = organizations.filter((o) => !o.isDeletedOrg && !o.isDeletedUser);

  if (usable.length === 0 && live.length > 0) {
    const registering = live.find((o) => o.accessState === 'registration');
    if (registering) {
      const data = await registrationData(deps.db, registering.organizationId, user.id);
      return {
        token: null,
        refreshToken: null,
        tokenExpire: null,
        message: '',
        user: null,
        organizations: [],
        organizationNotPaid: {
          isRegistrationDone: true,
          organizationId: registering.organizationId,
          userId: user.id,
          registrationToken: await signRegistrationToken(deps.config.jwtSecret, { userId: user.id, organizationId: registering.organizationId }),
          registerStepOneData: data ?? null,
        },
      };
    }
    const blocked = live.find((o) => o.accessState !== 'ok');
    if (blocked && blocked.accessState !== 'ok' && blocked.accessState !== 'registration') {
      throw problem(problemForState[blocked.accessState], {
        data: { userId: user.id, organizationId: blocked.organizationId, hasPaymentMethod: blocked.paymentMethodId !== null },
      });
    }
  }

  const remember = input.rememberMe === true;
  const session = await startSession(deps.db, user.id, remember);
  const tokens = await issueTokens(deps.config, user.id, session.familyId);
  return {
    ...tokens,
    refreshToken: session.refreshToken,
    message: '',
    user: await publicUser(deps.db, user.id, organizations),
    organizations,
    organizationNotPaid: null,
  };
}

function codeProblem(result: Exclude<CodeCheck, { ok: true }>, wrong: 'wrongCode' | 'invalidResetCode') {
  switch (result.reason) {
    case 'expired':
      return problem('codeExpired');
    case 'attempts':
      return problem('codeAttemptsExceeded');
    case 'missing':
    case 'wrong':
      return problem(wrong);
    default: {
      const never: never = result.reason;
      return never;
    }
  }
}

async function sendCode(deps: AccountDeps, user: { id: string; email: string; full_name: string }, purpose: 'confirm-email' | 'reset-password') {
  await limit(deps.db, `code:${purpose}:${user.email.toLowerCase()}`, CODE_SENDS_PER_EMAIL);
  const code = await issueCode(deps.db, user.id, purpose);
  await deps.mailer.send({ to: user.email, ...codeMail(purpose, user.full_name, code) });
}

export async function register(deps: AccountDeps, input: {
  adminFullName: string;
  roleWithinOrganization?: string | undefined;
  phoneNumber: string;
  email: string;
  password: string;
  confirmPassword: string;
  organizationName: string;
  typeId: number;
  countryId: number;
}) {
  const errors: string[] = [];
  if (!isValidEmail(input.email.trim())) errors.push('Please enter a valid email address');
  if (!isStrongPassword(input.password)) errors.push(problem('weakPassword').message);
  if (input.password !== input.confirmPassword) errors.push("Oops! It seems like there's a mismatch between the passwords you entered.");
  if (!isValidPhone(input.phoneNumber)) errors.push('Invalid phone number');
  if (!input.adminFullName.trim()) errors.push('Please input your Full name!');
  if (!input.organizationName.trim()) errors.push('Please input your Organization name!');
  if (!(await organizationTypeExists(deps.db, input.typeId))) errors.push('Please input your Type of organization!');
  if (!(await countryExists(deps.db, input.countryId))) errors.push('Please input your Country!');
  if (errors.length) throw problem('validation', { errors });
  if (await findUserByEmail(deps.db, input.email)) throw problem('emailTaken');

  const passwordHash = await hashPassword(input.password);
  const ids = await deps.db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      email: input.email,
      fullName: input.adminFullName,
      phoneNumber: normalizePhone(input.phoneNumber) ?? input.phoneNumber,
      passwordHash,
      countryId: input.countryId,
    });
    const organizationId = await insertOrganization(trx, { name: input.organizationName, typeId: input.typeId, countryId: input.countryId });
    await insertMember(trx, { organizationId, userId, roleId: roleByName('Organization')!.id, roleWithinOrganization: input.roleWithinOrganization?.trim() || null });
    return { userId, organizationId };
  });
  await sendCode(deps, { id: ids.userId, email: input.email.trim(), full_name: input.adminFullName }, 'confirm-email');
  return ids;
}

/** Confirms the address; answers a registration token when the user owns an organization still registering. */
export async function confirmEmail(deps: AccountDeps, userId: string, code: string): Promise<{ registrationToken: string | null; organizationId: string | null }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw problem('wrongCode');
  if (user.email_confirmed_at) throw problem('alreadyConfirmed');
  const result = await checkCode(deps.db, userId, 'confirm-email', code, true);
  if (!result.ok) throw codeProblem(result, 'wrongCode');
  await markEmailConfirmed(deps.db, userId);
  const registering = (await listUserOrganizations(deps.db, userId)).find((o) => !o.registrationDone && roleById(o.roleId)?.name === 'Organization');
  if (!registering) return { registrationToken: null, organizationId: null };
  return {
    registrationToken: await signRegistrationToken(deps.config.jwtSecret, { userId, organizationId: registering.organizationId }),
    organizationId: registering.organizationId,
  };
}

export async function resendConfirmEmail(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  // Unknown addresses get the same answer as known ones: this call must not reveal who has an account.
  if (!user) return;
  if (user.email_confirmed_at) throw problem('alreadyConfirmed');
  await sendCode(deps, user, 'confirm-email');
}

/** A stable stand-in id for an unknown address, so the answer looks the same whether or not it exists. */
function decoyUserId(config: Config, email: string): string {
  const h = createHmac('sha256', config.jwtSecret).update(`decoy:${email.toLowerCase()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function forgotPassword(deps: AccountDeps, email: string): Promise<{ userId: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await limit(deps.db, `code:reset-password:${email.trim().toLowerCase()}`, CODE_SENDS_PER_EMAIL);
    return { userId: decoyUserId(deps.config, email.trim()) };
  }
  await sendCode(deps, user, 'reset-password');
  return { userId: user.id };
}

export async function checkResetPasswordCode(deps: AccountDeps, userId: string, code: string): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw problem('invalidResetCode');
  const result = await checkCode(deps.db, userId, 'reset-password', code, false);
  if (!result.ok) throw codeProblem(result, 'invalidResetCode');
}

export async function resetPassword(deps: AccountDeps, input: { userId: string; newPassword: string; confirmPassword: string }): Promise<void> {
  if (input.newPassword !== input.confirmPassword) throw problem('passwordMismatch');
  if (!isStrongPassword(input.newPassword)) throw problem('weakPassword');
  const user = await findUserById(deps.db, input.userId);
  if (!user || !(await consumeVerifiedCode(deps.db, input.userId, 'reset-password'))) throw problem('invalidResetCode');
  await setPasswordHash(deps.db, input.userId, await hashPassword(input.newPassword));
  // A reset signs the account out everywhere: whoever knew the old password loses their sessions.
  await revokeAllForUser(deps.db, input.userId);
  if (!user.email_confirmed_at) await markEmailConfirmed(deps.db, input.userId);
}

export async function getUserOrganizations(deps: AccountDeps, userId: string) {
  const entries = await organizationEntries(deps.db, userId, new Date());
  return entries;
}

export async function selectOrganization(deps: AccountDeps, caller: { userId: string; familyId: string }, organizationId: string) {
  const entries = await organizationEntries(deps.db, caller.userId, new Date());
  const entry = entries.find((e) => e.organizationId === organizationId);
  if (!entry) throw problem('notFound');
  const isOwner = entry.roles.some((r) => r.name === 'Organization');
  let message = '';
  if (entry.isDeletedOrg) {
    if (!isOwner) throw problem('organizationDeactivated');
    await reactivateOrganization(deps.db, organizationId);
    message = 'Your account has been activated!';
  }
  if (entry.isDeletedUser) {
    await reactivateMembership(deps.db, entry.organizationMemberId);
    message = 'Your account has been activated!';
  }
  if (entry.accessState !== 'ok') {
    if (entry.accessState === 'registration') throw problem('noSubscription', { data: { organizationId } });
    throw problem(problemForState[entry.accessState], { data: { organizationId, hasPaymentMethod: entry.paymentMethodId !== null } });
  }
  // Entering an organization is a change of privilege: the session starts a new refresh-token family.
  const remember = await deps.db.selectFrom('refresh_tokens').select('remember').where('family_id', '=', caller.familyId).limit(1).executeTakeFirst();
  await revokeFamily(deps.db, caller.familyId);
  const session = await startSession(deps.db, caller.userId, remember?.remember ?? false);
  const tokens = await issueTokens(deps.config, caller.userId, session.familyId);
  return { ...tokens, refreshToken: session.refreshToken, userRole: entry.roles.map((r) => r.name), organizationName: entry.organizationName, message };
}

export async function refreshSession(deps: AccountDeps, input: { token?: string | undefined; refreshToken: string }) {
  if (input.token) {
    const claims = await verifyAccessToken(deps.config.jwtSecret, input.token, true);
    if (!claims) throw problem('invalidRefreshToken');
  }
  const rotated = await rotateSession(deps.db, input.refreshToken);
  if (!rotated.ok) throw problem('invalidRefreshToken');
  const tokens = await issueTokens(deps.config, rotated.userId, rotated.familyId);
  return { ...tokens, refreshToken: rotated.refreshToken };
}

export async function logout(deps: AccountDeps, familyId: string): Promise<void> {
  await revokeFamily(deps.db, familyId);
}
