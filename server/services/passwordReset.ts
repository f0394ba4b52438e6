// Forgot password (spec 000 "Forgot password"): e-mail, code, new password. forgotPassword answers an
// opaque id (the code's, never the user's) the same way and in the same time whether or not the address
// has an account; checkResetPasswordCode turns a good code into a single-use reset token; resetPassword
// needs that token.
import { randomUUID } from 'node:crypto';
import { isStrongPassword } from '../../engine/validation/account';
import { hashPassword } from '../auth/passwords';
import { signResetToken, verifyResetToken } from '../auth/tokens';
import { checkCode, consumeVerifiedCode, issueCode, ownerOfCode } from '../db/queries/codes';
import { endAllSessions } from '../db/queries/sessions';
import { findUserByEmail, findUserById, markEmailConfirmed, setPasswordHash } from '../db/queries/users';
import { problem } from '../problems';
import type { AccountDeps } from './accounts';
import { codeProblem, mailCode } from './accountCodes';
import { RULES, answerAtFloor, limit } from './accountLimits';

export async function forgotPassword(deps: AccountDeps, input: { email: string; ip: string }): Promise<{ userId: string }> {
  const startedAt = Date.now();
  const email = input.email.trim().toLowerCase();
  await limit(deps.db, `code-send:ip:${input.ip}`, RULES.codeSendsPerAddress);
  await limit(deps.db, `code:reset-password:${email}`, RULES.codeSendsPerAccount);
  const user = await findUserByEmail(deps.db, email);
  let id: string = randomUUID();
  let pending: Promise<unknown> = Promise.resolve();
  if (user) {
    const issued = await issueCode(deps.db, user.id, 'reset-password');
    id = issued.id;
    pending = mailCode(deps, user, 'reset-password', issued.code);
  }
  await answerAtFloor(startedAt, pending);
  return { userId: id };
}

/** `userId` is the id forgotPassword answered. A good code answers a reset token. */
export async function checkResetPasswordCode(
  deps: AccountDeps,
  input: { userId: string; code: string; ip: string },
): Promise<{ resetToken: string }> {
  await limit(deps.db, `code-check:ip:${input.ip}`, RULES.codeChecksPerAddress);
  const owner = await ownerOfCode(deps.db, input.userId, 'reset-password');
  await limit(deps.db, `code-check:account:${owner ?? input.userId}`, RULES.codeChecksPerAccount);
  const result = await checkCode(deps.db, { id: input.userId, purpose: 'reset-password' }, input.code, false);
  if (!result.ok) throw codeProblem(result, 'invalidResetCode');
  return { resetToken: await signResetToken(deps.config.jwtSecret, { userId: result.userId, codeId: result.id }) };
}

export async function resetPassword(
  deps: AccountDeps,
  input: { resetToken: string; userId?: string | undefined; newPassword: string; confirmPassword: string; ip: string },
): Promise<void> {
  await limit(deps.db, `reset:ip:${input.ip}`, RULES.resetsPerAddress);
  if (input.newPassword !== input.confirmPassword) throw problem('passwordMismatch');
  if (!isStrongPassword(input.newPassword)) throw problem('weakPassword');
  const claims = await verifyResetToken(deps.config.jwtSecret, input.resetToken);
  if (!claims || (input.userId !== undefined && input.userId !== claims.codeId)) throw problem('invalidResetCode');
  const user = await findUserById(deps.db, claims.userId);
  if (!user || !(await consumeVerifiedCode(deps.db, claims.codeId, claims.userId, 'reset-password'))) throw problem('invalidResetCode');
  await setPasswordHash(deps.db, user.id, await hashPassword(input.newPassword));
  // A reset signs the account out everywhere, access tokens included: whoever knew the old password is out.
  await endAllSessions(deps.db, user.id);
  if (!user.email_confirmed_at) await markEmailConfirmed(deps.db, user.id);
}
