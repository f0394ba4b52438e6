// A stored submission shown read-only (spec 001 section 4: "With a submissionId the form is read-only
// and shows stored answers"): the survey's form with the answers as they were stored, every question
// shown whatever its relevance, nothing recomputed. For the data pages, given the survey and the
// submission's answer list (the spec's answerDetail shapes).
import { useMemo } from 'react';
import { compileSurvey, decodeAnswers, type AnswerInput, type SurveyModel } from '../../../engine/survey/index';
import { SurveyForm, createRuntime, type FormContext } from '../../../widgets/index';
import { PageSpinner } from '../../components/PageSpinner';
import { useExpressionsReady } from '../../expression/useExpressionsReady';

export interface StoredSubmissionProps {
  survey: SurveyModel;
  answers: readonly Pick<AnswerInput, 'questionId' | 'answerDetail'>[];
  languageId?: number;
  /** The link of a stored file (its preview shows a loading state meanwhile). */
  fileUrl?: FormContext['fileUrl'];
}

export function StoredSubmission(props: StoredSubmissionProps) {
  // The organization's own views of a survey come without parse trees: the parser loads first.
  const ready = useExpressionsReady(true, null);
  return ready ? <Stored {...props} /> : <PageSpinner />;
}

function Stored({ survey, answers, languageId, fileUrl }: StoredSubmissionProps) {
  const runtime = useMemo(() => {
    const form = compileSurvey(survey, languageId);
    return createRuntime(form, { data: decodeAnswers(form.bindings, answers).data, readOnly: true });
  }, [survey, answers, languageId]);
  const context = useMemo<FormContext>(() => (fileUrl ? { fileUrl } : {}), [fileUrl]);
  return <SurveyForm runtime={runtime} context={context} />;
}
