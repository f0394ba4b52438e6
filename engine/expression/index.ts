// The public surface of the expression engine. Nothing else in engine/expression is imported from
// outside it; see README.md for the contract.
export type { AstNode, BinaryOperator, Expression, Span } from './ast';
export { walk } from './ast';
export type { Choice, Env } from './env';
export { ERROR_CODES, ExpressionError, MESSAGES, type ErrorCode, type ErrorLocation, type ErrorTitle } from './errors';
export { FUNCTION_FAMILIES, FUNCTIONS, type FunctionFamily, type FunctionName } from './functions/index';
export { arity, type Param } from './functions/types';
export { analyze, type Analysis } from './check';
export { diagnose, parse, syntaxTree } from './parse';
export { patternIssues, type PatternIssue } from './patterns';
export { translatePattern, type PatternProblem, type Translation } from './values/pattern';
export { print } from './syntax/print';
export { compile, evaluate, references, tryEvaluate, type CompiledExpression, type Outcome, type Result } from './runtime/evaluate';
export { filterChoices, type FilteredChoices } from './choices';
export { ISOLATE_END, ISOLATE_START, escapeFormatting, interpolate, replaceReferences, shownInLabel, templateReferences } from './template';
export { XLSFORM_BINDING_COLUMNS, xlsformBinding, xlsformFlag, type XlsformBindingColumn } from './xlsform';
export {
  addRepeat,
  buildGraph,
  compiledSources,
  initialize,
  isEmptyAnswer,
  MAX_REPEAT_INSTANCES,
  recalculate,
  removeRepeat,
  type InitializeOptions,
} from './graph/index';
export { BudgetExceeded, type BudgetLimit, type EvaluationBudget } from './graph/budget';
export {
  BIND_KINDS,
  type Bind,
  type BindKind,
  type BindProblem,
  type Changes,
  type Cycle,
  type Data,
  type EvaluationOptions,
  type FieldInfo,
  type FieldShape,
  type FormState,
  type Graph,
  type GraphBind,
  type QuestionState,
  type Recalculation,
  type SurveyShape,
  type Validity,
} from './graph/types';
