// Numbers: XPath 1.0 number functions and the ODK additions, rounding as JavaRosa does.
import { roundHalfUp, truncate } from '../values/numbers';
import { toNum } from '../values/value';
import { fn } from './types';

const unary = (f: (x: number) => number) => fn(['number'], 'number', (_, x) => f(x));

export const mathFunctions = {
  number: fn(['value?'], 'number', (scope, v) => toNum(v ?? scope.current(), scope)),
  int: unary(truncate),
  round: fn(['number', 'number?'], 'number', (_, x, digits) => roundHalfUp(x, digits ?? 0)),
  floor: unary(Math.floor),
  ceiling: unary(Math.ceil),
  abs: unary(Math.abs),
  pow: fn(['number', 'number'], 'number', (_, x, y) => x ** y),
  sqrt: unary(Math.sqrt),
  exp: unary(Math.exp),
  exp10: unary((x) => 10 ** x),
  log: unary(Math.log),
  log10: unary(Math.log10),
  pi: fn([], 'number', () => Math.PI),
  sin: unary(Math.sin),
  cos: unary(Math.cos),
  tan: unary(Math.tan),
  asin: unary(Math.asin),
  acos: unary(Math.acos),
  atan: unary(Math.atan),
  atan2: fn(['number', 'number'], 'number', (_, y, x) => Math.atan2(y, x)),
} as const;
