// What the compiler produces for each node, and the small pieces every part of it shares.
import type { Span } from '../ast';
import { ExpressionError, UNLOCATED } from '../errors';
import type { ResultKind } from '../functions/types';
import { toBool, toNum, toStr, type Val } from '../values/value';
import { foldingScope, NotConstant } from './fold';
import type { EvaluationScope } from './scope';

export type Run = (scope: EvaluationScope) => Val;
export type StaticType = ResultKind;

export interface Code {
  readonly run: Run;
  readonly type: StaticType;
  /** Present when the value is known without any answers. */
  readonly constant?: Val;
}

/** Gives an error raised inside a function or reference the position of the node that raised it. */
export function locate(error: unknown, span: Span): unknown {
  if (error instanceof ExpressionError && error.offset === UNLOCATED.offset) {
    return new ExpressionError(error.code, error.message, span);
  }
  return error;
}

export function constant(value: Val, type: StaticType): Code {
  return { run: () => value, type, constant: value };
}

/** Runs a code once at compile time if it needs nothing but constants. */
export function tryFold(code: Code, parts: readonly Code[]): Code {
  if (parts.some((p) => p.constant === undefined)) return code;
  try {
    return constant(code.run(foldingScope as unknown as EvaluationScope), code.type);
  } catch (e) {
    if (e instanceof NotConstant || e instanceof ExpressionError) return code; // leave it to run time
    throw e;
  }
}

// Coercions chosen at compile time: none at all when the static type already fits.
export const asNumber = (code: Code): ((s: EvaluationScope) => number) =>
  code.type === 'number' ? (code.run as (s: EvaluationScope) => number) : (s) => toNum(code.run(s), s);
export const asString = (code: Code): ((s: EvaluationScope) => string) =>
  code.type === 'string' ? (code.run as (s: EvaluationScope) => string) : (s) => toStr(code.run(s), s);
export const asBoolean = (code: Code): ((s: EvaluationScope) => boolean) =>
  code.type === 'boolean' ? (code.run as (s: EvaluationScope) => boolean) : (s) => toBool(code.run(s), s);
