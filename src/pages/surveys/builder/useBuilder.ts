// The builder's state: the engine's undo history of editor states, the version the edits started from,
// the selected item and whether anything is unsaved. Every change is an engine edit (applyEdit through
// apply); this hook only keeps the result and says what was refused.
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  apply,
  canRedo,
  canUndo,
  createHistory,
  redo as redoEdit,
  savePayload,
  saved as afterSave,
  undo as undoEdit,
  type EditOp,
  type EditProblem,
  type History,
  type SurveyModel,
} from '../../../../engine/survey/index';
import type { Loaded } from './api';

export interface Builder {
  model: SurveyModel;
  version: number;
  selectedId: string | null;
  select: (id: string | null) => void;
  /** Applies an edit; answers the engine's problem when it refused it. */
  edit: (op: EditOp) => EditProblem | null;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  /** For the leave prompt, read outside React's render. */
  dirtyRef: { current: boolean };
  payload: () => ReturnType<typeof savePayload>;
  /** A save went through: its model and version are the new start. */
  markSaved: (l: Loaded) => void;
  /** The server's copy replaces everything (after a stale save). */
  reset: (l: Loaded) => void;
  /**
   * The server took a change made outside the edit history (a translated text, a language, its status)
   * and answered its new version: the same change is made to the saved model. Only while nothing is
   * unsaved (the translation editor opens after a save), so no edit is taken for saved by mistake.
   */
  serverChanged: (update: (m: SurveyModel) => SurveyModel, version: number) => void;
  /** The survey's media changed on the server (an upload from the builder): its version moved, not its content. */
  versionMoved: (version: number) => void;
}

export function useBuilder(initial: Loaded): Builder {
  const [history, setHistory] = useState<History>(() => createHistory(initial.model));
  const [version, setVersion] = useState(initial.version);
  const [start, setStart] = useState(() => history.present);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const current = useRef(history);
  current.current = history;
  const dirty = history.present !== start;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const edit = useCallback((op: EditOp): EditProblem | null => {
    const r = apply(current.current, op);
    if (!r.ok) return r.problem;
    current.current = r.history;
    setHistory(r.history);
    if (r.itemId !== undefined) setSelectedId(r.itemId);
    return null;
  }, []);

  const restart = useCallback((l: Loaded) => {
    const h = afterSave(current.current, l.model);
    current.current = h;
    setHistory(h);
    setStart(h.present);
    setVersion(l.version);
  }, []);

  return useMemo(
    () => ({
      model: history.present.model,
      version,
      selectedId,
      select: setSelectedId,
      edit,
      undo: () => setHistory((h) => undoEdit(h)),
      redo: () => setHistory((h) => redoEdit(h)),
      canUndo: canUndo(history),
      canRedo: canRedo(history),
      dirty,
      dirtyRef,
      payload: () => savePayload(current.current.present, version),
      markSaved: restart,
      reset: (l: Loaded) => {
        restart(l);
        setSelectedId(null);
      },
      serverChanged: (update: (m: SurveyModel) => SurveyModel, v: number) =>
        restart({ model: update(current.current.present.model), version: v }),
      versionMoved: setVersion,
    }),
    [history, version, selectedId, edit, dirty, restart],
  );
}
