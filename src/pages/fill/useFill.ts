// One fill-in of a survey: its runtime (answers, relevance, calculations), its client submission id
// and start time, the language it is shown in, and whether it has unsaved changes. Loading a draft or
// starting over replaces the whole fill-in, so nothing of the previous one leaks into the next. The
// state in and out is plain data (FillState): what drafts and the autosave of src/offline store.
import { useCallback, useEffect, useRef, useState } from 'react';
import { compileSurvey, hasAnyAnswer, type FormValues, type SurveyModel } from '../../../engine/survey/index';
import { createRuntime, type ExpressionProblem, type FormRuntime } from '../../../widgets/index';
import { newUuid } from './uuid';

/** A fill-in as data. */
export interface FillState {
  /** The client id the submission carries: the outbox and the server key on it. */
  submissionId: string;
  languageId: number;
  /** ISO date-time the form was opened. */
  startTime: string;
  formData: FormValues;
}

export interface Fill {
  runtime: FormRuntime;
  submissionId: string;
  startTime: string;
  /** Changes when the form must be laid out again (another language). */
  layout: number;
}

function start(model: SurveyModel, languageId: number, onProblem: (p: ExpressionProblem) => void, state?: Partial<FillState>): Fill {
  const runtime = createRuntime(compileSurvey(model, state?.languageId ?? languageId), {
    ...(state?.formData ? { data: state.formData, fresh: false } : { fresh: true }),
    onProblem,
  });
  return { runtime, submissionId: state?.submissionId ?? newUuid(), startTime: state?.startTime ?? new Date().toISOString(), layout: 0 };
}

export function useFill(model: SurveyModel, languageId: number, onProblem: (p: ExpressionProblem) => void) {
  const [fill, setFill] = useState<Fill>(() => start(model, languageId, onProblem));
  const dirty = useRef(false);
  useEffect(() => fill.runtime.onChange(() => (dirty.current = true)), [fill.runtime]);
  useEffect(() => () => fill.runtime.dispose(), [fill.runtime]);
  const current = useRef(fill);
  current.current = fill;

  const setLanguage = useCallback(
    (id: number) => {
      fill.runtime.setLanguage(compileSurvey(model, id));
      setFill((f) => ({ ...f, layout: f.layout + 1 }));
    },
    [fill.runtime, model],
  );
  /** Loads answers (a draft, the autosaved form); without a submission id they get a new one. */
  const restore = useCallback(
    (state: Partial<FillState>) => {
      setFill(start(model, current.current.runtime.compiled.language.languageId, onProblem, state));
      dirty.current = false;
    },
    [model, onProblem],
  );
  /** An empty form with a new submission id, for the next respondent. */
  const reset = useCallback(() => restore({}), [restore]);
  const snapshot = useCallback((): FillState => {
    const f = current.current;
    return {
      submissionId: f.submissionId,
      languageId: f.runtime.compiled.language.languageId,
      startTime: f.startTime,
      formData: f.runtime.data(),
    };
  }, []);
  const hasAnswers = useCallback(() => hasAnyAnswer(current.current.runtime.compiled.bindings, current.current.runtime.shownData()), []);
  return { fill, dirty, setLanguage, restore, reset, snapshot, hasAnswers };
}
