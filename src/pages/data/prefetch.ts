// Opened at its own address (a reload, a bookmark, a link), the Survey Data table used to wait for a chain
// of code (entry, app, shell, page chunk) before its three calls started; the entry (src/main.tsx) now
// starts them at once, beside that code (the first page must be interactive under 1 s). Kept small and
// free of the page's imports: it ships in the entry. The page's queries take the answers once (./api.ts);
// a failed early call is asked again there, with the queries' retries.
import { hasAnyRole } from '../../../schemas/roles';
import { api } from '../../api/client';
import { startEarly } from '../../api/early';
import { session } from '../../state/session';
import { firstQuery, submissionsPath, SURVEY_MODEL_PATH, surveyModelKey, surveysPath } from './calls';
import { DATA_ROUTE } from './route';

/**
 * Starts the table's calls for the address, when the stored session may read them (the route's roles,
 * ./route.ts): the project's surveys and, when the address names the survey, its model and the
 * first page of its submissions.
 */
export function prefetchSurveyData(search: string): void {
  const projectId = session.currentProjectId;
  if (!session.token || !session.organizationId || !projectId) return;
  if (!hasAnyRole(session.roles, DATA_ROUTE.access)) return;
  startEarly(surveysPath(projectId), () => api.get(surveysPath(projectId)));
  const surveyId = new URLSearchParams(search).get('survey');
  if (!surveyId) return;
  startEarly(surveyModelKey(surveyId), () => api.post(SURVEY_MODEL_PATH, { SurveyId: surveyId }));
  const first = submissionsPath(firstQuery(surveyId));
  startEarly(first, () => api.get(first));
}
