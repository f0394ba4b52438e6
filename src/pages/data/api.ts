// The survey data calls: the project's surveys, a page of the table, one submission with its
// audit trail, review, and the exports (downloaded as files; a refusal answers the envelope).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnswerInput, CsvAudience, SurveyModel } from '../../../engine/survey/index';
import type { AnswerOf } from '../../../schemas/endpoint';
import { DOWNLOAD_FAILED, JOB_STATE, SUBMISSIONS_API as S, type ExportFormat } from '../../../schemas/submissions';
import { SURVEYS_API } from '../../../schemas/surveys';
import { call, pathOf } from '../../api/call';
import { api, ApiError } from '../../api/client';
import { takeEarly, takeSettled } from '../../api/early';
import { filterParams, submissionsPath, surveyModelKey, surveysPath, type TableQuery } from './calls';
import { session } from '../../state/session';

type ProjectSurveys = AnswerOf<typeof SURVEYS_API.getAllSurveysForProjectByStatus>;
export type SurveyChoice = ProjectSurveys['surveys'][number];
type Submissions = AnswerOf<typeof S.getSubmissions>;
export type SubmissionRow = Submissions['submissions'][number];
/** The answers as the renderer reads them: the schema sends each one's detail as the respondent gave it (engine/survey AnswerDetail). */
export type SubmissionWithAnswers = Omit<AnswerOf<typeof S.getSubmissionById>, 'answers'> & { answers: AnswerInput[] };
export type AuditEntry = AnswerOf<typeof S.getSubmissionAudit>['entries'][number];
export type ExportJob = AnswerOf<typeof S.getExportJob>;
export type RepeatRows = AnswerOf<typeof S.getRepeatRows>;

export { filterParams, type TableQuery } from './calls';

export function useProjectSurveys(projectId: string | null) {
  return useQuery({
    queryKey: ['data-surveys', projectId],
    enabled: !!projectId,
    // An early answer already here is the first render's data (src/api/early.ts).
    initialData: () => (projectId ? takeSettled<ProjectSurveys>(surveysPath(projectId))?.surveys : undefined),
    queryFn: async () =>
      (
        await (takeEarly<ProjectSurveys>(surveysPath(projectId!)) ??
          call(SURVEYS_API.getAllSurveysForProjectByStatus, { query: { ProjectId: projectId! } }))
      ).surveys,
  });
}

type ModelAnswer = AnswerOf<typeof SURVEYS_API.getById>;
/** The model without GetById's version and language; its item tree, which the schema sends as stored, is the engine's. */
function modelOf({ version: _v, languageId: _l, ...model }: ModelAnswer): SurveyModel {
  return model as SurveyModel;
}

export function useSurveyModel(surveyId: string | null) {
  return useQuery({
    queryKey: ['data-survey-model', surveyId],
    enabled: !!surveyId,
    initialData: () => {
      const early = surveyId ? takeSettled<ModelAnswer>(surveyModelKey(surveyId)) : undefined;
      return early && modelOf(early);
    },
    queryFn: async () => modelOf(await (takeEarly<ModelAnswer>(surveyModelKey(surveyId!)) ?? call(SURVEYS_API.getById, { body: { SurveyId: surveyId! } }))),
  });
}

export function useSubmissions(q: TableQuery | null) {
  return useQuery({
    queryKey: ['submissions', q],
    enabled: !!q,
    placeholderData: keepPreviousData,
    initialData: () => (q ? takeSettled<Submissions>(submissionsPath(q)) : undefined),
    // The address repeats Filter, which call() does not send: built by ./calls.ts from the declaration's path.
    queryFn: () => {
      const path = submissionsPath(q!);
      return takeEarly<Submissions>(path) ?? api.get<Submissions>(path);
    },
  });
}

export function useSubmission(id: string) {
  return useQuery({ queryKey: ['submission', id], queryFn: async (): Promise<SubmissionWithAnswers> => (await call(S.getSubmissionById, { params: { id } })) as SubmissionWithAnswers });
}

export function useAudit(id: string) {
  return useQuery({ queryKey: ['submission-audit', id], queryFn: () => call(S.getSubmissionAudit, { params: { id }, query: { PageSize: 100 } }) });
}

export const reviewSubmission = (body: { id: string; status: number; comment: string }) => call(S.reviewSubmission, { body });
export const bulkReview = (body: { ids: string[]; status: number }) => call(S.bulkReviewSubmissions, { body });

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (session.token) headers.authorization = `Bearer ${session.token}`;
  if (session.organizationId) headers['organization-id'] = session.organizationId;
  return headers;
}

async function fetchFile(url: string): Promise<{ blob: Blob; name: string } | { job: ExportJob }> {
  const res = await fetch(url, { headers: authHeaders() });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; errors?: string[] } | null;
    throw new ApiError('http', res.status, body?.message ?? DOWNLOAD_FAILED, body?.errors ?? []);
  }
  // 202: a job was queued instead of the file.
  if (res.status === 202) return { job: ((await res.json()) as { data: ExportJob }).data };
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/.exec(cd)?.[1];
  return { blob: await res.blob(), name: star ? decodeURIComponent(star) : 'export' };
}

/** Saves a blob under a name, as a browser download. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Exports the filtered submissions: a small export arrives as the file and is saved at once; a large
 * one answers 202 with a job, returned for the caller to follow (useExportJob) and download when done.
 */
export async function exportSubmissions(
  surveyId: string,
  format: ExportFormat,
  filters: URLSearchParams,
  languageId: number | undefined,
  csvFor: CsvAudience = 'excel',
): Promise<ExportJob | null> {
  const p = new URLSearchParams(filters);
  p.set('format', format);
  if (format !== 'xlsx') p.set('csvFor', csvFor);
  p.set('headers', 'labels');
  if (languageId) p.set('languageId', String(languageId));
  const file = await fetchFile(`/api${pathOf(S.exportSubmissions, { surveyId })}?${p}`);
  if ('job' in file) return file.job;
  save(file.blob, file.name);
  return null;
}

/** Follows an export job every 1.5 s until it has succeeded or failed. */
export function useExportJob(jobId: string | null) {
  return useQuery({
    queryKey: ['export-job', jobId],
    enabled: !!jobId,
    queryFn: () => call(S.getExportJob, { params: { jobId: jobId! } }),
    refetchInterval: (q) => (q.state.data && (q.state.data.state === JOB_STATE.Succeeded || q.state.data.state === JOB_STATE.Failed) ? false : 1500),
  });
}

/** Downloads the file of a job that has succeeded. */
export async function downloadExport(job: ExportJob): Promise<void> {
  const file = await fetchFile(job.downloadUrl ?? `/api${pathOf(S.downloadExport, { jobId: job.jobId })}`);
  if ('job' in file) throw new ApiError('http', 500, DOWNLOAD_FAILED, []);
  save(file.blob, file.name);
}

/**
 * A stored file of a submission, read in the organization a link names (an export's file column), which
 * may be another than the one chosen: its name, type and bytes.
 */
export async function submissionFileIn(organizationId: string, fileId: string): Promise<{ blob: Blob; name: string }> {
  const res = await fetch(`/api${pathOf(S.getSubmissionFile, { id: fileId })}`, {
    headers: { ...authHeaders(), 'organization-id': organizationId },
  });
  if (!res.ok) throw new ApiError('http', res.status, DOWNLOAD_FAILED, []);
  const star = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), name: star ? decodeURIComponent(star) : 'file' };
}

/** Saves a stored file as a browser download. */
export const saveFile = (file: { blob: Blob; name: string }) => save(file.blob, file.name);

/** A stored file of a submission as an object URL the renderer can show (FormContext.fileUrl). */
export async function fileObjectUrl(fileId: string): Promise<string> {
  const file = await fetchFile(`/api${pathOf(S.getSubmissionFile, { id: fileId })}`);
  if ('job' in file) throw new ApiError('http', 500, DOWNLOAD_FAILED, []);
  return URL.createObjectURL(file.blob);
}

export function useRepeatRows(q: (TableQuery & { repeat: string }) | null) {
  return useQuery({
    queryKey: ['repeat-rows', q],
    enabled: !!q,
    placeholderData: keepPreviousData,
    // The address repeats Filter, which call() does not send: built here, with the declaration's path.
    queryFn: () => {
      const p = filterParams(q!);
      p.set('SurveyId', q!.surveyId);
      p.set('Repeat', q!.repeat);
      p.set('Page', String(q!.page));
      p.set('PageSize', String(q!.pageSize));
      p.set('Headers', 'labels');
      return api.get<RepeatRows>(`${S.getRepeatRows.path}?${p}`);
    },
  });
}
