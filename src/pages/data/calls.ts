// The addresses of the Survey Data table's calls, built in one place for the page's queries
// (./api.ts) and for the entry, which starts the first page's calls before the page's code has arrived
// (./prefetch.ts): both must build the same address for the page to take the early answer. The paths are
// the calls' declarations' (schemas/); the table's filters repeat a parameter (Filter), so its address is
// built here rather than by src/api/call.ts.
import type { SUBMISSIONS_API } from '../../../schemas/submissions';
import type { SURVEYS_API } from '../../../schemas/surveys';

// These ship in the entry, which must stay small: the paths are written here, without the declarations'
// schemas, and the compiler holds each to its declaration.
const SURVEYS_PATH = '/DataCollection/getAllSurveysForProjectByStatus' satisfies typeof SURVEYS_API.getAllSurveysForProjectByStatus.path;
const SUBMISSIONS_PATH = '/DataCollection/getSubmissions' satisfies typeof SUBMISSIONS_API.getSubmissions.path;

export interface TableQuery {
  surveyId: string;
  page: number;
  pageSize: number;
  search: string;
  from: string;
  to: string;
  reviewStatus: string;
  sort: string;
  languageId: number | undefined;
  /** Answer filters, 'name:op:value' (AnswerFilters.tsx). */
  answerFilters: readonly string[];
}

/** What the table shows when it opens: newest first, nothing filtered, 50 rows. */
export const FIRST_FILTERS = { search: '', from: '', to: '', reviewStatus: '', sort: '-submittedAt' };
export const FIRST_PAGE_SIZE = 50;

/** The first page of a survey's table, as the page asks for it when it opens. */
export const firstQuery = (surveyId: string): TableQuery => ({ surveyId, page: 1, pageSize: FIRST_PAGE_SIZE, ...FIRST_FILTERS, answerFilters: [], languageId: undefined });

/** The table's filters as the calls take them (getSubmissions and exportSubmissions). */
export function filterParams(q: Omit<TableQuery, 'page' | 'pageSize' | 'surveyId'>): URLSearchParams {
  const p = new URLSearchParams();
  if (q.search.trim()) p.set('Search', q.search.trim());
  if (q.from) p.set('From', q.from);
  if (q.to) p.set('To', q.to);
  if (q.reviewStatus !== '') p.set('ReviewStatus', q.reviewStatus);
  if (q.sort) p.set('Sort', q.sort);
  for (const f of q.answerFilters) p.append('Filter', f);
  return p;
}

export const surveysPath = (projectId: string): string => `${SURVEYS_PATH}?ProjectId=${projectId}`;

export const SURVEY_MODEL_PATH = '/Survey/GetById' satisfies typeof SURVEYS_API.getById.path;
/** The key of a survey's model among the early calls (a POST: its address alone does not name it). */
export const surveyModelKey = (surveyId: string): string => `${SURVEY_MODEL_PATH} ${surveyId}`;

export function submissionsPath(q: TableQuery): string {
  const p = filterParams(q);
  p.set('SurveyId', q.surveyId);
  p.set('Page', String(q.page));
  p.set('PageSize', String(q.pageSize));
  p.set('Headers', 'labels');
  if (q.languageId) p.set('LanguageId', String(q.languageId));
  return `${SUBMISSIONS_PATH}?${p}`;
}
