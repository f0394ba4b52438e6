// Form data -> the spec's answer list, and back. Encoding walks the survey in document order; every
// repeat gets a '__counter' answer (questionType 0, answerDetail.number = its instance count) per
// enclosing instance, so empty instances survive the trip.
import type { BindingNode, Bindings } from '../bindings';
import { isObject, type FormValues } from '../instances';
import { MAX_REPEAT_INSTANCES, MAX_SUBMISSION_INSTANCES } from '../validate/shape';
import { FIELD_MESSAGES } from '../validate/messages';
import { isEmptyValue } from '../values';
import { CODECS } from './codecs';
import type { AnswerDetail, AnswerInput } from './types';

export interface EncodedAnswers {
  answers: AnswerInput[];
  sectionRepeatGroups: { sectionId: string; repeatGroup: number }[];
  questionIds: string[];
}

/**
 * `refused` hears of every value its question's codec cannot encode (a choice the question does not
 * offer): the fill page never makes one, a value from elsewhere (an ODK client's instance) may.
 */
export function encodeAnswers(
  b: Bindings,
  data: FormValues,
  who: { surveyId: string; userId: string | null },
  refused?: (name: string, value: unknown) => void,
): EncodedAnswers {
  const answers: AnswerInput[] = [];
  const sectionRepeatGroups: EncodedAnswers['sectionRepeatGroups'] = [];
  const questionIds = new Set<string>();
  const push = (node: BindingNode, name: string, indexes: readonly number[], detail: Omit<AnswerDetail, 'questionType'>): void => {
    const answerDetail: AnswerDetail = {
      questionType: node.type,
      ...(indexes.length ? { repeatGroup: indexes.join('.') } : {}),
      ...detail,
    };
    answers.push({ surveyId: who.surveyId, userId: who.userId, questionId: node.id, name, answerDetail });
  };

  const walk = (nodes: readonly BindingNode[], container: FormValues, indexes: readonly number[]): void => {
    const suffix = indexes.length ? `_${indexes.join('_')}` : '';
    for (const node of nodes) {
      if (node.kind === 'section') {
        if (!node.repeat) {
          walk(node.children, container, indexes);
          continue;
        }
        const list = Array.isArray(container[node.name]) ? (container[node.name] as unknown[]) : undefined;
        if (list === undefined) continue;
        push(node, `${node.name}__counter${suffix}`, indexes, { number: list.length });
        sectionRepeatGroups.push({ sectionId: node.id, repeatGroup: list.length });
        list.forEach((item, i) => walk(node.children, isObject(item) ? item : {}, [...indexes, i + 1]));
        continue;
      }
      const value = container[node.name];
      if (isEmptyValue(value) || (node.type === 112 && value === false)) continue;
      const detail = CODECS[node.type].encode(value, node);
      if (detail === undefined) {
        refused?.(node.name, value);
        continue;
      }
      push(node, `${node.name}${suffix}`, indexes, detail);
      questionIds.add(node.id);
    }
  };
  walk(b.root, data, []);
  return { answers, sectionRepeatGroups, questionIds: [...questionIds] };
}

/** A problem of one received answer, named by its place in the list and, when known, its question. */
export interface DecodeProblem {
  index: number;
  questionId: string | null;
  name: string | null;
  /** The question's context path when it is known ('household[2]/member_age'). */
  path: string | null;
  message: string;
}

/** Repeat instances a decode may still create; shared by every answer of one submission. */
interface Budget {
  instances: number;
}

/** Pads a repeat's list to k instances, or false when that would pass the submission's budget. */
function grow(list: FormValues[], k: number, budget: Budget): boolean {
  const missing = k - list.length;
  if (missing <= 0) return true;
  if (missing > budget.instances) return false;
  budget.instances -= missing;
  while (list.length < k) list.push({});
  return true;
}

/**
 * Where the answer of a node sits for a repeatGroup ('2.1'), creating the instances on the way;
 * undefined when the indexes do not fit the node, 'budget' when they would pass the instance budget.
 */
function containerFor(
  data: FormValues,
  node: BindingNode,
  repeatGroup: unknown,
  budget: Budget,
): { container: FormValues; path: string } | 'budget' | undefined {
  const raw = repeatGroup === undefined || repeatGroup === null ? '' : String(repeatGroup).trim();
  const indexes = raw === '' ? [] : raw.split('.', node.repeats.length + 1).map(Number);
  if (indexes.length !== node.repeats.length || indexes.some((i) => !Number.isInteger(i) || i < 1 || i > MAX_REPEAT_INSTANCES))
    return undefined;
  let container = data;
  let path = '';
  for (let level = 0; level < node.repeats.length; level++) {
    const repeat = node.repeats[level]!;
    const list = (Array.isArray(container[repeat]) ? container[repeat] : (container[repeat] = [])) as FormValues[];
    const k = indexes[level]!;
    if (!grow(list, k, budget)) return 'budget';
    container = list[k - 1]!;
    path = `${path}${path ? '/' : ''}${repeat}[${k}]`;
  }
  return { container, path };
}

/**
 * The most answers a submission of this survey can carry: one per question outside repeats, and one per
 * question and instance inside them. A longer list is refused before any answer is decoded.
 */
export function answerCapacity(b: Bindings): number {
  let outside = 0;
  let inside = 0;
  for (const node of b.nodes) {
    if (node.repeats.length) inside++;
    else outside++;
  }
  return outside + inside * MAX_SUBMISSION_INSTANCES;
}

export function decodeAnswers(
  b: Bindings,
  answers: readonly { questionId: unknown; answerDetail?: unknown }[],
): { data: FormValues; problems: DecodeProblem[] } {
  const data: FormValues = {};
  const problems: DecodeProblem[] = [];
  const capacity = answerCapacity(b);
  if (answers.length > capacity) {
    problems.push({
      index: capacity,
      questionId: null,
      name: null,
      path: 'answers',
      message: `'answers' holds ${answers.length} answers; this survey takes at most ${capacity}`,
    });
    return { data, problems };
  }
  const seen = new Set<string>();
  const budget: Budget = { instances: MAX_SUBMISSION_INSTANCES };
  const overBudget = `A submission holds at most ${MAX_SUBMISSION_INSTANCES} repeat instances`;
  for (let index = 0; index < answers.length; index++) {
    const answer = answers[index]!;
    const node =
      typeof answer.questionId === 'string' ? (b.byId.get(answer.questionId.toLowerCase()) ?? b.byId.get(answer.questionId)) : undefined;
    const detail = isObject(answer.answerDetail) ? answer.answerDetail : {};
    if (node === undefined) {
      problems.push({
        index,
        questionId: null,
        name: null,
        path: null,
        message: `'${String(answer.questionId)}' is not a question of this survey`,
      });
      continue;
    }
    const at = containerFor(data, node, detail.repeatGroup, budget);
    const where = { index, questionId: node.id, name: node.name };
    if (at === 'budget') {
      // Nothing after this can be decoded within the budget either: stop here.
      problems.push({ ...where, path: `answers[${index}].answerDetail.repeatGroup`, message: overBudget });
      return { data, problems };
    }
    if (at === undefined) {
      problems.push({
        ...where,
        path: null,
        message: `'answers[${index}].answerDetail.repeatGroup' does not fit the repeats around '${node.name}'`,
      });
      continue;
    }
    const path = at.path ? `${at.path}/${node.name}` : node.name;
    if (detail.questionType !== undefined && Number(detail.questionType) !== node.type) {
      problems.push({ ...where, path, message: `'answers[${index}].answerDetail.questionType' is not the type of '${node.name}'` });
      continue;
    }
    if (seen.has(path)) {
      problems.push({ ...where, path, message: `'${path}' is answered more than once` });
      continue;
    }
    seen.add(path);
    if (node.kind === 'section') {
      const n = Number(detail.number);
      if (!node.repeat || !Number.isInteger(n) || n < 0 || n > MAX_REPEAT_INSTANCES) {
        problems.push({ ...where, path, message: FIELD_MESSAGES.number });
        continue;
      }
      const list = (Array.isArray(at.container[node.name]) ? at.container[node.name] : (at.container[node.name] = [])) as FormValues[];
      if (!grow(list, n, budget)) {
        problems.push({ ...where, path: `answers[${index}].answerDetail.number`, message: overBudget });
        return { data, problems };
      }
      continue;
    }
    const decoded = CODECS[node.type].decode(detail, node);
    if ('error' in decoded) problems.push({ ...where, path, message: decoded.error });
    else if (!isEmptyValue(decoded.value)) at.container[node.name] = decoded.value;
  }
  return { data, problems };
}
