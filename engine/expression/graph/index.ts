// Form state over a dependency graph: initialise once, then recalculate after each change. Every
// function returns a new state and the list of what changed; none throws on a bad expression
// (failures are recorded on the question) and none mutates its input.
import { ExpressionError } from '../errors';
import { countAt, parsePath, pathOf } from './data';
import { Session } from './session';
import type { Data, EvaluationOptions, FormState, Graph, Recalculation } from './types';

export interface InitializeOptions extends EvaluationOptions {
  /** Fill empty answers from default expressions (a new form); false when opening a saved one. */
  readonly defaults?: boolean;
}

/** Evaluates every bind of a survey over the given answers, in dependency order. */
export function initialize(graph: Graph, answers: Data = {}, options: InitializeOptions = {}): Recalculation {
  const { defaults = true, ...evaluation } = options;
  const session = new Session(graph, evaluation, { answers, values: answers, questions: new Map(), ownRelevance: new Map() });
  const topLevel = [...graph.fields.values()].filter((f) => f.repeats.length === 0).map((f) => f.name);
  session.createQuestions(topLevel, [], defaults);
  // Questions inside repeats that already have instances (a saved form).
  const nested = [...graph.fields.values()].filter((f) => f.repeats.length > 0).map((f) => f.name);
  session.createQuestions(nested, [], defaults);
  session.run();
  return session.result();
}

function locate(state: FormState, path: string): { field: string; indexes: number[] } {
  const found = parsePath(path, (field) => state.graph.fields.get(field)?.repeats);
  if (found === undefined) {
    throw new ExpressionError('unknown-reference', `'${path}' is not a question instance of this survey`, {
      offset: 0,
      length: path.length,
    });
  }
  return found;
}

/**
 * After an answer changes: re-evaluates only what depends on it, transitively, and reports which
 * questions changed visibility, value, validity, ... With `value`, the answer is set first
 * (undefined clears it); without, `state.answers` is taken to hold the new answer already.
 */
export function recalculate(state: FormState, changedField: string, ...value: [] | [unknown]): Recalculation {
  const { field, indexes } = locate(state, changedField);
  const session = new Session(state.graph, state.options, state);
  if (value.length === 1) session.setAnswer(field, indexes, value[0]);
  else session.refresh(field, indexes);
  // An answer the choice filter does not allow is pruned like one the filter stopped allowing.
  const filter = state.graph.bindsOf.get(field)?.choice_filter;
  const filterBind = filter === undefined ? undefined : state.graph.binds[filter];
  if (filterBind !== undefined) session.markBind(filterBind, indexes);
  session.run();
  return session.result();
}

/** Appends an instance to a repeat: 'member', or 'household[2]/member' inside another repeat. */
export function addRepeat(state: FormState, repeatPath: string): Recalculation {
  const { field, indexes } = locate(state, repeatPath);
  const session = new Session(state.graph, state.options, state);
  const info = session.info(field);
  session.resize(field, indexes, countAt(state.answers, info.repeats, indexes, field) + 1);
  session.run();
  return session.result();
}

/** Removes one instance of a repeat: 'member[2]'; later instances move up by one. */
export function removeRepeat(state: FormState, instancePath: string): Recalculation {
  const match = /^(.*)\[(\d+)\]$/.exec(instancePath);
  const { field, indexes } = locate(state, match?.[1] ?? instancePath);
  const index = Number(match?.[2] ?? 0);
  const session = new Session(state.graph, state.options, state);
  const info = session.info(field);
  const count = countAt(state.answers, info.repeats, indexes, field);
  if (index < 1 || index > count) return { state, changes: session.result().changes };
  session.removeInstance(field, indexes, index);
  const repeatPath = pathOf(field, info.repeats, indexes);
  // Instances after the removed one changed their paths: rebuild their states.
  for (let k = index; k <= count; k++) session.dropQuestions(`${repeatPath}[${k}]`);
  for (let k = index; k < count; k++) session.createQuestions(info.descendants, [...indexes, k], false);
  session.structureChanged(field, indexes);
  session.run();
  return session.result();
}

export { buildGraph, compiledSources } from './build';
export { isEmptyAnswer } from './answers';
export { MAX_REPEAT_INSTANCES } from './session';
