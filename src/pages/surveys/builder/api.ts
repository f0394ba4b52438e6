// The builder's calls: the survey with the version a save names (POST /Survey/GetById), the save
// (POST /Survey/SaveSurvey) and publishing (POST /DataCollection/PublishSurvey).
import { useQuery } from '@tanstack/react-query';
import type { PublishProblem, SurveyModel } from '../../../../engine/survey/index';
import { SURVEYS_API } from '../../../../schemas/surveys';
import { call } from '../../../api/call';
import { api, ApiError } from '../../../api/client';

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
  return api
    .post<{ version: number; model: SurveyModel }>('/Survey/SaveSurvey', { surveyId, ...payload })
    .then((r) => ({ model: r.model, version: r.version }));
}

export function publishSurvey(surveyId: string): Promise<{ version: number }> {
  return api.post<{ version: number }>('/DataCollection/PublishSurvey', { surveyId });
}

/** A save refused because the survey was saved since (another tab, another person). */
export const isStale = (err: unknown): boolean => err instanceof ApiError && err.status === 409;

/** The problems a refused publish (or a refused save of a published survey) lists. */
export function problemsOf(err: unknown): PublishProblem[] | null {
  if (!(err instanceof ApiError)) return null;
  const data = err.data as { problems?: PublishProblem[] } | null;
  return Array.isArray(data?.problems) ? data.problems : null;
}
