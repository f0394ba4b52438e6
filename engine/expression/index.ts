// The public surface of the expression engine. Nothing else in engine/expression is imported from
// outside it; see README.md for the contract.
export type { AstNode, BinaryOperator, Expression, Span } from './ast';
export type { Choice, Env } from './env';
export { ERROR_CODES, ExpressionError, MESSAGES, type ErrorCode, type ErrorLocation, type ErrorTitle } from './errors';
export { FUNCTION_FAMILIES, FUNCTIONS, type FunctionFamily, type FunctionName } from './functions/index';
export { arity, type Param } from './functions/types';
export { analyze, type Analysis } from './check';
export { diagnose, parse } from './parse';
export { print } from './syntax/print';
export {
  compile,
  evaluate,
  references,
  tryEvaluate,
  type CompiledExpression,
  type Outcome,
  type Result,
} from './runtime/evaluate';
