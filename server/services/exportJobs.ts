// Export jobs: an export of more than EXPORT_DIRECT_MAX submissions (or one asked with
// async=true) is not streamed into the response but written to a real file by a pg-boss job, which the
// caller follows with getExportJob (spec 001's async job states: Scheduled, Processing, Succeeded,
// Failed) and downloads from downloadExport once it has succeeded. Files are kept EXPORT_RETENTION_DAYS
// and listed with the caller's earlier exports of the survey. A job belongs to whoever asked for it:
// only they see or download it (docs/decisions/0036-export-jobs.md).
//
// Off the request loop, so an export never stalls other requests: a job's file is written in a worker thread
// (server/workers/pool.ts, task writeExport) with a memory ceiling and a time budget, so an export that
// grows pathological costs one worker, not the server. With PostgreSQL the worker opens its own
// connection pool; the embedded PGlite lives in this thread's memory, so there the worker sends each
// query over a MessagePort and this thread runs it (db/remote.ts): a batch's query here, its
// formatting, compression and writing there, other requests in between.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DOWNLOAD_FAILED, JOB_STATE, type ExportQuery } from '../../schemas/submissions';
import type { RoleName } from '../../schemas/roles';
import { countSubmissionsWhere } from '../db/queries/submissionData';
import {
  deleteExpiredExportJobs,
  findExportJob,
  findOwnExportJob,
  insertExportJob,
  markFailed,
  markProcessing,
  markSucceeded,
  ownExportJobs,
  setProgress,
  type ExportJobRow,
} from '../db/queries/exportJobs';
import type { Storage } from '../plugins/storage';
import { problem } from '../problems';
import { dataFilterOf, readableSurvey, type DataDeps, type DataReader } from './submissionData';
import { MessageChannel } from 'node:worker_threads';
import { serveQueries } from '../db/remote';
import { runInWorker, type TaskInput, type TaskResult } from '../workers/pool';
import { receiveStream } from '../workers/streamPort';
import { CONTENT_TYPES, exportFileName, exportSubmissions, type ExportDeps, type ExportFile } from './submissionExport';

/** Up to this many submissions an export is streamed into the response (a few seconds at most). */
export const EXPORT_DIRECT_MAX = 2000;
/** How long a finished export's file is kept. */
export const EXPORT_RETENTION_DAYS = 7;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000;

/** What running an export job needs. */
export interface ExportRunDeps extends DataDeps {
  /** Where a job's file is kept, under the key exports/<job id>.<format>; the worker reads attachments from the same. */
  storage: Storage;
  /** PostgreSQL's address: the worker that writes the file connects on its own; else it asks this thread's database. */
  databaseUrl?: string | undefined;
  /** The app's address, which the export's links to files start with. */
  publicUrl?: string | undefined;
  log: { error(obj: unknown, message?: string): void; info(message: string): void };
}

/** What the routes need besides: a queue. */
export interface ExportJobDeps extends ExportRunDeps {
  /** Queues a job to run (pg-boss; see inProcessQueue for an app built without one). */
  enqueue(jobId: string): Promise<void>;
}

/**
 * An app built without pg-boss (the API tests, tools) runs each job in this process right after the
 * request that asked for it, through the same runExportJob.
 */
export const inProcessQueue =
  (deps: ExportRunDeps) =>
  async (jobId: string): Promise<void> => {
    setImmediate(() => void runExportJob(deps, jobId));
  };

const retentionFromNow = () => new Date(Date.now() + EXPORT_RETENTION_DAYS * 86_400_000);
const filePathOf = (id: string, format: string) => `exports/${id}.${format}`;

/** A job as the API shows it: never why it failed (the spec's message only). */
export function jobOut(j: ExportJobRow) {
  return {
    jobId: j.id,
    surveyId: j.survey_id,
    format: j.format,
    state: j.state,
    progress: j.progress,
    totalRows: j.total_rows,
    fileName: j.state === JOB_STATE.Succeeded ? j.file_name : null,
    sizeBytes: j.size_bytes === null ? null : Number(j.size_bytes),
    createdAt: j.created_at.toISOString(),
    finishedAt: j.finished_at?.toISOString() ?? null,
    expiresAt: j.expires_at.toISOString(),
    downloadUrl: j.state === JOB_STATE.Succeeded ? `/api/DataCollection/downloadExport/${j.id}` : null,
    message: j.state === JOB_STATE.Failed ? DOWNLOAD_FAILED : null,
  };
}

/** GET exportSubmissions: the file itself when small, else a job that was queued. */
export async function requestExport(
  deps: ExportJobDeps,
  reader: DataReader,
  surveyId: string,
  q: ExportQuery,
): Promise<{ file: ExportFile } | { job: ReturnType<typeof jobOut> }> {
  const { survey } = await readableSurvey(deps, reader, surveyId);
  // Bad filters are refused here, before anything is queued.
  const total = await countSubmissionsWhere(deps.db, dataFilterOf(reader, surveyId, survey.bindings, q));
  if (!q.async && total <= EXPORT_DIRECT_MAX) return { file: await streamExport(deps, reader, surveyId, q) };
  const { async: _async, ...query } = q;
  const id = await insertExportJob(deps.db, {
    organizationId: reader.organizationId,
    surveyId,
    requestedBy: reader.userId,
    memberId: reader.memberId,
    roles: reader.roles,
    format: q.format ?? 'xlsx',
    query,
    totalRows: total,
    expiresAt: retentionFromNow(),
  });
  await deps.enqueue(id);
  const job = await findExportJob(deps.db, id);
  return { job: jobOut(job!) };
}

/**
 * Writes one export to `target` (a local file, stored by the caller) and returns its name and size: the whole
 * generation, as a plain function of plain data, so it can move to a worker (see the top of this file).
 */
export async function writeExportFile(
  deps: ExportDeps,
  input: { reader: DataReader; surveyId: string; query: ExportQuery; target: string },
  progress?: (submissions: number) => void,
): Promise<{ fileName: string; sizeBytes: number }> {
  const file = await exportSubmissions(deps, input.reader, input.surveyId, input.query, progress);
  const partial = `${input.target}.part`;
  try {
    await pipeline(file.stream, createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, input.target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { fileName: file.fileName, sizeBytes: (await stat(input.target)).size };
}

/** How long one export job may run in its worker: a million rows at a few thousand a second, with room. */
export const EXPORT_TIME_BUDGET_MS = 60 * 60_000;

/** Progress written to the job's row at most once a second. */
export function progressOf(db: DataDeps['db'], id: string, total: number): (submissions: number) => void {
  let done = 0;
  let written = Date.now();
  return (n) => {
    done += n;
    if (total > 0 && Date.now() - written >= PROGRESS_EVERY_MS) {
      written = Date.now();
      setProgress(db, id, (100 * done) / total).catch(() => undefined);
    }
  };
}

/**
 * Runs an export task in the worker pool, against PostgreSQL directly or this thread's database through
 * a port (db/remote.ts); `transfer` moves the task's own ports.
 */
async function exportInWorker<K extends 'writeExport' | 'streamExport'>(
  deps: ExportRunDeps,
  task: K,
  input: Omit<TaskInput<K>, 'databaseUrl' | 'port'>,
  transfer: Transferable[] = [],
): Promise<TaskResult<K>> {
  const opts = { timeoutMs: EXPORT_TIME_BUDGET_MS };
  if (deps.databaseUrl) return runInWorker(task, { ...input, databaseUrl: deps.databaseUrl } as TaskInput<K>, { ...opts, transfer });
  const { port1, port2 } = new MessageChannel();
  serveQueries(deps.db, port1);
  try {
    return await runInWorker(task, { ...input, port: port2 } as TaskInput<K>, { ...opts, transfer: [...transfer, port2] });
  } finally {
    port1.close();
  }
}

/**
 * An export streamed into a download (services/submissionExport.ts), made in a worker thread whose bytes
 * this thread passes on as they are read: the formatting's CPU and garbage stay off the request loop and
 * this thread's heap, whatever the export's size. The survey and the filters are checked here first, so
 * a refusal is an answer, not a broken download.
 */
export async function streamExport(
  deps: ExportRunDeps,
  reader: DataReader,
  surveyId: string,
  q: ExportQuery,
): Promise<ExportFile & { worker: Promise<TaskResult<'streamExport'>> }> {
  const { head, survey } = await readableSurvey(deps, reader, surveyId);
  dataFilterOf(reader, surveyId, survey.bindings, q);
  const format = q.format ?? 'xlsx';
  const { port1, port2 } = new MessageChannel();
  const done = exportInWorker(
    deps,
    'streamExport',
    { reader, surveyId, query: q, storage: deps.storage.settings, publicUrl: deps.publicUrl, out: port2 },
    [port2],
  );
  return {
    fileName: exportFileName(head.name, format),
    contentType: CONTENT_TYPES[format],
    stream: receiveStream(port1, done),
    worker: done,
  };
}

/** The pg-boss job: runs one export to its end, Succeeded or Failed; the cause of a failure goes to the log only. */
export async function runExportJob(deps: ExportRunDeps, id: string): Promise<void> {
  const job = await findExportJob(deps.db, id);
  if (!job || job.state === JOB_STATE.Succeeded || job.state === JOB_STATE.Failed) return;
  if (!(await markProcessing(deps.db, id))) return;
  const reader: DataReader = {
    organizationId: job.organization_id,
    memberId: job.member_id,
    userId: job.requested_by,
    roles: job.roles as RoleName[],
  };
  const total = job.total_rows ?? 0;
  const filePath = filePathOf(id, job.format);
  // Written on this host's disk by the worker, then stored: moved on the disk, uploaded to a bucket.
  const target = join(deps.storage.tempDir, `export-${id}.${job.format}`);
  try {
    await mkdir(deps.storage.tempDir, { recursive: true });
    const input = { reader, surveyId: job.survey_id, query: job.query as ExportQuery, target };
    const file = await exportInWorker(deps, 'writeExport', {
      ...input,
      storage: deps.storage.settings,
      publicUrl: deps.publicUrl,
      jobId: id,
      total,
    });
    await deps.storage.put(filePath, { path: target });
    await markSucceeded(deps.db, id, { fileName: file.fileName, filePath, sizeBytes: file.sizeBytes, expiresAt: retentionFromNow() });
    deps.log.info(
      `export job ${id} succeeded: ${file.sizeBytes} bytes written by worker thread ${file.threadId} (heap at most ${(file.heapPeakBytes / 1e6).toFixed(0)} MB)`,
    );
  } catch (err) {
    deps.log.error({ err, jobId: id }, 'export job failed');
    await rm(target, { force: true });
    await deps.storage.remove(filePath).catch(() => undefined);
    await markFailed(deps.db, id);
  }
}

/** GET getExportJob/{jobId}: the caller's own job, still kept; 404 for anyone else's. */
export async function getExportJob(deps: ExportJobDeps, reader: DataReader, id: string) {
  const job = await findOwnExportJob(deps.db, reader, id);
  if (!job) throw problem('notFound');
  await readableSurvey(deps, reader, job.survey_id);
  return jobOut(job);
}

/** GET getExportJobs: the caller's earlier exports of a survey, newest first. */
export async function listExportJobs(
  deps: ExportJobDeps,
  reader: DataReader,
  q: { SurveyId: string; Page?: number | undefined; PageSize?: number | undefined },
) {
  await readableSurvey(deps, reader, q.SurveyId);
  const page = q.Page ?? 1;
  const size = q.PageSize ?? 20;
  const { rows, totalSize } = await ownExportJobs(deps.db, reader, q.SurveyId, { offset: (page - 1) * size, limit: size });
  return { jobs: rows.map(jobOut), totalSize };
}

/** GET downloadExport/{jobId}: the file of the caller's own succeeded job. */
export async function exportDownload(deps: ExportJobDeps, reader: DataReader, id: string) {
  const job = await findOwnExportJob(deps.db, reader, id);
  if (!job || job.state !== JOB_STATE.Succeeded || !job.file_path || !job.file_name) throw problem('notFound');
  await readableSurvey(deps, reader, job.survey_id);
  return { fileName: job.file_name, contentType: CONTENT_TYPES[job.format], stream: await deps.storage.stream(job.file_path) };
}

/** Expired jobs and their files go (the daily purge job). */
export async function purgeExpiredExports(deps: { db: DataDeps['db']; storage: Storage }): Promise<number> {
  const files = await deleteExpiredExportJobs(deps.db);
  for (const f of files) await deps.storage.remove(f);
  return files.length;
}
