// Undo and redo over whole editor states. States share every item an edit did not touch (tree.ts), so
// keeping a hundred of them costs little more than the edits themselves.
import { applyEdit, defaultEnv, editorState, type EditEnv, type EditOp, type EditProblem, type EditorState } from './operations';
import type { SurveyModel } from '../model';

export const HISTORY_LIMIT = 100;

export interface History {
  readonly past: readonly EditorState[];
  readonly present: EditorState;
  readonly future: readonly EditorState[];
}

export function createHistory(model: SurveyModel): History {
  return { past: [], present: editorState(model), future: [] };
}

export type HistoryResult = { ok: true; history: History; itemId?: string } | { ok: false; history: History; problem: EditProblem };

/** Applies an edit; a refused edit leaves the history as it was. A new edit clears what redo had. */
export function apply(h: History, op: EditOp, env: EditEnv = defaultEnv): HistoryResult {
  const r = applyEdit(h.present, op, env);
  if (!r.ok) return { ok: false, history: h, problem: r.problem };
  const past = [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { ok: true, history: { past, present: r.state, future: [] }, ...(r.itemId !== undefined ? { itemId: r.itemId } : {}) };
}

export const canUndo = (h: History): boolean => h.past.length > 0;
export const canRedo = (h: History): boolean => h.future.length > 0;

export function undo(h: History): History {
  const previous = h.past[h.past.length - 1];
  return previous ? { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] } : h;
}

export function redo(h: History): History {
  const [next, ...rest] = h.future;
  return next ? { past: [...h.past, h.present], present: next, future: rest } : h;
}

/**
 * After a save: the saved model becomes the start (deleted ids are spent) and the edits before it can
 * no longer be undone, since the server has what they made.
 */
export function saved(h: History, model: SurveyModel = h.present.model): History {
  return createHistory(model);
}
