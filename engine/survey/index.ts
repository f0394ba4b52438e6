// The public surface of engine/survey: nothing else in this folder is imported from outside it.
export * from './question-types';
export * from './model';
export {
  bindSurvey,
  NAME_PATTERN,
  type BindingNode,
  type Bindings,
  type ChoiceBinding,
  type Diagnostic,
  type DiagnosticCode,
  type FieldNode,
  type SectionNode,
} from './bindings';
export { compileSurvey, type CompiledForm, type FormLanguage, type LayoutNode, type UiSchema } from './compile';
export type { ChoiceOption, JsonSchema } from './emitters';
export type { Expr, ExpressionRole } from './expressions';
export * from './text';
export * from './markup';
export * from './values';
export * from './lines';
export { type FormValues, type Instance } from './instances';
export { coerceAnswer } from './coerce';
export { keyLabel } from './keys';
export { shapeAnswers } from './validate/shape';
export { graphInput, graphOf } from './graph';
export { expressionTrees, type ExpressionTrees } from './trees';
export { checkPatterns, type PatternReport } from './patterns';
export { validateAnswers, checkState, hasAnyAnswer, type Issue, type ValidateOptions, type ValidationResult } from './validate/validate';
export { FIELD_MESSAGES, SUBMIT_MESSAGES, type IssueKind } from './validate/messages';
export { CODECS, type Decoded } from './answers/codecs';
export { encodeAnswers, decodeAnswers, type DecodeProblem, type EncodedAnswers } from './answers/encode';
export { toFormEntries, parseSubmission, unflatten, MAX_REPORTED_ERRORS, type FormEntry, type FormEntryValue } from './answers/form-fields';
export type { AnswerDetail, AnswerFile, AnswerInput, SubmissionInput } from './answers/types';
export {
  buildSurvey,
  survey,
  section,
  repeat,
  q,
  QuestionBuilder,
  type BuildOptions,
  type ChoiceSpec,
  type ItemBuilder,
  type Texts,
} from './build';
export {
  createFormValidator,
  toErrorSchema,
  type ErrorHandler,
  type ErrorSchema,
  type FormValidationError,
  type FormValidator,
} from './validate/rjsf';
export * from './xlsform/index';
export * from './editor/index';
export {
  dataFields,
  dataColumns,
  repeatGroups,
  cellOf,
  neutralizeCell,
  sheetKindOf,
  numberOfText,
  serialOfText,
  parseAnswerFilter,
  filterColumnOf,
  type AnswerFilter,
  type FilterColumn,
  type CellOptions,
  type CellValue,
  type CsvAudience,
  type SheetKind,
  type DataColumn,
  type FilterOp,
  type StoredValue,
} from './data';
