// The login information changes (spec 000 sections 2, 4 "Login information changes", 5, 8): the e-mail
// and the password, each confirmed by a six-digit code sent by e-mail. The e-mail's code goes to the new
// address (the user proves it is theirs); the password's to the current one (a session left open is not
// enough to take the account over). Sends are rate-limited per account (the caller is signed in: the
// per-address count is for anonymous sends, registration and forgotten passwords, which an office behind
// one address shares), checks per account and per address; codes
// expire after 15 minutes and allow five wrong tries (db/queries/codes.ts). After a change every session
// of the account ends: the page signs the user out.
import { isStrongPassword, isValidEmail } from '../../engine/validation/account';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { checkCode, issueCode } from '../db/queries/codes';
import { endAllSessions } from '../db/queries/sessions';
import { findUserByEmail, findUserById, setPasswordHash } from '../db/queries/users';
import { problem } from '../problems';
import { codeProblem, mailCode } from './accountCodes';
import { RULES, countAgainst, limit, notOverLimit } from './accountLimits';
import type { AccountDeps } from './accounts';

type Caller = { userId: string; familyId: string };

function own(caller: Caller, userId: string): void {
  if (caller.userId !== userId.toLowerCase()) throw problem('forbidden');
}

async function codeSendAllowed(deps: AccountDeps, purpose: string, userId: string): Promise<void> {
  await limit(deps.db, `code:${purpose}:${userId}`, RULES.codeSendsPerAccount);
}

async function codeChecked(deps: AccountDeps, userId: string, ip: string, purpose: 'update-email' | 'change-password', code: string) {
  await limit(deps.db, `code-check:account:${userId}`, RULES.codeChecksPerAccount);
  await limit(deps.db, `code-check:ip:${ip}`, RULES.codeChecksPerAddress);
  const r = await checkCode(deps.db, { userId, purpose }, code, true);
  if (!r.ok) throw codeProblem(r, 'wrongCode');
  return r;
}

export async function sendUpdateEmailCode(
  deps: AccountDeps,
  caller: Caller,
  input: { userId: string; newEmail: string; ip: string },
): Promise<void> {
  own(caller, input.userId);
  const newEmail = input.newEmail.trim().toLowerCase();
  if (!isValidEmail(newEmail)) throw problem('invalidEmail', { errors: ["'newEmail' Please enter a valid email address"] });
  const user = await findUserById(deps.db, caller.userId);
  if (!user) throw problem('unauthorized');
  if (newEmail === user.email.toLowerCase()) throw problem('sameEmail');
  if (await findUserByEmail(deps.db, newEmail)) throw problem('emailTaken');
  await codeSendAllowed(deps, 'update-email', caller.userId);
  const { code } = await issueCode(deps.db, caller.userId, 'update-email', newEmail);
  await mailCode(deps, { email: newEmail, full_name: user.full_name }, 'update-email', code);
}

export async function updateEmail(
  deps: AccountDeps,
  caller: Caller,
  input: { userId: string; newEmail: string; code: string; ip: string },
): Promise<void> {
  own(caller, input.userId);
  const newEmail = input.newEmail.trim().toLowerCase();
  const r = await codeChecked(deps, caller.userId, input.ip, 'update-email', input.code);
  // The code was sent for one address: it confirms that one only.
  if (r.payload !== newEmail) throw problem('wrongCode');
  if (await findUserByEmail(deps.db, newEmail)) throw problem('emailTaken');
  await deps.db.updateTable('users').set({ email: newEmail, email_confirmed_at: new Date() }).where('id', '=', caller.userId).execute();
  await endAllSessions(deps.db, caller.userId);
}

/** Checks the form (current password, match, the product's rule) as changePassword will, counting wrong current passwords. */
async function passwordChangeAllowed(
  deps: AccountDeps,
  caller: Caller,
  input: { oldPassword: string; newPassword: string; confirmPassword: string; ip: string },
) {
  const accountKey = `password-check:account:${caller.userId}`;
  const addressKey = `password-check:ip:${input.ip}`;
  await notOverLimit(deps.db, accountKey, RULES.passwordChecksPerAccount);
  await notOverLimit(deps.db, addressKey, RULES.passwordChecksPerAddress);
  if (input.newPassword !== input.confirmPassword) throw problem('passwordMismatch');
  const user = await findUserById(deps.db, caller.userId);
  if (!user) throw problem('unauthorized');
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
    await countAgainst(deps.db, accountKey, RULES.passwordChecksPerAccount);
    await countAgainst(deps.db, addressKey, RULES.passwordChecksPerAddress);
    throw problem('wrongCurrentPassword');
  }
  if (!isStrongPassword(input.newPassword)) throw problem('weakPassword');
  if (input.newPassword === input.oldPassword) throw problem('samePassword');
  return user;
}

export async function sendChangePasswordCode(
  deps: AccountDeps,
  caller: Caller,
  input: { oldPassword: string; newPassword: string; confirmPassword: string; ip: string },
): Promise<void> {
  const user = await passwordChangeAllowed(deps, caller, input);
  await codeSendAllowed(deps, 'change-password', caller.userId);
  const { code } = await issueCode(deps.db, caller.userId, 'change-password');
  await mailCode(deps, user, 'change-password', code);
}

/** The password change of /login-information: the form again (it may have changed) and the mailed code. */
export async function changePasswordWithCode(
  deps: AccountDeps,
  caller: Caller,
  input: { oldPassword: string; newPassword: string; confirmPassword: string; code: string; ip: string },
): Promise<void> {
  await passwordChangeAllowed(deps, caller, input);
  await codeChecked(deps, caller.userId, input.ip, 'change-password', input.code);
  await setPasswordHash(deps.db, caller.userId, await hashPassword(input.newPassword));
  await endAllSessions(deps.db, caller.userId);
}
