// Received answers cut to the survey's shape before anything evaluates them: only names the survey
// asks (repeats as arrays of objects), no empty answers ('clearing a field removes the answer'), an
// unticked acknowledge as no answer, grids without empty rows. The fill page runs a stored draft
// through this too.
import { MAX_REPEAT_INSTANCES } from '../../expression/index';
import type { BindingNode, Bindings } from '../bindings';
import { coerceAnswer } from '../coerce';
import { isObject, type FormValues } from '../instances';
import { isEmptyValue } from '../values';

export { MAX_REPEAT_INSTANCES };

/**
 * Repeat instances one submission may hold, all repeats and nesting levels together. MAX_REPEAT_INSTANCES
 * bounds one list; nested repeats would otherwise multiply (1,000 x 1,000), and every instance is
 * validated and stored.
 */
export const MAX_SUBMISSION_INSTANCES = 10_000;

export function shapeAnswers(b: Bindings, input: FormValues): FormValues {
  const out: FormValues = {};
  shape(b.root, input, out);
  return out;
}

function shape(nodes: readonly BindingNode[], src: FormValues, dst: FormValues): void {
  for (const node of nodes) {
    if (node.kind === 'section') {
      if (!node.repeat) {
        shape(node.children, src, dst);
        continue;
      }
      const list = src[node.name];
      if (!Array.isArray(list)) continue;
      dst[node.name] = list.slice(0, MAX_REPEAT_INSTANCES).map((item: unknown) => {
        const o: FormValues = {};
        shape(node.children, isObject(item) ? item : {}, o);
        return o;
      });
      continue;
    }
    const v = normalize(src[node.name]);
    if (!isEmptyValue(v) && !(node.type === 112 && v !== true)) dst[node.name] = v;
  }
}

function normalize(v: unknown): unknown {
  if (Array.isArray(v)) return [...v];
  if (isObject(v)) {
    const out: FormValues = {};
    for (const [k, cell] of Object.entries(v)) if (!isEmptyValue(cell)) out[k] = Array.isArray(cell) ? [...cell] : cell;
    return out;
  }
  return v;
}

/**
 * The answers a submission stores, from the graph's values: hidden questions are blank there and so
 * left out like empty ones; hidden repeats are left out whole.
 */
export function storedAnswers(b: Bindings, values: FormValues, relevant: (path: string) => boolean): FormValues {
  const out: FormValues = {};
  collect(b.root, values, out, '', relevant);
  return out;
}

function collect(
  nodes: readonly BindingNode[],
  src: FormValues,
  dst: FormValues,
  prefix: string,
  relevant: (path: string) => boolean,
): void {
  for (const node of nodes) {
    if (node.kind === 'field') {
      // A read-only answer is the question's own (its calculation, else its fixed default), never what was sent.
      const fixed = node.model.readOnly && node.calculation === null;
      const v = coerceAnswer(node.type, fixed ? (node.defaultValue ?? undefined) : src[node.name]);
      if (!isEmptyValue(v)) dst[node.name] = v;
      continue;
    }
    if (!node.repeat) {
      collect(node.children, src, dst, prefix, relevant);
      continue;
    }
    const path = prefix ? `${prefix}/${node.name}` : node.name;
    const list = src[node.name];
    if (!Array.isArray(list) || !relevant(path)) continue;
    const out: FormValues[] = [];
    for (let i = 0; i < list.length; i++) {
      const item: unknown = list[i];
      const o: FormValues = {};
      collect(node.children, isObject(item) ? item : {}, o, `${path}[${i + 1}]`, relevant);
      out.push(o);
    }
    dst[node.name] = out;
  }
}
