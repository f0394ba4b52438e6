// Export jobs (migration 0009): created Scheduled by the route, moved to Processing, Succeeded or Failed
// by the job, read back by the requester only, and deleted with their files once expired.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';

type Q = Kysely<DB>;

export interface NewExportJob {
  organizationId: string;
  surveyId: string;
  requestedBy: string;
  memberId: string;
  roles: readonly string[];
  format: 'csv' | 'xlsx' | 'zip';
  query: Record<string, unknown>;
  totalRows: number;
  expiresAt: Date;
}

const COLUMNS = [
  'id',
  'organization_id',
  'survey_id',
  'requested_by',
  'member_id',
  'roles',
  'format',
  'query',
  'state',
  'progress',
  'total_rows',
  'file_name',
  'file_path',
  'size_bytes',
  'created_at',
  'started_at',
  'finished_at',
  'expires_at',
] as const;

export async function insertExportJob(q: Q, j: NewExportJob): Promise<string> {
  const r = await q
    .insertInto('export_jobs')
    .values({
      organization_id: j.organizationId,
      survey_id: j.surveyId,
      requested_by: j.requestedBy,
      member_id: j.memberId,
      roles: [...j.roles],
      format: j.format,
      query: JSON.stringify(j.query),
      total_rows: j.totalRows,
      expires_at: j.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A job by id alone: the job runner's read (the id came from our own queue). */
export async function findExportJob(q: Q, id: string) {
  return q.selectFrom('export_jobs').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A job of this requester in this organization; nobody else's. */
export async function findOwnExportJob(q: Q, scope: { organizationId: string; userId: string }, id: string) {
  return q
    .selectFrom('export_jobs')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', scope.organizationId)
    .where('requested_by', '=', scope.userId)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export type ExportJobRow = NonNullable<Awaited<ReturnType<typeof findExportJob>>>;

/** The requester's earlier exports of a survey, newest first. */
export async function ownExportJobs(
  q: Q,
  scope: { organizationId: string; userId: string },
  surveyId: string,
  page: { offset: number; limit: number },
) {
  const base = q
    .selectFrom('export_jobs')
    .where('organization_id', '=', scope.organizationId)
    .where('requested_by', '=', scope.userId)
    .where('survey_id', '=', surveyId)
    .where('expires_at', '>', new Date());
  const [rows, total] = await Promise.all([
    base.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalSize: Number(total.n) };
}

export async function markProcessing(q: Q, id: string): Promise<boolean> {
  const r = await q
    .updateTable('export_jobs')
    .set({ state: 'Processing', started_at: new Date(), progress: 0 })
    .where('id', '=', id)
    .where('state', 'in', ['Scheduled', 'Processing'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setProgress(q: Q, id: string, progress: number): Promise<void> {
  await q
    .updateTable('export_jobs')
    .set({ progress: Math.max(0, Math.min(99, Math.floor(progress))) })
    .where('id', '=', id)
    .where('state', '=', 'Processing')
    .execute();
}

export async function markSucceeded(
  q: Q,
  id: string,
  file: { fileName: string; filePath: string; sizeBytes: number; expiresAt: Date },
): Promise<void> {
  await q
    .updateTable('export_jobs')
    .set({
      state: 'Succeeded',
      progress: 100,
      file_name: file.fileName,
      file_path: file.filePath,
      size_bytes: file.sizeBytes,
      finished_at: new Date(),
      expires_at: file.expiresAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(q: Q, id: string): Promise<void> {
  await q.updateTable('export_jobs').set({ state: 'Failed', file_path: null, finished_at: new Date() }).where('id', '=', id).execute();
}

/** Deletes expired jobs and returns the files they had, for the caller to remove. */
export async function deleteExpiredExportJobs(q: Q, now = new Date()): Promise<string[]> {
  const rows = await q.deleteFrom('export_jobs').where('expires_at', '<=', now).returning('file_path').execute();
  return rows.map((r) => r.file_path).filter((p): p is string => p !== null);
}
