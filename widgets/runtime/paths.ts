// Instance paths, the one address of an answer everywhere in the fill page: the expression engine's
// context paths ('household[2]/member_age', 1-based), the validator's Issue.path, the DOM's data-path.
// rjsf addresses the same answer as a list of steps (['household', 1, 'member_age'], 0-based).
import type { FormValues } from '../../engine/survey/index';

/** rjsf's FieldPathList -> instance path: ['household', 1, 'age'] -> 'household[2]/age'. */
export function instancePath(steps: readonly (string | number)[]): string {
  let out = '';
  for (const step of steps) {
    if (typeof step === 'number') out += `[${step + 1}]`;
    else out += out === '' ? step : `/${step}`;
  }
  return out;
}

export const joinPath = (prefix: string, name: string): string => (prefix === '' ? name : `${prefix}/${name}`);

const STEP = /^([^[\]/]+)(?:\[(\d+)\])?$/;

/** 'household[2]/age' -> [['household', 2], ['age', undefined]]. */
function steps(path: string): [string, number | undefined][] {
  const out: [string, number | undefined][] = [];
  for (const segment of path.split('/')) {
    const m = STEP.exec(segment);
    if (m === null) return [];
    out.push([m[1]!, m[2] === undefined ? undefined : Number(m[2])]);
  }
  return out;
}

const isRecord = (v: unknown): v is FormValues => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at an instance path; a repeat's path gives its list of instances. */
export function valueAt(data: FormValues, path: string): unknown {
  let node: unknown = data;
  for (const [name, index] of steps(path)) {
    if (!isRecord(node)) return undefined;
    node = node[name];
    if (index !== undefined) node = Array.isArray(node) ? node[index - 1] : undefined;
  }
  return node;
}

/** The repeat path and 1-based index of an instance path: 'a[2]/b[3]' -> ['a[2]/b', 3]. */
export function splitInstance(path: string): [string, number] | undefined {
  const m = /^(.*)\[(\d+)\]$/.exec(path);
  return m ? [m[1]!, Number(m[2])] : undefined;
}

/**
 * The DOM id of a question's frame: 'household[2]/age' -> 'q:household:2:age'. Names never hold ':'
 * (NAME_PATTERN), so ids cannot collide; the form's widgets use the same separator (idSeparator).
 */
export const domIdOf = (path: string): string => `q:${path.replace(/\[(\d+)\]/g, ':$1').replace(/\//g, ':')}`;
