// The e-mailed six-digit codes of the account flows: sending them, and what a failed check answers.
import type { CodeCheck } from '../db/queries/codes';
import { problem, type Problem } from '../problems';
import type { AccountDeps } from './accounts';
import { codeMail, type CodeMailPurpose } from './mailTemplates';

export function codeProblem(result: Exclude<CodeCheck, { ok: true }>, wrong: 'wrongCode' | 'invalidResetCode'): Problem {
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

/**
 * Mails a code. Never rejects: the caller may answer before the mail is out (see answerAtFloor), and a
 * mail that failed is one the user asks for again.
 */
export function mailCode(
  deps: AccountDeps,
  user: { email: string; full_name: string },
  purpose: CodeMailPurpose,
  code: string,
): Promise<void> {
  return deps.mailer.send({ to: user.email, ...codeMail(purpose, user.full_name, code) }).catch(() => undefined);
}
