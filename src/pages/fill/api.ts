// What the fill page asks the server: the survey (GET /Survey/GetPreviewData, public for a deployed
// survey) and, for signed-in users, its Excel export.
import { useQuery } from '@tanstack/react-query';
import { exportFileName, type ExpressionTrees, type SurveyModel } from '../../../engine/survey/index';
import { ApiError, api } from '../../api/client';
import { session } from '../../state/session';
import { PREVIEW_PATH, previewQuery, takePrefetched } from './prefetch';
import type { FillRoute } from './route';

export interface PreviewData extends SurveyModel {
  /** The survey's default language, or the one asked for. */
  languageId: number;
  isExpired: boolean;
  /** The single-use link of this address was used already. */
  alreadySubmitted: boolean;
  canSubmitSurvey: boolean;
  /** Whether this address can submit at all (absent in survey data cached by an older version: yes). */
  linkValid?: boolean;
  /** The parse tree of every expression (absent in survey data cached by an older version). */
  expressionTrees?: ExpressionTrees;
}


/** The address the survey is read from, as the client sends it: the service worker keeps it for offline use. */
export function previewUrl(route: FillRoute): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(previewQuery(route))) if (v !== null && v !== '') params.set(k, v);
  return `/api${PREVIEW_PATH}?${params.toString()}`;
}

export function usePreviewData(route: FillRoute) {
  return useQuery({
    queryKey: ['fill', 'preview', route.surveyId, route.linkUuid, route.taskId, route.receiverId],
    queryFn: () => takePrefetched<PreviewData>(route) ?? api.get<PreviewData>(PREVIEW_PATH, { query: previewQuery(route) }),
    staleTime: Infinity,
  });
}

/** GET /DataCollection/exportSurvey/{id}: the survey as an .xlsx, saved as '{survey name}.xlsx'. */
export async function exportSurvey(surveyId: string, name: string): Promise<void> {
  const headers: Record<string, string> = {};
  if (session.token) headers.authorization = `Bearer ${session.token}`;
  if (session.organizationId) headers['organization-id'] = session.organizationId;
  const res = await fetch(`/api/DataCollection/exportSurvey/${encodeURIComponent(surveyId)}`, { headers });
  if (!res.ok) {
    // A refused download answers the usual envelope as JSON (spec 001 section 8).
    const body = (await res.json().catch(() => null)) as { message?: string; errors?: string[] } | null;
    throw new ApiError('http', res.status, body?.message ?? 'Download failed. Please try again.', body?.errors ?? []);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(name);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
