// The client tells refusals apart by the envelope's problem code and translates them by it: a message
// worded otherwise than the catalogue (a server of another version, a detail) changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { problems } from '../../../schemas/problems';
import { ApiError } from '../../../src/api/client';
import { describeFailure } from '../../../src/components/admin-screen/failures';
import { englishProblems, firstProblemText, problemErrors, problemText, texts } from '../../../src/i18n/index';
import de from '../../../src/i18n/locales/de.json';

const t = ((key: string) => `t:${key}`) as never;
const refusal = (code: unknown, message = 'worded otherwise', errors: string[] = [message]) =>
  new ApiError('http', 400, message, errors, null, code);

beforeAll(() => {
  texts.addResourceBundle('en', { problems: englishProblems });
  texts.addResourceBundle('de', de as never);
});

describe('a refusal from the API', () => {
  it('keeps a code of the catalogue and drops anything else', () => {
    expect(refusal('workspaceLimit').code).toBe('workspaceLimit');
    expect(refusal('noSuchProblem').code).toBeUndefined();
    expect(refusal(undefined).code).toBeUndefined();
  });

  it('is shown in the catalogue text of its code, not as the server worded it', () => {
    expect(problemText(refusal('workspaceLimit'))).toBe(problems.workspaceLimit.message);
    expect(problemText(refusal(undefined, 'A message of its own'))).toBe('A message of its own');
    expect(problemErrors(refusal('workspaceLimit', 'x', ['x', "'name' is required"]))).toEqual([
      problems.workspaceLimit.message,
      "'name' is required",
    ]);
    expect(firstProblemText(refusal('forbidden', 'x', []))).toBe(problems.forbidden.message);
  });

  it('opens the dialog its declaration gives for the code', () => {
    const failure = describeFailure(refusal('workspaceLimit'), t, { problemDialogs: { workspaceLimit: 'workspaces.limitTitle' } });
    expect(failure).toEqual({ dialog: { title: 't:workspaces.limitTitle', body: problems.workspaceLimit.message } });
  });

  it('is translated by its code in the interface language', async () => {
    texts.changeLanguage('de');
    expect(de.problems.workspaceLimit).not.toBe(problems.workspaceLimit.message);
    expect(problemText(refusal('workspaceLimit'))).toBe(de.problems.workspaceLimit);
    texts.changeLanguage('en');
  });
});
