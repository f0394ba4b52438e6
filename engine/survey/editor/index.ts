// The builder's operations on a survey model (pure): edits with undo and redo, name checks, the
// max-choices rule, and the checks a survey must pass to be published. Re-exported by engine/survey.
export { apply, canRedo, canUndo, createHistory, redo, saved, undo, HISTORY_LIMIT, type History, type HistoryResult } from './history';
export {
  applyEdit,
  editorState,
  savePayload,
  type EditEnv,
  type EditOp,
  type EditProblem,
  type EditProblemCode,
  type EditResult,
  type EditorState,
  type SurveyPatch,
} from './operations';
export { checkName, freshName, type NameProblem, type NameProblemCode } from './names';
export { maxChoicesOf, withMaxChoices } from './maxChoices';
export { type PropertyValues, type SetProperty } from './properties';
export {
  csvFilesNamed,
  describeProblem,
  publishProblems,
  type PublishCheck,
  type PublishContext,
  type PublishProblem,
  type PublishProblemCode,
} from './publish';
export { locate, walkItems } from './tree';
export { emptyQuestion } from './defaults';
export {
  textFor,
  toTranslate,
  translatableTexts,
  translationBody,
  untranslatedCount,
  withTranslations,
  type ItemTextKind,
  type LocalizedProperty,
  type TextChange,
  type TextRole,
  type TranslatableText,
} from './translations';
export {
  MAX_CELL_LENGTH,
  MAX_SHEET_COLUMNS,
  MAX_SHEET_ROWS,
  readTranslationSheet,
  SHEET_NAME,
  translationSheet,
  type SheetReading,
} from './translationSheet';
export { choiceMedia, mediaNameProblem, withChoiceMedia } from './media';
export { bareQuestionNames } from './bareNames';
export { checkDraft, type DraftProblem, type ExpressionProperty } from './check';
export { completionsAt, laterReferences, surveyNames, type Completion, type CompletionOption } from './completion';
