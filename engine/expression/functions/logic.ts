// Conditions and choices between values.
import { NodeSet, toBool, toStr, type Val } from '../values/value';
import { fn, type Scope } from './types';

/** The single answer behind a value, so coalesce(${a}, ...) returns what ${a} holds. */
function single(v: Val, scope: Scope): Val {
  return v instanceof NodeSet ? v.single(scope) : v;
}

export const logicFunctions = {
  if: fn(['boolean', 'lazy', 'lazy'], 'value', (scope, condition, then, otherwise) => (condition ? then(scope) : otherwise(scope))),
  not: fn(['boolean'], 'boolean', (_, b) => !b),
  true: fn([], 'boolean', () => true),
  false: fn([], 'boolean', () => false),
  boolean: fn(['value'], 'boolean', (scope, v) => toBool(v, scope)),
  'boolean-from-string': fn(['string'], 'boolean', (_, s) => s === 'true' || s === '1'),
  /** The first argument that is not empty (or NaN, JavaRosa's isNull); the second is evaluated only when needed. */
  coalesce: fn(['lazy', 'lazy'], 'value', (scope, first, second) => {
    const a = single(first(scope), scope);
    return a !== '' && !(typeof a === 'number' && Number.isNaN(a)) ? a : single(second(scope), scope);
  }),
  /** The question's own value once it has one; the argument only while it is empty. */
  once: fn(
    ['lazy'],
    'value',
    (scope, value) => {
      const current = scope.current();
      return toStr(current, scope) !== '' ? single(current, scope) : single(value(scope), scope);
    },
    { volatile: true },
  ),
} as const;
