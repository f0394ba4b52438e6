// The one validator of a survey's answers, run by the browser before it submits and by the server on
// every submission. It settles the answers with the survey's dependency graph (relevance, repeat
// counts, calculations, choice filters, required and constraints: engine/expression), exactly as the
// fill page's live FormState does, then adds the type checks of spec 001 section 5 and the messages.
import { initialize, type EvaluationBudget, type FormState, type QuestionState } from '../../expression/index';
import { isValidPhone } from '../../validation/phone';
import type { Bindings, FieldNode } from '../bindings';
import { graphOf } from '../graph';
import { instancesOf, rootInstance, type FormValues } from '../instances';
import { QUESTION_TYPES } from '../question-types';
import { messageIn } from '../text';
import { describeDataUrl, isEmptyValue, type FileInfo } from '../values';
import { coerceAnswer } from '../coerce';
import { CHECKS, type CheckContext } from './checks';
import { FIELD_MESSAGES, SUBMIT_MESSAGES, SUBMIT_MESSAGE_OF, type IssueKind } from './messages';
import { shapeAnswers, storedAnswers } from './shape';

export interface ValidateOptions {
  /** The respondent's language: constraint messages and jr:choice-name. Default: the base language. */
  languageId?: number;
  /** The clock for today() and now(). */
  now?: Date;
  /** Minutes east of UTC of the respondent's clock; the machine's when absent. */
  timeZoneOffset?: number;
  /** Bounds on the work; over them validateAnswers throws BudgetExceeded. The server's re-validation sets it. */
  budget?: EvaluationBudget;
  /** Fill empty questions with their defaults (a new form). The server never does. */
  applyDefaults?: boolean;
  /** Name, type and size of a file answer; by default data URLs are read. The server gives sniffed types. */
  fileInfo?: (value: string, field: FieldNode) => FileInfo | undefined;
}

export interface Issue {
  /** The question's instance path: 'age', 'household[2]/member_age'. */
  path: string;
  /** Where the answer sits in the form data, 0-based: ['household', 1, 'member_age'] (rjsf's errorSchema). */
  pointer: (string | number)[];
  name: string;
  questionId: string;
  kind: IssueKind;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  /** The answers as they will be stored: irrelevant ones dropped, calculations recomputed. */
  data: FormValues;
  /** In document order: the first one is where the page scrolls to. */
  issues: Issue[];
  /** The submit-level text (spec 001 "Submit and draft rules"); null when valid. */
  message: string | null;
  /** The settled form state (question states by instance path). */
  state: FormState;
}

const defaultFileInfo = (value: string): FileInfo | undefined => describeDataUrl(value);

export function validateAnswers(b: Bindings, input: FormValues, opts: ValidateOptions = {}): ValidationResult {
  const languageId = opts.languageId ?? b.baseLanguageId;
  const language = b.languages.find((l) => l.languageId === languageId)?.code;
  const { state } = initialize(graphOf(b), shapeAnswers(b, input), {
    defaults: opts.applyDefaults ?? false,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.budget ? { budget: opts.budget } : {}),
    ...(language ? { language } : {}),
    ...(opts.timeZoneOffset !== undefined ? { timeZoneOffset: opts.timeZoneOffset } : {}),
  });
  return checkState(b, state, languageId, opts.fileInfo ?? defaultFileInfo);
}

/** The answerable questions of a survey (not notes, calculations, hidden), in document order. */
const inputsOf = new WeakMap<Bindings, readonly FieldNode[]>();
const allNames = new WeakMap<FieldNode, ReadonlySet<string>>();

/** The check context of one question instance; one object per pass, no closures in the loop. */
class Context implements CheckContext {
  q: QuestionState | undefined;
  node: FieldNode | undefined;
  constructor(private readonly info: NonNullable<ValidateOptions['fileInfo']>) {}
  allowed(): ReadonlySet<string> | 'error' {
    const q = this.q!;
    const node = this.node!;
    if (q.errors.choice_filter) return 'error';
    if (q.choices) return new Set(q.choices);
    let names = allNames.get(node);
    if (names === undefined) allNames.set(node, (names = new Set(node.choices.map((c) => c.name))));
    return names;
  }
  fileInfo(value: string): FileInfo | undefined {
    return this.info(value, this.node!);
  }
  isValidPhone(value: string): boolean {
    return isValidPhone(value);
  }
}

/** The issues of a settled FormState (the fill page's own, on a submit attempt). */
export function checkState(
  b: Bindings,
  state: FormState,
  languageId: number,
  fileInfo: NonNullable<ValidateOptions['fileInfo']> = defaultFileInfo,
): ValidationResult {
  const values = state.values as FormValues;
  const root = rootInstance(values);
  const top = [root];
  const issues: Issue[] = [];
  const ctx = new Context(fileInfo);
  let answered = false;
  let inputs = inputsOf.get(b);
  if (inputs === undefined)
    inputsOf.set(b, (inputs = b.nodes.filter((n): n is FieldNode => n.kind === 'field' && QUESTION_TYPES[n.type].source === 'input')));

  for (const node of inputs) {
    const instances = node.repeats.length === 0 ? top : instancesOf(node.repeats, root);
    for (const inst of instances) {
      const path = inst.path === '' ? node.name : `${inst.path}/${node.name}`;
      const q = state.questions.get(path);
      if (q === undefined || !q.relevant) continue;
      // The respondent cannot answer a read-only question: nothing of theirs to check (the stored value is its default).
      if (node.model.readOnly && node.calculation === null) continue;
      const value = coerceAnswer(node.type, inst.container[node.name]);
      let kind: IssueKind | undefined;
      let message = '';
      if (isEmptyValue(value)) {
        if (q.required || q.validity === 'required' || node.required) {
          kind = node.type === 278 ? 'ranking' : 'required';
          message = messageIn(node.model.requiredMessages, languageId) ?? QUESTION_TYPES[node.type].requiredMessage;
        }
      } else {
        answered = true;
        ctx.q = q;
        ctx.node = node;
        const problem = CHECKS[node.type](value, node, ctx);
        if (problem) ({ kind, message } = problem);
        else if (q.validity === 'constraint') {
          kind = 'constraint';
          message = messageIn(node.model.constraintMessages, languageId) ?? FIELD_MESSAGES.constraint;
        } else if (q.validity === 'error') {
          kind = 'expression';
          message = FIELD_MESSAGES.expression;
        }
      }
      if (kind !== undefined)
        issues.push({ path, pointer: [...inst.pointer, node.name], name: node.name, questionId: node.id, kind, message });
    }
  }

  if (issues.length > 1) issues.sort(displayOrder(b));
  const message = !answered ? SUBMIT_MESSAGES.noAnswer : issues.length ? SUBMIT_MESSAGES[submitMessageOf(issues)] : null;
  const relevant = (path: string): boolean => state.questions.get(path)?.relevant ?? true;
  return { valid: message === null, data: storedAnswers(b, values, relevant), issues, message, state };
}

/** Top to bottom as the page shows them: a repeat's instances one after the other, each in full. */
function displayOrder(b: Bindings): (x: Issue, y: Issue) => number {
  return (x, y) => {
    const n = Math.min(x.pointer.length, y.pointer.length);
    for (let i = 0; i < n; i++) {
      const a = x.pointer[i]!;
      const c = y.pointer[i]!;
      if (a === c) continue;
      if (typeof a === 'number' && typeof c === 'number') return a - c;
      return (b.byName.get(String(a))?.index ?? 0) - (b.byName.get(String(c))?.index ?? 0);
    }
    return x.pointer.length - y.pointer.length;
  };
}

function submitMessageOf(issues: readonly Issue[]): keyof typeof SUBMIT_MESSAGES {
  const kinds = new Set(issues.map((i) => SUBMIT_MESSAGE_OF[i.kind]));
  if (kinds.has('required')) return 'required';
  if (kinds.has('maxChoices')) return 'maxChoices';
  return 'constraints';
}

/** The draft rule: at least one answered question, not counting note, calculate and hidden. */
export function hasAnyAnswer(b: Bindings, data: FormValues): boolean {
  const root = rootInstance(data);
  return b.nodes.some(
    (node) =>
      node.kind === 'field' &&
      QUESTION_TYPES[node.type].source === 'input' &&
      instancesOf(node.repeats, root).some(
        (inst) => !isEmptyValue(inst.container[node.name]) && !(node.type === 112 && inst.container[node.name] !== true),
      ),
  );
}
