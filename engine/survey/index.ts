// The public surface of engine/survey: nothing else in this folder is imported from outside it.
export * from './question-types';
export * from './model';
export { bindSurvey, NAME_PATTERN, type BindingNode, type Bindings, type ChoiceBinding, type Diagnostic, type FieldNode, type SectionNode } from './bindings';
export { compileSurvey, type CompiledForm, type FormLanguage, type LayoutNode, type UiSchema } from './compile';
export type { ChoiceOption, JsonSchema } from './emitters';
export type { Expr, ExpressionRole } from './expressions';
export * from './text';
export * from './values';
