// Settles a form's values the way the respondent's browser would: keeps only answers the survey asks,
// applies repeat counts, drops answers of irrelevant questions and sections, and computes calculate,
// hidden and calculated questions, walking the bindings' evaluation order once.
import type { BindingNode, Bindings, FieldNode, SectionNode } from '../bindings';
import { Evaluator, answerFromLiteral, answerFromResult, type EvaluatorOptions } from '../evaluator';
import { instancesOf, isObject, joinPath, rootInstance, type FormValues, type Instance } from '../instances';
import { QUESTION_TYPES } from '../question-types';
import { isEmptyValue } from '../values';

export const MAX_REPEAT_INSTANCES = 10_000;

export interface SettleOptions extends EvaluatorOptions {
  /** Fill empty questions with their defaults: a new form, or a new repeat instance. Default false. */
  applyDefaults?: boolean;
  /**
   * Keep a submitted value of a calculation that reads the clock or random numbers (now(), today(),
   * uuid(), random(), once()): recomputing it later would change the answer. Default true.
   */
  keepVolatile?: boolean;
}

export interface Settled {
  data: FormValues;
  /** Context paths ('household[2]/member_age') of the questions and sections that are not relevant. */
  irrelevant: Set<string>;
  evaluator: Evaluator;
}

export function settle(b: Bindings, input: FormValues, opts: SettleOptions = {}): Settled {
  const data: FormValues = {};
  shape(b.root, input, data);
  const evaluator = new Evaluator(b, data, opts);
  const root = rootInstance(data);
  const irrelevant = new Set<string>();
  const keepVolatile = opts.keepVolatile ?? true;

  for (const node of b.order) {
    for (const inst of instancesOf(node.repeats, root)) {
      const path = joinPath(inst.path, node.name);
      let relevant = node.parent === null || !irrelevant.has(parentPath(node, inst.path));
      if (relevant && node.relevant !== null) relevant = evaluator.test(node.relevant, node.name, path, true);
      if (!relevant) {
        irrelevant.add(path);
        if (node.kind === 'field' || node.repeat) delete inst.container[node.name];
        continue;
      }
      if (node.kind === 'section') {
        if (node.repeat) settleCount(node, inst, path, evaluator);
        continue;
      }
      settleValue(node, inst, path, evaluator, opts.applyDefaults === true, keepVolatile);
    }
  }
  return { data, irrelevant, evaluator };
}

/** The path of a node's enclosing section, as seen from one instance of the node. */
function parentPath(node: BindingNode, instancePath: string): string {
  const parent = node.parent!;
  if (!parent.repeat) return joinPath(instancePath, parent.name);
  const slash = instancePath.lastIndexOf('/');
  return joinPath(slash < 0 ? '' : instancePath.slice(0, slash), parent.name);
}

function settleCount(node: SectionNode, inst: Instance, path: string, ev: Evaluator): void {
  const list = inst.container[node.name] as FormValues[];
  if (node.repeatCount === null) return;
  let n: number;
  if (typeof node.repeatCount === 'number') n = node.repeatCount;
  else {
    const v = ev.value(node.repeatCount, node.name, path);
    n = typeof v === 'number' ? v : Number(v);
  }
  n = Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), 0), MAX_REPEAT_INSTANCES) : 0;
  if (list.length > n) list.length = n;
  while (list.length < n) list.push({});
}

function settleValue(node: FieldNode, inst: Instance, path: string, ev: Evaluator, applyDefaults: boolean, keepVolatile: boolean): void {
  const c = inst.container;
  const set = (v: unknown): void => {
    if (isEmptyValue(v)) delete c[node.name];
    else c[node.name] = v;
  };
  if (node.calculation !== null) {
    if (node.calculation.volatile && keepVolatile && !isEmptyValue(c[node.name])) return;
    const r = ev.value(node.calculation, node.name, path);
    set(r === undefined ? undefined : answerFromResult(node.type, r));
    return;
  }
  const source = QUESTION_TYPES[node.type].source;
  // Hidden, calculate and note questions without a calculation hold their default and nothing else.
  if (source !== 'input') set(defaultOf(node, path, ev));
  else if (applyDefaults && isEmptyValue(c[node.name])) set(defaultOf(node, path, ev));
}

function defaultOf(node: FieldNode, path: string, ev: Evaluator): unknown {
  if (node.defaultValue !== null) return answerFromLiteral(node.type, node.defaultValue);
  if (node.defaultExpr === null) return undefined;
  const r = ev.value(node.defaultExpr, node.name, path);
  return r === undefined ? undefined : answerFromResult(node.type, r);
}

/** Copies the answers the survey asks (by name, repeats as arrays of objects), dropping empty ones. */
function shape(nodes: readonly BindingNode[], src: FormValues, dst: FormValues): void {
  for (const node of nodes) {
    if (node.kind === 'section') {
      if (!node.repeat) {
        shape(node.children, src, dst);
        continue;
      }
      const list = src[node.name];
      dst[node.name] = (Array.isArray(list) ? list.slice(0, MAX_REPEAT_INSTANCES) : []).map((item: unknown) => {
        const out: FormValues = {};
        shape(node.children, isObject(item) ? item : {}, out);
        return out;
      });
      continue;
    }
    const v = normalize(src[node.name]);
    // An acknowledge left unticked is no answer, like a cleared field.
    if (!isEmptyValue(v) && !(node.type === 112 && v === false)) dst[node.name] = v;
  }
}

/** A copy the pass may change; grids lose their empty rows. */
function normalize(v: unknown): unknown {
  if (Array.isArray(v)) return [...v];
  if (isObject(v)) {
    const out: FormValues = {};
    for (const [k, cell] of Object.entries(v)) if (!isEmptyValue(cell)) out[k] = Array.isArray(cell) ? [...cell] : cell;
    return out;
  }
  return v;
}
