// The public surface of engine/survey: nothing else in this folder is imported from outside it.
export * from './question-types';
export * from './model';
export { bindSurvey, NAME_PATTERN, type BindingNode, type Bindings, type ChoiceBinding, type Diagnostic, type FieldNode, type SectionNode } from './bindings';
export { compileSurvey, type CompiledForm, type FormLanguage, type LayoutNode, type UiSchema } from './compile';
export type { ChoiceOption, JsonSchema } from './emitters';
export type { Expr, ExpressionRole } from './expressions';
export * from './text';
export * from './values';
export { instancesOf, rootInstance, type FormValues, type Instance } from './instances';
export { shapeAnswers, storedAnswers, MAX_REPEAT_INSTANCES } from './validate/shape';
export { graphInput, graphOf, literalExpression } from './graph';
export { validateAnswers, checkState, hasAnyAnswer, type Issue, type ValidateOptions, type ValidationResult } from './validate/validate';
export { FIELD_MESSAGES, SUBMIT_MESSAGES, type IssueKind } from './validate/messages';
export { CODECS, type Decoded } from './answers/codecs';
export { encodeAnswers, decodeAnswers, type DecodeProblem, type EncodedAnswers } from './answers/encode';
export { toFormEntries, parseSubmission, unflatten, type FormEntry, type FormEntryValue } from './answers/form-fields';
export type { AnswerDetail, AnswerFile, AnswerInput, SubmissionInput } from './answers/types';
export { buildSurvey, survey, section, repeat, q, stableId, QuestionBuilder, SectionBuilder, type BuildOptions, type ChoiceSpec, type ItemBuilder, type Texts } from './build';
