// A submission's answers re-validated by the survey's engine under a budget (anyone may author a survey,
// so its calculations are hostile input), in the request's thread for the usual survey and, for the
// unusually large, in a worker thread (workers/pool.ts), so that one heavy submission does not hold
// every other request.
import { BudgetExceeded, type EvaluationBudget } from '../../engine/expression/index';
import {
  FIELD_MESSAGES,
  MAX_REPORTED_ERRORS,
  decodeAnswers,
  encodeAnswers,
  validateAnswers,
  type AnswerInput,
  type Bindings,
  type SubmissionInput,
} from '../../engine/survey/index';
import { problems, type ProblemCode } from '../../schemas/problems';
import { Problem, problem } from '../problems';
import { runInWorker, WorkerBudgetError } from '../workers/pool';
import type { CachedSurvey } from './surveyCache';

/** What the engine's file rules need of an upload: the bytes were sniffed before. */
export interface UploadFacts {
  field: string;
  fileName: string;
  type: string;
  size: number;
  blocked: boolean;
}

/**
 * What one submission's re-validation may cost: bind evaluations plus repeat instances
 * created, the length of one calculated text, and time. Real surveys stay far below (measured in
 * tests/unit/survey/evaluation-budget.test.ts's shapes): a 2,000-question survey settles in 2,001 steps and
 * 14 ms, 1,000 repeat instances of 10 calculations in 11,001 steps and 90 ms. The clock is the backstop for
 * what steps do not see (one step over a large node-set): CPU time, so a busy machine does not refuse a
 * survey that fits. Over any of them, 422 in under a second.
 */
export const EVALUATION_BUDGET = { maxSteps: 200_000, maxTextLength: 1_000_000, milliseconds: 800 } as const;

/** A fresh budget whose clock counts this process's CPU time from now. */
export function evaluationBudget(): EvaluationBudget {
  const start = process.cpuUsage();
  return {
    ...EVALUATION_BUDGET,
    clock: () => {
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    },
  };
}

/** Runs a validation under the budget; over it, a 422 naming the question being computed. */
function budgeted<T>(work: () => T, b: Bindings): T {
  try {
    return work();
  } catch (e) {
    if (!(e instanceof BudgetExceeded)) throw e;
    const name = b.nodes.find((n) => n.kind === 'field' && n.name === e.field)?.name ?? e.field;
    throw problem('evaluationBudget', {
      errors: [`${name}: ${problems.evaluationBudget.message}`],
      data: { question: name, limit: e.limit },
    });
  }
}

/** Decodes and validates with the survey's engine; refuses with the browser's messages, naming the questions. */
export function checkedAnswers(
  b: Bindings,
  s: SubmissionInput,
  uploads: readonly UploadFacts[],
  now: Date,
  defaultLanguageId: number,
  budget: EvaluationBudget = evaluationBudget(),
): AnswerInput[] {
  const { data, problems } = decodeAnswers(b, s.answers);
  const byUri = new Map(uploads.map((u) => [`upload:${u.field}`, u]));
  const result = budgeted(
    () =>
      validateAnswers(b, data, {
        now,
        budget,
        languageId: s.languageId ?? defaultLanguageId,
        fileInfo: (value) => {
          const u = byUri.get(value);
          return u ? { name: u.fileName, type: u.type, size: u.size, blocked: u.blocked } : undefined;
        },
      }),
    b,
  );
  const named = [
    ...problems.map((p) => ({
      path: p.path ?? `answers[${p.index}]`,
      questionId: p.questionId,
      name: p.name,
      kind: 'invalid' as const,
      message: p.message,
    })),
    ...result.issues,
  ].slice(0, MAX_REPORTED_ERRORS);
  if (named.length || !result.valid) {
    const file = result.issues.find((i) => i.kind === 'file');
    const code =
      file?.message === FIELD_MESSAGES.fileSize
        ? 'fileTooLarge'
        : file?.message === FIELD_MESSAGES.fileType
          ? 'fileTypeNotAllowed'
          : 'surveyInvalid';
    const message = code === 'surveyInvalid' ? (result.message ?? undefined) : undefined;
    throw problem(code, {
      ...(message !== undefined ? { message } : {}),
      errors: named.length ? named.map((i) => `${i.path}: ${i.message}`) : [result.message ?? ''],
      data: { issues: named },
    });
  }
  return encodeAnswers(b, result.data, { surveyId: s.surveyId, userId: s.userId }).answers;
}

/**
 * Submissions re-validated in a worker: a survey with this many bound questions and groups, or a
 * submission with this many answers (repeats make them), where one re-validation may take a large part
 * of the budget. Below, the worker's round trip would cost more than it saves.
 */
export const WORKER_VALIDATION = { nodes: 1_000, answers: 3_000 } as const;

/** In a worker the budget's clock is the wall clock (Node 20 has no per-thread CPU time), so it is longer. */
export const WORKER_EVALUATION_MS = 3_000;

/** What crosses back from a worker's check: the answers, or the refusal to throw here. */
export type CheckOutcome =
  { answers: AnswerInput[] } | { problem: { code: ProblemCode; message: string; errors: string[]; data: unknown } };

/** The worker side: checkedAnswers with the outcome as data (a Problem does not survive structured clone). */
export function checkOutcome(
  b: Bindings,
  s: SubmissionInput,
  uploads: readonly UploadFacts[],
  now: Date,
  defaultLanguageId: number,
): CheckOutcome {
  const started = performance.now();
  const budget: EvaluationBudget = { ...EVALUATION_BUDGET, milliseconds: WORKER_EVALUATION_MS, clock: () => performance.now() - started };
  try {
    return { answers: checkedAnswers(b, s, uploads, now, defaultLanguageId, budget) };
  } catch (e) {
    if (e instanceof Problem) return { problem: { code: e.code, message: e.message, errors: e.errors, data: e.data } };
    throw e;
  }
}

const factsOf = (uploads: readonly UploadFacts[]): UploadFacts[] =>
  uploads.map((u) => ({ field: u.field, fileName: u.fileName, type: u.type, size: u.size, blocked: u.blocked }));

/** Checks a submission's answers where it is cheapest: here, or in a worker for the unusually large. */
export async function checkAnswers(
  survey: CachedSurvey,
  s: SubmissionInput,
  uploads: readonly UploadFacts[],
  now: Date,
  defaultLanguageId: number,
): Promise<AnswerInput[]> {
  if (survey.bindings.nodes.length < WORKER_VALIDATION.nodes && s.answers.length < WORKER_VALIDATION.answers)
    return checkedAnswers(survey.bindings, s, uploads, now, defaultLanguageId);
  let outcome: CheckOutcome;
  try {
    outcome = await runInWorker(
      'checkSubmission',
      {
        key: `${survey.model.id}@${survey.version}`,
        model: survey.model,
        submission: s,
        uploads: factsOf(uploads),
        now,
        defaultLanguageId,
      },
      { timeoutMs: WORKER_EVALUATION_MS * 2 },
    );
  } catch (e) {
    if (!(e instanceof WorkerBudgetError)) throw e;
    throw problem('evaluationBudget', {
      errors: [`answers: ${problems.evaluationBudget.message}`],
      data: { question: null, limit: e.limit },
    });
  }
  if ('problem' in outcome)
    throw problem(outcome.problem.code, { message: outcome.problem.message, errors: outcome.problem.errors, data: outcome.problem.data });
  return outcome.answers;
}
