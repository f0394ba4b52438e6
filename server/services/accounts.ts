// The account rules: sign-in outcomes, registration, e-mail confirmation, choosing an organization,
// refreshing and ending a session (the password reset is in passwordReset.ts, the limits in
// accountLimits.ts). Handlers validate shapes and call these.
import type { Kysely } from 'kysely';
import { isStrongPassword, isValidEmail, isValidPhone, normalizePhone } from '../../engine/validation/account';
import type { OrganizationEntry } from '../../schemas/account';
import { roleById, roleByName } from '../../schemas/roles';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords';
import { revocations } from '../auth/revocations';
import { signAccessToken, signRegistrationToken, verifyAccessToken } from '../auth/tokens';
import type { Config } from '../config';
import { checkCode, issueCode } from '../db/queries/codes';
import { countryExists, organizationTypeExists } from '../db/queries/lookups';
import { listUserOrganizations, reactivateMembership, reactivateOrganization, type UserOrganization } from '../db/queries/memberships';
import { currentSubscription, insertMember, insertOrganization, registrationData } from '../db/queries/organizations';
import { endSession, rememberOf, revokeFamily, rotateSession, startSession } from '../db/queries/sessions';
import { findUserByEmail, findUserById, insertUser, markEmailConfirmed, userProfile } from '../db/queries/users';
import type { DB } from '../db/schema';
import type { Mailer } from '../plugins/mail';
import { problem } from '../problems';
import { codeProblem, mailCode } from './accountCodes';
import { RULES, answerAtFloor, countAgainst, limit, notOverLimit, signInAllowed, signInFailed, signInSucceeded } from './accountLimits';
import type { Clock } from '../plugins/payments/clock';
import { accessState, problemForState, waitsForBillingRun } from './subscriptionState';
import { profilePictureUrl } from './accountArea';

export interface AccountDeps {
  db: Kysely<DB>;
  config: Config;
  mailer: Mailer;
  /**
   * The billing clock and run (services/billing.ts). Sign-in and choosing an organization judge the
   * subscription on the billing clock, and bring a period that ended up to date first. Without it
   * (callers that never look at subscriptions), the wall clock.
   */
  billing?: { clock: Clock; sync(organizationId: string): Promise<void> } | undefined;
}

async function organizationEntries(deps: AccountDeps, userId: string): Promise<OrganizationEntry[]> {
  const { db, billing } = deps;
  const now = billing?.clock.now() ?? new Date();
  const orgs = await listUserOrganizations(db, userId);
  return Promise.all(
    orgs.map(async (o: UserOrganization) => {
      let sub = await currentSubscription(db, o.organizationId);
      if (billing && waitsForBillingRun(sub, now)) {
        await billing.sync(o.organizationId);
        sub = await currentSubscription(db, o.organizationId);
      }
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
    profilePictureUrl: profilePictureUrl(u.id, u.profilePictureKey),
    organizations: organizations.map((o) => o.organizationId),
  };
}

async function issueTokens(config: Config, userId: string, familyId: string, issuedAt = new Date()) {
  const { token, expiresAt } = await signAccessToken(config.jwtSecret, { userId, familyId }, issuedAt);
  return { token, tokenExpire: expiresAt.toISOString() };
}

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;
/** Whether the password is the user's: 'verified' by argon2id now, or 'remembered' from a check just made. */
export type PasswordCheck = (user: UserRow, password: string) => Promise<'verified' | 'remembered' | false>;
const argon2Check: PasswordCheck = async (user, password) => ((await verifyPassword(user.password_hash, password)) ? 'verified' : false);

/**
 * Sign-in's password check, for every way in that takes an e-mail and a password: the address's and the
 * (account, address) pair's counts first, then the user and the password; a failure counted against
 * both, a fresh success clearing the pair's. The user, or undefined when the pair is wrong.
 */
export async function userOfPassword(
  db: Kysely<DB>,
  input: { email: string; password: string; ip: string },
  check: PasswordCheck = argon2Check,
): Promise<UserRow | undefined> {
  const email = input.email.trim().toLowerCase();
  const addressKey = `login:ip:${input.ip}`;
  await notOverLimit(db, addressKey, RULES.signInPerAddress);
  await signInAllowed(db, email, input.ip);
  const user = await findUserByEmail(db, email);
  if (!user) await burnPasswordCheck(input.password);
  const holds = user ? await check(user, input.password) : false;
  if (!user || !holds) {
    await signInFailed(db, email, input.ip);
    await countAgainst(db, addressKey, RULES.signInPerAddress);
    return undefined;
  }
  // A remembered check has no failures to clear: the fresh one before it cleared them.
  if (holds === 'verified') await signInSucceeded(db, email, input.ip);
  return user;
}

export async function login(deps: AccountDeps, input: { email: string; password: string; rememberMe?: boolean | undefined; ip: string }) {
  const user = await userOfPassword(deps.db, input);
  if (!user) throw problem('invalidLogin');

  if (!user.email_confirmed_at) throw problem('emailNotConfirmed', { data: { userId: user.id, email: user.email } });

  const organizations = await organizationEntries(deps, user.id);
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
          registrationToken: await signRegistrationToken(deps.config.jwtSecret, {
            userId: user.id,
            organizationId: registering.organizationId,
          }),
          registerStepOneData: data ?? null,
        },
      };
    }
    const blocked = live.find((o) => o.accessState !== 'ok');
    if (blocked && blocked.accessState !== 'ok' && blocked.accessState !== 'registration') {
      // The owner may pay at /auth/payment without a session there: the same short-lived token that
      // registration uses proves them the organization's owner to the payment calls (routes/payment.ts).
      const owner = blocked.roles.some((r) => r.name === 'Organization');
      throw problem(problemForState[blocked.accessState], {
        data: {
          userId: user.id,
          organizationId: blocked.organizationId,
          hasPaymentMethod: blocked.paymentMethodId !== null,
          paymentToken: owner
            ? await signRegistrationToken(deps.config.jwtSecret, { userId: user.id, organizationId: blocked.organizationId })
            : null,
        },
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

async function sendCode(
  deps: AccountDeps,
  user: { id: string; email: string; full_name: string },
  purpose: 'confirm-email' | 'reset-password',
) {
  await limit(deps.db, `code:${purpose}:${user.email.toLowerCase()}`, RULES.codeSendsPerAccount);
  const { code } = await issueCode(deps.db, user.id, purpose);
  await mailCode(deps, user, purpose, code);
}

export async function register(
  deps: AccountDeps,
  input: {
    adminFullName: string;
    roleWithinOrganization?: string | undefined;
    phoneNumber: string;
    email: string;
    password: string;
    confirmPassword: string;
    organizationName: string;
    typeId: number;
    countryId: number;
  },
) {
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
    const organizationId = await insertOrganization(trx, {
      name: input.organizationName,
      typeId: input.typeId,
      countryId: input.countryId,
    });
    await insertMember(trx, {
      organizationId,
      userId,
      roleId: roleByName('Organization')!.id,
      roleWithinOrganization: input.roleWithinOrganization?.trim() || null,
    });
    return { userId, organizationId };
  });
  await sendCode(deps, { id: ids.userId, email: input.email.trim(), full_name: input.adminFullName }, 'confirm-email');
  return ids;
}

/** Confirms the address; answers a registration token when the user owns an organization still registering. */
export async function confirmEmail(
  deps: AccountDeps,
  input: { userId: string; code: string; ip: string },
): Promise<{ registrationToken: string | null; organizationId: string | null }> {
  const { userId } = input;
  await limit(deps.db, `code-check:ip:${input.ip}`, RULES.codeChecksPerAddress);
  await limit(deps.db, `code-check:account:${userId}`, RULES.codeChecksPerAccount);
  const user = await findUserById(deps.db, userId);
  if (!user) throw problem('wrongCode');
  if (user.email_confirmed_at) throw problem('alreadyConfirmed');
  const result = await checkCode(deps.db, { userId, purpose: 'confirm-email' }, input.code, true);
  if (!result.ok) throw codeProblem(result, 'wrongCode');
  await markEmailConfirmed(deps.db, userId);
  const registering = (await listUserOrganizations(deps.db, userId)).find(
    (o) => !o.registrationDone && roleById(o.roleId)?.name === 'Organization',
  );
  if (!registering) return { registrationToken: null, organizationId: null };
  return {
    registrationToken: await signRegistrationToken(deps.config.jwtSecret, { userId, organizationId: registering.organizationId }),
    organizationId: registering.organizationId,
  };
}

/**
 * Sends a new confirmation code. Unknown and already confirmed addresses get the same answer, in the same
 * time, as one waiting for its code: this call must not reveal who has an account.
 */
export async function resendConfirmEmail(deps: AccountDeps, input: { email: string; ip: string }): Promise<void> {
  const startedAt = Date.now();
  const email = input.email.trim().toLowerCase();
  await limit(deps.db, `code-send:ip:${input.ip}`, RULES.codeSendsPerAddress);
  await limit(deps.db, `code:confirm-email:${email}`, RULES.codeSendsPerAccount);
  const user = await findUserByEmail(deps.db, email);
  let pending: Promise<unknown> = Promise.resolve();
  if (user && !user.email_confirmed_at) {
    const { code } = await issueCode(deps.db, user.id, 'confirm-email');
    pending = mailCode(deps, user, 'confirm-email', code);
  }
  await answerAtFloor(startedAt, pending);
}

export async function getUserOrganizations(deps: AccountDeps, userId: string) {
  const entries = await organizationEntries(deps, userId);
  return entries;
}

export async function selectOrganization(deps: AccountDeps, caller: { userId: string; familyId: string }, organizationId: string) {
  const entries = await organizationEntries(deps, caller.userId);
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
    // Only a membership the user deactivated is listed; an admin's removal is refused here as well.
    if (!(await reactivateMembership(deps.db, entry.organizationMemberId))) throw problem('notFound');
    message = 'Your account has been activated!';
  }
  if (entry.accessState !== 'ok') {
    if (entry.accessState === 'registration') throw problem('noSubscription', { data: { organizationId } });
    throw problem(problemForState[entry.accessState], { data: { organizationId, hasPaymentMethod: entry.paymentMethodId !== null } });
  }
  // Entering an organization is a change of privilege: the session starts a new refresh-token family.
  const remember = await rememberOf(deps.db, caller.familyId);
  await revokeFamily(deps.db, caller.familyId);
  const session = await startSession(deps.db, caller.userId, remember);
  const tokens = await issueTokens(deps.config, caller.userId, session.familyId);
  return {
    ...tokens,
    refreshToken: session.refreshToken,
    userRole: entry.roles.map((r) => r.name),
    organizationName: entry.organizationName,
    message,
  };
}

export async function refreshSession(deps: AccountDeps, input: { token?: string | undefined; refreshToken: string }) {
  if (input.token) {
    const claims = await verifyAccessToken(deps.config.jwtSecret, input.token, true);
    if (!claims) throw problem('invalidRefreshToken');
  }
  const rotated = await rotateSession(deps.db, deps.config.jwtSecret, input.refreshToken);
  if (!rotated.ok) throw problem('invalidRefreshToken');
  // Signed as of the first use: a repeat within the grace period answers the very same pair.
  const tokens = await issueTokens(deps.config, rotated.userId, rotated.familyId, rotated.issuedAt);
  return { ...tokens, refreshToken: rotated.refreshToken };
}

/** Ends the session at once: its refresh tokens and, on every server process, its access tokens. */
export async function logout(deps: AccountDeps, caller: { userId: string; familyId: string }): Promise<void> {
  await endSession(deps.db, caller.userId, caller.familyId);
  revocations(deps.db).ended(caller.familyId);
}
