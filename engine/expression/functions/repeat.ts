// Functions over the answers of a question inside a repeat, seen from outside it.
import { toNum, toStr, type NodeSet } from '../values/value';
import { fn, type PathArg, type Scope } from './types';

/** sum(): blank and non-numeric answers are skipped, as JavaRosa does, so one unanswered instance does not blank the total. */
function sum(scope: Scope, set: NodeSet): number {
  let total = 0;
  for (let i = 0; i < set.size; i++) {
    const n = toNum(set.at(i, scope), scope);
    if (!Number.isNaN(n)) total += n;
  }
  return total;
}

/** min/max: blank and non-numeric values skipped (JavaRosa); NaN only when none is a number. */
function extreme(values: readonly number[], pick: (a: number, b: number) => number): number {
  let best = NaN;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    best = Number.isNaN(best) ? v : pick(best, v);
  }
  return best;
}

const CONTEXT: PathArg = { kind: 'context' };

export const repeatFunctions = {
  count: fn(['nodes'], 'number', (_, set) => set.size),
  'count-non-empty': fn(['nodes'], 'number', (scope, set) => {
    let n = 0;
    for (let i = 0; i < set.size; i++) if (toStr(set.at(i, scope), scope) !== '') n++;
    return n;
  }),
  sum: fn(['nodes'], 'number', sum),
  min: fn(['...number'], 'number', (_, values) => extreme(values, Math.min)),
  max: fn(['...number'], 'number', (_, values) => extreme(values, Math.max)),
  join: fn(['string', '...string'], 'string', (_, separator, parts) => parts.join(separator)),
  position: fn(['path?'], 'number', (scope, target) => scope.position(target ?? CONTEXT), {
    volatile: true,
  }),
  /** A node-set: the target may sit in further repeats that no index names (count() of it can exceed 1). */
  'indexed-repeat': fn(
    ['ref', 'ref', 'number', 'ref?', 'number?', 'ref?', 'number?'],
    'nodes',
    (scope, name, r1, i1, r2, i2, r3, i3) => {
      const indexes: [string, number][] = [[r1, i1]];
      if (r2 !== undefined && i2 !== undefined) indexes.push([r2, i2]);
      if (r3 !== undefined && i3 !== undefined) indexes.push([r3, i3]);
      return scope.indexed(name, indexes);
    },
    // JavaRosa: a repeat and its index come in pairs.
    { volatile: true, counts: [3, 5, 7] },
  ),
} as const;
