// Functions over the answers of a question inside a repeat, seen from outside it.
import { toNum, toStr, type NodeSet } from '../values/value';
import { fn, type Scope } from './types';

function numbers(set: NodeSet, scope: Scope): number[] {
  const out: number[] = [];
  for (let i = 0; i < set.size; i++) out.push(toNum(set.at(i, scope), scope));
  return out;
}

/** min/max: NaN when empty or when any answer is not a number, as in ODK. */
function extreme(values: readonly number[], pick: (a: number, b: number) => number): number {
  if (values.length === 0) return NaN;
  let best = values[0] ?? NaN;
  for (const v of values) {
    if (Number.isNaN(v)) return NaN;
    best = pick(best, v);
  }
  return best;
}

export const repeatFunctions = {
  count: fn(['nodes'], 'number', (_, set) => set.size),
  'count-non-empty': fn(['nodes'], 'number', (scope, set) => {
    let n = 0;
    for (let i = 0; i < set.size; i++) if (toStr(set.at(i, scope), scope) !== '') n++;
    return n;
  }),
  sum: fn(['nodes'], 'number', (scope, set) => numbers(set, scope).reduce((a, b) => a + b, 0)),
  min: fn(['...number'], 'number', (_, values) => extreme(values, Math.min)),
  max: fn(['...number'], 'number', (_, values) => extreme(values, Math.max)),
  join: fn(['string', '...string'], 'string', (_, separator, parts) => parts.join(separator)),
  position: fn(['path?'], 'number', (scope, target) => scope.position(target ?? { kind: 'parent' }), {
    volatile: true,
  }),
  'indexed-repeat': fn(
    ['ref', 'ref', 'number', 'ref?', 'number?', 'ref?', 'number?'],
    'value',
    (scope, name, r1, i1, r2, i2, r3, i3) => {
      const indexes: [string, number][] = [[r1, i1]];
      if (r2 !== undefined && i2 !== undefined) indexes.push([r2, i2]);
      if (r3 !== undefined && i3 !== undefined) indexes.push([r3, i3]);
      return scope.indexed(name, indexes);
    },
    { volatile: true },
  ),
} as const;
