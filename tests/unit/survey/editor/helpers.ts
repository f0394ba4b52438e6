// Editor scenarios: a survey from the DSL, a counter for new ids, and a shorthand that applies edits
// and fails the test on a refused one.
import {
  applyEdit,
  editorState,
  q,
  repeat,
  section,
  survey,
  walkItems,
  type EditOp,
  type EditorState,
  type SurveyModel,
} from '../../../../engine/survey/index';

export function counterEnv() {
  let n = 0;
  return { newId: () => `new-${++n}` };
}

export function sample(): SurveyModel {
  return survey(
    q.text('name').label('Name'),
    section('household', q.integer('size'), repeat('members', q.text('member_name'), q.integer('age'))),
    q.select_multiple('needs').choices('food', 'water').constraint('${size} > 0'),
  );
}

export function edit(state: EditorState, ...ops: EditOp[]): EditorState {
  const env = counterEnv();
  for (const op of ops) {
    const r = applyEdit(state, op, env);
    if (!r.ok) throw new Error(`${op.op} refused: ${r.problem.message}`);
    state = r.state;
  }
  return state;
}

export const start = (model: SurveyModel = sample()) => editorState(model);

/** The tree as 'name(order)' lines with xpath, for readable expectations. */
export function outline(model: SurveyModel): string[] {
  return [...walkItems(model.surveyItems)].map((i) => `${i.xpath}#${i.surveyItem.order}`);
}

export const idOf = (model: SurveyModel, name: string): string =>
  [...walkItems(model.surveyItems)].find((i) => i.surveyItem.name === name)!.id;
