// The builder's edits as pure functions: state + operation -> new state, or a typed problem. A state
// is the survey model and the ids deleted since it was loaded (the save payload lists them).
import type { ChoiceModel, SurveyItem, SurveyModel } from '../model';
import { QUESTION_TYPES, SHEET_TYPES, isQuestionType, isSheetType, type QuestionType, type SheetType } from '../question-types';
import { newItem } from './defaults';
import { checkName, freshName, namesOf, nameTaken, type NameProblemCode } from './names';
import { PropertyError, writeProperty, type SetProperty } from './properties';
import { renameReferences } from './rename';
import { insertAt, locate, normalize, removeAt, replaceAt, walkItems, type Path } from './tree';

export interface EditorState {
  readonly model: SurveyModel;
  /** Items deleted since the model was loaded, sections' contents included. */
  readonly deletedIds: readonly string[];
}

export type SurveyPatch = Partial<Pick<SurveyModel, 'name' | 'description' | 'endDate' | 'toggleLocation'>>;

export type EditOp =
  /** A new item of a type at `index` of a section (null: the top); the end when index is absent. */
  | { op: 'add'; questionType: QuestionType; parentId: string | null; index?: number; sheetType?: SheetType }
  | { op: 'delete'; id: string }
  /** A copy right after the original: new ids and names, choices copied. */
  | { op: 'duplicate'; id: string }
  /** `index` counts in the target list without the moved item. */
  | { op: 'move'; id: string; parentId: string | null; index: number }
  | SetProperty
  | { op: 'setSurvey'; patch: SurveyPatch };

export type EditProblemCode = NameProblemCode | 'notFound' | 'notApplicable' | 'invalidValue' | 'invalidMove';

export interface EditProblem {
  readonly code: EditProblemCode;
  readonly itemId: string | null;
  readonly message: string;
}

export type EditResult =
  { ok: true; state: EditorState; /** The item added or copied. */ itemId?: string } | { ok: false; problem: EditProblem };

export interface EditEnv {
  /** New ids for items and choices (uuids; tests pass a counter). */
  newId: () => string;
}

export const defaultEnv: EditEnv = { newId: () => globalThis.crypto.randomUUID() };

export function editorState(model: SurveyModel): EditorState {
  return { model, deletedIds: [] };
}

const fail = (code: EditProblemCode, itemId: string | null, message: string): EditResult => ({
  ok: false,
  problem: { code, itemId, message },
});

function withItems(state: EditorState, items: readonly SurveyItem[], deletedIds = state.deletedIds): EditorState {
  return { model: { ...state.model, surveyItems: normalize(items) }, deletedIds };
}

const baseLanguageOf = (m: SurveyModel): number =>
  (m.surveyLanguageMaps.find((l) => l.isBaseLanguage) ?? m.surveyLanguageMaps[0])?.languageId ?? 1;

/** The path of a section to insert into (null: the top), or a problem. */
function parentPath(model: SurveyModel, parentId: string | null): Path | EditResult {
  if (parentId === null) return [];
  const parent = locate(model.surveyItems, parentId);
  if (!parent) return fail('notFound', parentId, 'There is no such section');
  if (parent.item.itemLabel !== 'Section') return fail('invalidMove', parentId, 'Only a section can hold other items');
  return parent.path;
}

function add(state: EditorState, op: Extract<EditOp, { op: 'add' }>, env: EditEnv): EditResult {
  if (!isQuestionType(op.questionType)) return fail('invalidValue', null, `Unknown question type ${String(op.questionType)}`);
  const variant = op.sheetType;
  if (variant !== undefined && (!isSheetType(variant) || SHEET_TYPES[variant].base !== op.questionType))
    return fail('invalidValue', null, `'${String(variant)}' is no variant of ${QUESTION_TYPES[op.questionType].title}`);
  const at = parentPath(state.model, op.parentId);
  if (!Array.isArray(at)) return at as EditResult;
  const id = env.newId();
  const key = QUESTION_TYPES[op.questionType].key;
  const name = freshName(variant ?? (key === 'section' ? 'section' : key), namesOf(state.model));
  const languageId = baseLanguageOf(state.model);
  const item = newItem(op.questionType, { id, name, languageId, newId: env.newId });
  if (variant !== undefined) {
    item.surveyItem.sheetType = variant;
    item.surveyItem.questionLabels = [{ languageId, text: SHEET_TYPES[variant].title }];
  }
  return { ok: true, state: withItems(state, insertAt(state.model.surveyItems, at, op.index, item)), itemId: id };
}

function remove(state: EditorState, id: string): EditResult {
  const found = locate(state.model.surveyItems, id);
  if (!found) return fail('notFound', id, 'There is no such item');
  const gone = [...walkItems([found.item])].map((i) => i.id).filter((i) => !state.deletedIds.includes(i));
  return { ok: true, state: withItems(state, removeAt(state.model.surveyItems, found.path), [...state.deletedIds, ...gone]) };
}

function copyChoices(list: readonly ChoiceModel[], env: EditEnv): ChoiceModel[] {
  return list.map((c) => ({ ...c, id: env.newId(), choiceLabels: c.choiceLabels.map((t) => ({ ...t })), filters: { ...c.filters } }));
}

function duplicate(state: EditorState, id: string, env: EditEnv): EditResult {
  const found = locate(state.model.surveyItems, id);
  if (!found) return fail('notFound', id, 'There is no such item');
  const taken = namesOf(state.model);
  const renamed: [string, string][] = [];
  const copy = (item: SurveyItem): SurveyItem => {
    const newId = env.newId();
    const name = freshName(`${item.surveyItem.name}_copy`, taken);
    renamed.push([item.surveyItem.name, name]);
    const q = item.surveyItem;
    return {
      ...item,
      id: newId,
      innerItems: item.innerItems.map(copy),
      surveyItem: {
        ...q,
        id: newId,
        name,
        selectQuestionChoices: copyChoices(q.selectQuestionChoices, env),
        secondChoices: copyChoices(q.secondChoices, env),
      },
    };
  };
  let twin = copy(found.item);
  // Inside a copied section, references between its own questions follow the copies.
  if (renamed.length > 1) {
    let inner: SurveyModel = { ...state.model, surveyItems: [twin] };
    for (const [from, to] of renamed.slice(1)) inner = renameReferences(inner, from, to);
    twin = inner.surveyItems[0]!;
  }
  const index = found.path[found.path.length - 1]! + 1;
  const items = insertAt(state.model.surveyItems, found.path.slice(0, -1), index, twin);
  return { ok: true, state: withItems(state, items), itemId: twin.id };
}

function move(state: EditorState, op: Extract<EditOp, { op: 'move' }>): EditResult {
  const found = locate(state.model.surveyItems, op.id);
  if (!found) return fail('notFound', op.id, 'There is no such item');
  if (op.parentId !== null && [...walkItems([found.item])].some((i) => i.id === op.parentId)) {
    return fail('invalidMove', op.id, 'A section cannot go inside itself');
  }
  const without = removeAt(state.model.surveyItems, found.path);
  const at = parentPath({ ...state.model, surveyItems: without }, op.parentId);
  if (!Array.isArray(at)) return at as EditResult;
  // Names are unique per parent: a move may not bring a second one into a group.
  const into = op.parentId === null ? without : (locate(without, op.parentId)?.item.innerItems ?? []);
  const taken = nameTaken(into, found.item.surveyItem.name);
  if (taken) return fail(taken.code, op.id, taken.message);
  return { ok: true, state: withItems(state, insertAt(without, at, op.index, found.item)) };
}

function set(state: EditorState, op: SetProperty): EditResult {
  const found = locate(state.model.surveyItems, op.id);
  if (!found) return fail('notFound', op.id, 'There is no such item');
  let model = state.model;
  if (op.property === 'name') {
    const problem = checkName(model, op.value, op.id);
    if (problem) return fail(problem.code, op.id, problem.message);
    model = renameReferences(model, found.item.surveyItem.name, op.value);
  }
  let item: SurveyItem;
  try {
    item = writeProperty(locate(model.surveyItems, op.id)!.item, op);
  } catch (e) {
    if (e instanceof PropertyError) return fail(e.code, op.id, e.message);
    throw e;
  }
  return { ok: true, state: withItems({ ...state, model }, replaceAt(model.surveyItems, found.path, item)) };
}

function setSurvey(state: EditorState, patch: SurveyPatch): EditResult {
  if (patch.name !== undefined && patch.name.trim() === '') return fail('invalidValue', null, 'The survey needs a name');
  return { ok: true, state: { ...state, model: { ...state.model, ...patch } } };
}

/** Applies one edit. The state passed in is never changed. */
export function applyEdit(state: EditorState, op: EditOp, env: EditEnv = defaultEnv): EditResult {
  switch (op.op) {
    case 'add':
      return add(state, op, env);
    case 'delete':
      return remove(state, op.id);
    case 'duplicate':
      return duplicate(state, op.id, env);
    case 'move':
      return move(state, op);
    case 'set':
      return set(state, op);
    case 'setSurvey':
      return setSurvey(state, op.patch);
    default: {
      const never: never = op;
      throw new Error(`Unknown edit ${JSON.stringify(never)}`);
    }
  }
}

/** What POST /Survey/SaveSurvey takes: the model, the deleted ids and the version the edits started from. */
export function savePayload(state: EditorState, version: number): { model: SurveyModel; deletedIds: string[]; version: number } {
  return { model: state.model, deletedIds: [...state.deletedIds], version };
}
