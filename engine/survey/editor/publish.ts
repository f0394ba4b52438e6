// The checks a survey must pass before it is published (and before a published survey is saved): every
// problem named with its question. They are a list of check functions over the survey and its
// bindings, so a new check (a regular expression's pattern, say) is one more entry in PUBLISH_CHECKS.
import { walk } from '../../expression/index';
import { bindSurvey, expressionsOf, type Bindings, type DiagnosticCode } from '../bindings';
import type { SurveyModel } from '../model';
import { QUESTION_TYPES } from '../question-types';
import { walkItems } from './tree';

export type PublishProblemCode = DiagnosticCode | 'noQuestions' | 'choiceFilterWithoutChoices' | 'attachmentMissing';

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
  /** The CSV file a pulldata() or search() names (attachmentMissing): the screens word the message by code. */
  readonly file?: string;
}

export interface PublishContext {
  readonly model: SurveyModel;
  readonly bindings: Bindings;
  /** The instance names (file names without .csv) of the survey's CSV attachments; null when the caller does not know them. */
  readonly attachedFiles: ReadonlySet<string> | null;
}

export type PublishCheck = (ctx: PublishContext) => readonly PublishProblem[];

/** Syntax, unknown references, cycles, duplicate and invalid names, choices: what bindSurvey found. */
const bindingDiagnostics: PublishCheck = ({ bindings }) =>
  bindings.diagnostics.map((d) => ({
    code: d.code,
    itemId: d.itemId,
    name: d.name,
    property: d.role,
    message: d.message,
    ...(d.at ? { at: d.at } : {}),
  }));

/** bindSurvey ignores a choice filter where there are no choices; an author who wrote one meant something. */
const choiceFilterWithoutChoices: PublishCheck = ({ model }) => {
  const out: PublishProblem[] = [];
  for (const item of walkItems(model.surveyItems)) {
    const q = item.surveyItem;
    if (q.choiceFilter === null || q.choiceFilter.trim() === '') continue;
    const hasChoices = QUESTION_TYPES[q.questionType]?.choices !== 'none' && q.selectQuestionChoices.length > 0;
    if (!hasChoices)
      out.push({
        code: 'choiceFilterWithoutChoices',
        itemId: q.id,
        name: q.name,
        property: 'choiceFilter',
        message: 'A choice filter needs a question with choices',
      });
  }
  return out;
};

/**
 * The CSV files the survey reads, by question: pulldata()'s first argument where it is a text, and the
 * file of a search() appearance. A name computed at run time cannot be checked here.
 */
export function csvFilesNamed(bindings: Bindings): { itemId: string; name: string; property: string; file: string }[] {
  const out: { itemId: string; name: string; property: string; file: string }[] = [];
  for (const node of bindings.nodes) {
    const seen = new Set<string>();
    const add = (property: string, file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      out.push({ itemId: node.id, name: node.name, property, file });
    };
    for (const e of expressionsOf(node)) {
      const root = e.compiled?.expression.root;
      if (root === undefined || !e.source.includes('pulldata')) continue;
      walk(root, (n) => {
        if (n.kind === 'call' && n.name === 'pulldata' && n.args[0]?.kind === 'string')
          add(e.role, n.args[0].value.trim().replace(/\.csv$/i, ''));
      });
    }
    if (node.kind === 'field' && node.search) add('appearance', node.search.file);
  }
  return out;
}

/** A pulldata() or search() whose CSV is not attached would read nothing for every respondent. */
const attachmentsNamed: PublishCheck = ({ bindings, attachedFiles }) => {
  if (attachedFiles === null) return [];
  return csvFilesNamed(bindings)
    .filter((f) => !attachedFiles.has(f.file))
    .map((f) => ({
      code: 'attachmentMissing',
      itemId: f.itemId,
      name: f.name,
      property: f.property,
      file: `${f.file}.csv`,
      message: `The file '${f.file}.csv' is not attached to the survey`,
    }));
};

const hasQuestions: PublishCheck = ({ bindings }) =>
  bindings.nodes.some((n) => n.kind === 'field')
    ? []
    : [{ code: 'noQuestions', itemId: null, name: null, property: 'surveyItems', message: 'The survey has no questions' }];

export const PUBLISH_CHECKS: readonly PublishCheck[] = [hasQuestions, bindingDiagnostics, choiceFilterWithoutChoices, attachmentsNamed];

/**
 * Every problem that stops the survey from being published; empty when it may be. `attachedFiles`: the
 * names of its CSV files (the server's media list); without them, those of `model.attachments`.
 */
export function publishProblems(
  model: SurveyModel,
  checks: readonly PublishCheck[] = PUBLISH_CHECKS,
  attachedFiles?: Iterable<string>,
): PublishProblem[] {
  const files = attachedFiles ?? (model.attachments ? Object.keys(model.attachments) : undefined);
  const ctx = { model, bindings: bindSurvey(model), attachedFiles: files === undefined ? null : new Set(files) };
  return checks.flatMap((check) => check(ctx));
}

/** One line per problem, as the API's `errors` list carries them: "age (constraint): ...". */
export function describeProblem(p: PublishProblem): string {
  const where = p.name === null ? 'survey' : `${p.name} (${p.property}${p.at ? ` at ${p.at.offset + 1}` : ''})`;
  return `${where}: ${p.message}`;
}
