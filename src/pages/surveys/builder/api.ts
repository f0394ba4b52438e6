// The builder's calls: the survey with the version a save names (POST /Survey/GetById), the save
// (POST /Survey/SaveSurvey) and publishing (POST /DataCollection/PublishSurvey).
import { useQuery } from '@tanstack/react-query';
import type { PublishProblem, SurveyModel } from '../../../../engine/survey/index';
import { SURVEY_BUILDER_API, type SaveSurveyBody, type SavedSurvey } from '../../../../schemas/surveyBuilder';
import { SURVEYS_API } from '../../../../schemas/surveys';
import { call } from '../../../api/call';
import { ApiError, request } from '../../../api/client';

export interface Loaded {
  model: SurveyModel;
  version: number;
  /**
   * The survey's CSV files (pulldata(), search()), as GetById sends them with the model: the preview
   * reads them; kept out of the model so that saves do not carry them back.
   */
  attachments?: SurveyModel['attachments'];
}

export const builderKey = (surveyId: string) => ['builder', surveyId] as const;

/** GetById answers the model with languageId and version beside it; the model is kept apart. */
export function useBuilderSurvey(surveyId: string) {
  return useQuery({
    queryKey: builderKey(surveyId),
    // Another tab's save must not replace the edits in this one: fetched on demand only.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: () => loadSurvey(surveyId),
  });
}

export async function loadSurvey(surveyId: string): Promise<Loaded> {
  // The item tree and the CSV rows, which the schema sends as stored, are the engine's.
  const answer = await call(SURVEYS_API.getById, { body: { SurveyId: surveyId } });
  const { version, languageId: _language, attachments, ...model } = answer as SurveyModel & typeof answer;
  return { model, version, ...(attachments ? { attachments } : {}) };
}

export function saveSurvey(surveyId: string, payload: { model: SurveyModel; deletedIds: string[]; version: number }): Promise<Loaded> {
  // The one call not made with call(): its body's item tree is recursive, beyond the derived types.
  const e = SURVEY_BUILDER_API.saveSurvey;
  const body: SaveSurveyBody = { surveyId, ...payload };
  return request<SavedSurvey>(e.method, e.path, { body }).then(({ data }) => ({ model: data.model, version: data.version }));
}

export function publishSurvey(surveyId: string): Promise<{ version: number }> {
  return call(SURVEY_BUILDER_API.publishSurvey, { body: { surveyId } });
}

/** A save refused because the survey was saved since (another tab, another person). */
export const isStale = (err: unknown): boolean => err instanceof ApiError && err.status === 409;

/** The problems a refused publish (or a refused save of a published survey) lists. */
export function problemsOf(err: unknown): PublishProblem[] | null {
  if (!(err instanceof ApiError)) return null;
  const data = err.data as { problems?: PublishProblem[] } | null;
  return Array.isArray(data?.problems) ? data.problems : null;
}
