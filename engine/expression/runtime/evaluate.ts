// evaluate(): the one way to run an expression. Compiled programs are cached by source text (and by
// Expression object), so a form's expressions are parsed and compiled once.
import type { Expression } from '../ast';
import { analyze, type Analysis } from '../check';
import type { Env } from '../env';
import { ExpressionError, MESSAGES, type ErrorTitle } from '../errors';
import { parse } from '../parse';
import { finalize } from '../values/value';
import { compileNode, type Run } from './compile';
import { EvaluationScope } from './scope';

export type Result = string | number | boolean;

/** An expression ready to run many times. */
export interface CompiledExpression {
  readonly source: string;
  readonly expression: Expression;
  readonly analysis: Analysis;
  /** Throws ExpressionError. */
  evaluate(env: Env): Result;
}

const CACHE_LIMIT = 10_000;
const bySource = new Map<string, CompiledExpression>();
const byExpression = new WeakMap<Expression, CompiledExpression>();

function build(expression: Expression): CompiledExpression {
  const { source } = expression;
  let run: Run;
  try {
    run = compileNode(expression.root).run;
  } catch (e) {
    throw asExpressionError(e, source);
  }
  return {
    source,
    expression,
    analysis: analyze(expression.root),
    evaluate(env: Env): Result {
      const scope = new EvaluationScope(env);
      try {
        return finalize(run(scope), scope);
      } catch (e) {
        throw asExpressionError(e, source);
      }
    },
  };
}

/** Any failure as an ExpressionError: nothing thrown by the engine may escape as anything else. */
export function asExpressionError(e: unknown, source?: string, title?: ErrorTitle): ExpressionError {
  const extra = { ...(source === undefined ? {} : { source }), ...(title === undefined ? {} : { title }) };
  if (e instanceof ExpressionError) {
    const located = e.offset < 0 ? new ExpressionError(e.code, e.message, { offset: 0, length: source?.length ?? 0 }) : e;
    return located.withContext(extra);
  }
  const message = e instanceof RangeError ? 'The expression is too long or too deeply nested' : MESSAGES.evaluation;
  return new ExpressionError('internal', message, { offset: 0, length: source?.length ?? 0 }, extra);
}

/** The compiled form of an expression, from the cache when it has been compiled before. */
export function compile(source: string | Expression): CompiledExpression {
  if (typeof source !== 'string') {
    let compiled = byExpression.get(source);
    if (compiled === undefined) {
      compiled = build(source);
      byExpression.set(source, compiled);
    }
    return compiled;
  }
  let compiled = bySource.get(source);
  if (compiled === undefined) {
    compiled = build(parse(source));
    // A form has hundreds of expressions, not tens of thousands; past that, start afresh.
    if (bySource.size >= CACHE_LIMIT) bySource.clear();
    bySource.set(source, compiled);
  }
  return compiled;
}

export function evaluate(source: string | Expression, env: Env): Result {
  return compile(source).evaluate(env);
}

export type Outcome = { readonly ok: true; readonly value: Result } | { readonly ok: false; readonly error: ExpressionError };

/** evaluate() that returns failures as values instead of throwing. */
export function tryEvaluate(source: string | Expression, env: Env): Outcome {
  try {
    return { ok: true, value: compile(source).evaluate(env) };
  } catch (e) {
    return { ok: false, error: asExpressionError(e, typeof source === 'string' ? source : source.source) };
  }
}

/** The question names an expression reads through ${name}. */
export function references(source: string | Expression): string[] {
  return [...compile(source).analysis.references];
}
