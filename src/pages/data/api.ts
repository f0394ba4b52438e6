// The survey data calls: the project's surveys, a page of the table, one submission with its
// audit trail, review, and the exports (downloaded as files; a refusal answers the envelope).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnswerInput, SurveyModel } from '../../../engine/survey/index';
import { DOWNLOAD_FAILED, JOB_STATE, type ExportFormat, type JobState } from '../../../schemas/submissions';
import { api, ApiError } from '../../api/client';
import { takeEarly, takeSettled } from '../../api/early';
import { filterParams, submissionsPath, SURVEY_MODEL_PATH, surveyModelKey, surveysPath, type TableQuery } from './calls';
import { session } from '../../state/session';

export interface SurveyChoice {
  id: string;
  name: string;
}

export interface SubmissionRow {
  id: string;
  submittedAt: string;
  startedAt: string | null;
  durationSeconds: number | null;
  submitterName: string | null;
  taskId: string | null;
  latitude: number | null;
  longitude: number | null;
  reviewStatus: number;
  reviewComment: string | null;
  reviewedAt: string | null;
  reviewerName: string | null;
  surveyVersion: number | null;
  answers: Record<string, string | number | boolean | null>;
}

export interface SubmissionDetail extends SubmissionRow {
  surveyId: string;
  surveyName: string;
  filledVersion: number;
  answers: never;
  files: { id: string; questionId: string; repeatPath: string; fileName: string; contentType: string; size: number; storageKey: string }[];
}

export interface SubmissionWithAnswers extends Omit<SubmissionDetail, 'answers'> {
  answers: AnswerInput[];
}

export interface AuditEntry {
  id: string;
  at: string;
  userName: string;
  action: 'review' | 'correction';
  questionName: string | null;
  repeatPath: string;
  oldValue: unknown;
  newValue: unknown;
  comment: string | null;
}

export { filterParams, type TableQuery } from './calls';

export function useProjectSurveys(projectId: string | null) {
  return useQuery({
    queryKey: ['data-surveys', projectId],
    enabled: !!projectId,
    // An early answer already here is the first render's data (src/api/early.ts).
    initialData: () => (projectId ? takeSettled<{ surveys: SurveyChoice[] }>(surveysPath(projectId))?.surveys : undefined),
    queryFn: async () => {
      const path = surveysPath(projectId!);
      return (await (takeEarly<{ surveys: SurveyChoice[] }>(path) ?? api.get<{ surveys: SurveyChoice[] }>(path))).surveys;
    },
  });
}

type ModelAnswer = SurveyModel & { version: number; languageId: number };
function modelOf({ version: _v, languageId: _l, ...model }: ModelAnswer): SurveyModel {
  return model;
}

export function useSurveyModel(surveyId: string | null) {
  return useQuery({
    queryKey: ['data-survey-model', surveyId],
    enabled: !!surveyId,
    initialData: () => {
      const early = surveyId ? takeSettled<ModelAnswer>(surveyModelKey(surveyId)) : undefined;
      return early && modelOf(early);
    },
    queryFn: async () => modelOf(await (takeEarly<ModelAnswer>(surveyModelKey(surveyId!)) ?? api.post<ModelAnswer>(SURVEY_MODEL_PATH, { SurveyId: surveyId }))),
  });
}

export function useSubmissions(q: TableQuery | null) {
  return useQuery({
    queryKey: ['submissions', q],
    enabled: !!q,
    placeholderData: keepPreviousData,
    initialData: () => (q ? takeSettled<{ submissions: SubmissionRow[]; totalSize: number }>(submissionsPath(q)) : undefined),
    queryFn: () => {
      const path = submissionsPath(q!);
      return takeEarly<{ submissions: SubmissionRow[]; totalSize: number }>(path) ?? api.get<{ submissions: SubmissionRow[]; totalSize: number }>(path);
    },
  });
}

export function useSubmission(id: string) {
  return useQuery({ queryKey: ['submission', id], queryFn: () => api.get<SubmissionWithAnswers>(`/DataCollection/getSubmissionById/${encodeURIComponent(id)}`) });
}

export function useAudit(id: string) {
  return useQuery({ queryKey: ['submission-audit', id], queryFn: () => api.get<{ entries: AuditEntry[]; totalSize: number }>(`/DataCollection/getSubmissionAudit/${encodeURIComponent(id)}?PageSize=100`) });
}

export const reviewSubmission = (body: { id: string; status: number; comment: string }) => api.post<SubmissionWithAnswers>('/DataCollection/reviewSubmission', body);
export const bulkReview = (body: { ids: string[]; status: number }) => api.post<{ reviewed: number }>('/DataCollection/bulkReviewSubmissions', body);

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

/** An export job as getExportJob shows it (server/services/exportJobs.ts). */
export interface ExportJob {
  jobId: string;
  state: JobState;
  progress: number;
  downloadUrl: string | null;
}

/**
 * Exports the filtered submissions: a small export arrives as the file and is saved at once; a large
 * one answers 202 with a job, returned for the caller to follow (useExportJob) and download when done.
 */
export async function exportSubmissions(surveyId: string, format: ExportFormat, filters: URLSearchParams, languageId: number | undefined): Promise<ExportJob | null> {
  const p = new URLSearchParams(filters);
  p.set('format', format);
  p.set('headers', 'labels');
  if (languageId) p.set('languageId', String(languageId));
  const file = await fetchFile(`/api/DataCollection/exportSubmissions/${encodeURIComponent(surveyId)}?${p}`);
  if ('job' in file) return file.job;
  save(file.blob, file.name);
  return null;
}

/** Follows an export job every 1.5 s until it has succeeded or failed. */
export function useExportJob(jobId: string | null) {
  return useQuery({
    queryKey: ['export-job', jobId],
    enabled: !!jobId,
    queryFn: () => api.get<ExportJob>(`/DataCollection/getExportJob/${encodeURIComponent(jobId!)}`),
    refetchInterval: (q) => (q.state.data && (q.state.data.state === JOB_STATE.Succeeded || q.state.data.state === JOB_STATE.Failed) ? false : 1500),
  });
}

/** Downloads the file of a job that has succeeded. */
export async function downloadExport(job: ExportJob): Promise<void> {
  const file = await fetchFile(job.downloadUrl ?? `/api/DataCollection/downloadExport/${encodeURIComponent(job.jobId)}`);
  if ('job' in file) throw new ApiError('http', 500, DOWNLOAD_FAILED, []);
  save(file.blob, file.name);
}

/** A stored file of a submission as an object URL the renderer can show (FormContext.fileUrl). */
export async function fileObjectUrl(fileId: string): Promise<string> {
  const file = await fetchFile(`/api/DataCollection/getSubmissionFile/${encodeURIComponent(fileId)}`);
  if ('job' in file) throw new ApiError('http', 500, DOWNLOAD_FAILED, []);
  return URL.createObjectURL(file.blob);
}

export interface RepeatRows {
  totalSize: number;
  columns: { key: string; header: string }[];
  rows: { submissionId: string; submittedAt: string; index: string; parentIndex: string | null; answers: Record<string, string | number | boolean | null> }[];
}

export function useRepeatRows(q: (TableQuery & { repeat: string }) | null) {
  return useQuery({
    queryKey: ['repeat-rows', q],
    enabled: !!q,
    placeholderData: keepPreviousData,
    queryFn: () => {
      const p = filterParams(q!);
      p.set('SurveyId', q!.surveyId);
      p.set('Repeat', q!.repeat);
      p.set('Page', String(q!.page));
      p.set('PageSize', String(q!.pageSize));
      p.set('Headers', 'labels');
      return api.get<RepeatRows>(`/DataCollection/getRepeatRows?${p}`);
    },
  });
}
