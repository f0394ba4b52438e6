// The one validator of a survey's answers, run by the browser before it submits and by the server on
// every submission: the same settled values, the same checks, the same messages. Spec 001 section 5.
import { isValidPhone } from '../../validation/account';
import type { Bindings, FieldNode } from '../bindings';
import { instancesOf, joinPath, rootInstance, type FormValues } from '../instances';
import { QUESTION_TYPES } from '../question-types';
import { messageIn } from '../text';
import { describeDataUrl, isEmptyValue, type FileInfo } from '../values';
import { CHECKS, type CheckContext } from './checks';
import { FIELD_MESSAGES, SUBMIT_MESSAGES, SUBMIT_MESSAGE_OF, type IssueKind } from './messages';
import { settle, type SettleOptions } from './settle';

export interface ValidateOptions extends SettleOptions {
  /** Name, type and size of a file answer; by default data URLs are read. The server gives sniffed types. */
  fileInfo?: (value: string, field: FieldNode) => FileInfo | undefined;
}

export interface Issue {
  /** The question's context path: 'age', 'household[2]/member_age'. */
  path: string;
  /** Where the answer sits in the form data, 0-based: ['household', 1, 'member_age']. */
  pointer: (string | number)[];
  name: string;
  questionId: string;
  kind: IssueKind;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  /** The submission's answers as they will be stored: irrelevant ones dropped, calculations recomputed. */
  data: FormValues;
  /** In document order: the first one is where the page scrolls to. */
  issues: Issue[];
  /** The submit-level text (spec 001 "Submit and draft rules"); null when valid. */
  message: string | null;
  irrelevant: ReadonlySet<string>;
}

const defaultFileInfo = (value: string): FileInfo | undefined => describeDataUrl(value);

export function validateAnswers(b: Bindings, input: FormValues, opts: ValidateOptions = {}): ValidationResult {
  const { data, irrelevant, evaluator } = settle(b, input, opts);
  const root = rootInstance(data);
  const issues: Issue[] = [];
  const languageId = opts.languageId ?? b.baseLanguageId;
  const fileInfo = opts.fileInfo ?? defaultFileInfo;
  let answered = false;

  for (const node of b.nodes) {
    if (node.kind !== 'field' || QUESTION_TYPES[node.type].source !== 'input') continue;
    for (const inst of instancesOf(node.repeats, root)) {
      const path = joinPath(inst.path, node.name);
      if (irrelevant.has(path)) continue;
      const value = inst.container[node.name];
      const issue = (kind: IssueKind, message: string): void => {
        issues.push({ path, pointer: [...inst.pointer, node.name], name: node.name, questionId: node.id, kind, message });
      };
      if (isEmptyValue(value)) {
        if (node.required) issue(node.type === 278 ? 'ranking' : 'required', QUESTION_TYPES[node.type].requiredMessage);
        continue;
      }
      answered = true;
      let allowed: ReadonlySet<string> | 'error' | undefined;
      const ctx: CheckContext = {
        allowed: () => {
          if (allowed === undefined) {
            const list = evaluator.choices(node, path);
            allowed = list === 'error' ? 'error' : new Set(list.map((c) => c.name));
          }
          return allowed;
        },
        fileInfo: (v) => fileInfo(v, node),
        isValidPhone,
      };
      const problem = CHECKS[node.type](value, node, ctx);
      if (problem) {
        issue(problem.kind, problem.message);
        continue;
      }
      if (node.constraint !== null) {
        const failures = evaluator.failures.length;
        const okay = evaluator.test(node.constraint, node.name, path, false, value);
        if (evaluator.failures.length > failures) issue('expression', FIELD_MESSAGES.expression);
        else if (!okay) issue('constraint', messageIn(node.model.constraintMessages, languageId) ?? FIELD_MESSAGES.constraint);
      }
    }
  }

  const message = !answered ? SUBMIT_MESSAGES.noAnswer : issues.length ? SUBMIT_MESSAGES[submitMessageOf(issues)] : null;
  return { valid: message === null, data, issues, message, irrelevant };
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
      instancesOf(node.repeats, root).some((inst) => !isEmptyValue(inst.container[node.name]) && !(node.type === 112 && inst.container[node.name] === false)),
  );
}
