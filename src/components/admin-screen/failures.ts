// What the user is told when an action or a form fails: a dialog for the problems the declaration lists
// (plan limits, "can't be deleted"), else the server's first error for a refusal it explained, else the
// declaration's own text (spec 000 section 8: "use the first server error, else ...").
import type { TFunction } from 'i18next';
import type { ProblemCode } from '../../../schemas/problems';
import { ApiError } from '../../api/client';
import { problemErrors, problemText } from '../../i18n';

export type Failure = { dialog: { title: string; body: string } } | { toast: { title: string; description?: string } };

export function describeFailure(
  err: unknown,
  t: TFunction,
  o: { failure?: string | undefined; failureTitle?: string | undefined; problemDialogs?: Partial<Record<ProblemCode, string>> | undefined },
): Failure {
  const fallback = o.failure ? t(o.failure) : t('common.somethingWrongLater');
  if (!(err instanceof ApiError)) return { toast: { title: fallback } };
  const dialogTitle = err.code ? o.problemDialogs?.[err.code] : undefined;
  if (dialogTitle) return { dialog: { title: t(dialogTitle), body: problemText(err) } };
  if (err.kind === 'http' && err.status >= 400 && err.status < 500) {
    return { toast: { title: problemErrors(err)[0] ?? problemText(err) } };
  }
  return o.failureTitle ? { toast: { title: t(o.failureTitle), description: fallback } } : { toast: { title: fallback } };
}
