// What the user is told when an action or a form fails: a dialog for the problems the declaration lists
// (plan limits, "can't be deleted"), else the server's first error for a refusal it explained, else the
// declaration's own text (spec 000 section 8: "use the first server error, else ...").
import type { TFunction } from 'i18next';
import { problems, type ProblemCode } from '../../../schemas/problems';
import { ApiError } from '../../api/client';
import { translateMessage } from '../../i18n';

const codeByMessage = new Map<string, ProblemCode>(Object.entries(problems).map(([code, p]) => [p.message, code as ProblemCode]));

export type Failure = { dialog: { title: string; body: string } } | { toast: { title: string; description?: string } };

export function describeFailure(
  err: unknown,
  t: TFunction,
  o: { failure?: string | undefined; failureTitle?: string | undefined; problemDialogs?: Partial<Record<ProblemCode, string>> | undefined },
): Failure {
  const fallback = o.failure ? t(o.failure) : t('common.somethingWrongLater');
  if (!(err instanceof ApiError)) return { toast: { title: fallback } };
  const code = codeByMessage.get(err.message);
  const dialogTitle = code ? o.problemDialogs?.[code] : undefined;
  if (dialogTitle) return { dialog: { title: t(dialogTitle), body: translateMessage(err.message) } };
  if (err.kind === 'http' && err.status >= 400 && err.status < 500) {
    const first = err.errors[0] ?? err.message;
    return { toast: { title: translateMessage(first) } };
  }
  return o.failureTitle ? { toast: { title: t(o.failureTitle), description: fallback } } : { toast: { title: fallback } };
}
