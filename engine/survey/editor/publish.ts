// The checks a survey must pass before it is published (and before a published survey is saved): every
// problem named with its question. They are a list of check functions over the survey and its
// bindings, so a new check (a regular expression's pattern, say) is one more entry in PUBLISH_CHECKS.
import { bindSurvey, type Bindings, type DiagnosticCode } from '../bindings';
import type { SurveyModel } from '../model';
import { QUESTION_TYPES } from '../question-types';
import { walkItems } from './tree';

export type PublishProblemCode = DiagnosticCode | 'noQuestions' | 'choiceFilterWithoutChoices';

export interface PublishProblem {
  readonly code: PublishProblemCode;
  /** The question or section; null for the survey as a whole. */
  readonly itemId: string | null;
  readonly name: string | null;
  /** Which property holds the problem: 'relevant', 'constraint', 'choices', 'name', ... */
  readonly property: string;
  readonly message: string;
  /** Where in the expression, for expression problems that have a position. */
  readonly at?: { readonly offset: number; readonly length: number };
}

export interface PublishContext {
  readonly model: SurveyModel;
  readonly bindings: Bindings;
}

export type PublishCheck = (ctx: PublishContext) => readonly PublishProblem[];

/** Syntax, unknown references, cycles, duplicate and invalid names, choices: what bindSurvey found. */
const bindingDiagnostics: PublishCheck = ({ bindings }) =>
  bindings.diagnostics.map((d) => ({ code: d.code, itemId: d.itemId, name: d.name, property: d.role, message: d.message, ...(d.at ? { at: d.at } : {}) }));

/** bindSurvey ignores a choice filter where there are no choices; an author who wrote one meant something. */
const choiceFilterWithoutChoices: PublishCheck = ({ model }) => {
  const out: PublishProblem[] = [];
  for (const item of walkItems(model.surveyItems)) {
    const q = item.surveyItem;
    if (q.choiceFilter === null || q.choiceFilter.trim() === '') continue;
    const hasChoices = QUESTION_TYPES[q.questionType]?.choices !== 'none' && q.selectQuestionChoices.length > 0;
    if (!hasChoices) out.push({ code: 'choiceFilterWithoutChoices', itemId: q.id, name: q.name, property: 'choiceFilter', message: 'A choice filter needs a question with choices' });
  }
  return out;
};

const hasQuestions: PublishCheck = ({ bindings }) =>
  bindings.nodes.some((n) => n.kind === 'field')
    ? []
    : [{ code: 'noQuestions', itemId: null, name: null, property: 'surveyItems', message: 'The survey has no questions' }];

export const PUBLISH_CHECKS: readonly PublishCheck[] = [hasQuestions, bindingDiagnostics, choiceFilterWithoutChoices];

/** Every problem that stops the survey from being published; empty when it may be. */
export function publishProblems(model: SurveyModel, checks: readonly PublishCheck[] = PUBLISH_CHECKS): PublishProblem[] {
  const ctx = { model, bindings: bindSurvey(model) };
  return checks.flatMap((check) => check(ctx));
}

/** One line per problem, as the API's `errors` list carries them: "age (constraint): ...". */
export function describeProblem(p: PublishProblem): string {
  const where = p.name === null ? 'survey' : `${p.name} (${p.property}${p.at ? ` at ${p.at.offset + 1}` : ''})`;
  return `${where}: ${p.message}`;
}
