// Export jobs: a large export (or one asked with async=true) answers 202 with a job that goes
// Scheduled -> Processing -> Succeeded (or Failed, shown only as the spec's 'Download failed. Please try
// again.'); the file is a stored file (the disk or the bucket), downloaded with RFC 6266 headers by whoever
// asked for it and nobody else; earlier exports are listed; expired ones go with their files. The app
// is built without pg-boss here, so jobs run in the test's process through the same runExportJob.
import { threadId } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { q } from '../../engine/survey/index';
import { JOB_STATE } from '../../schemas/submissions';
import { insertExportJob } from '../../server/db/queries/exportJobs';
import { startJobs } from '../../server/plugins/jobs';
import { purgeExpiredExports, runExportJob } from '../../server/services/exportJobs';
import { createSurveyCache } from '../../server/services/surveyCache';
import { createTestApp, type TestApp } from '../support/app';
import { parseCsv } from '../support/csv';
import { demo, personas } from '../support/personas';
import { createSurvey, submit, type TestSurvey } from '../support/surveys';

let t: TestApp;
let as: ReturnType<typeof personas>;
let s: TestSurvey;

const get = async (url: string, who: string = demo.owner) => {
  const session = await as(who);
  return t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${session.token}`, 'organization-id': session.organizationId },
  });
};

interface Job {
  jobId: string;
  state: string;
  progress: number;
  downloadUrl: string | null;
  message: string | null;
  fileName: string | null;
}

async function settled(jobId: string, who: string = demo.owner): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const job = (await get(`/api/DataCollection/getExportJob/${jobId}`, who)).json().data as Job;
    if (job.state === JOB_STATE.Succeeded || job.state === JOB_STATE.Failed) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the job did not settle');
}

/** An export job of the owner's, written straight to the table (the runs below are the job's own). */
async function ownerJob(format: 'csv' | 'xlsx', query: Record<string, unknown> = { format }): Promise<string> {
  const owner = await as(demo.owner);
  const member = await t.db
    .selectFrom('organization_members')
    .select('id')
    .where('user_id', '=', owner.userId)
    .where('organization_id', '=', owner.organizationId)
    .executeTakeFirstOrThrow();
  return insertExportJob(t.db, {
    organizationId: owner.organizationId,
    surveyId: s.id,
    requestedBy: owner.userId,
    memberId: member.id,
    roles: ['Organization'],
    format,
    query: query as never,
    totalRows: 2,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

/** What a job runner is given; errors it logs are collected. */
const runDeps = (errors: unknown[] = [], databaseUrl?: string, infos: string[] = []) => ({
  db: t.db,
  cache: createSurveyCache(),
  storage: t.app.storage,
  databaseUrl,
  log: { error: (e: unknown) => errors.push(e), info: (m: string) => infos.push(m) },
});

beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
  s = await createSurvey(t, [q.text('comment'), q.integer('age')], { name: 'Jobs survey' });
  await submit(t, s, { comment: '=1+1', age: 3 });
  await submit(t, s, { comment: 'two', age: 40 });
});
afterAll(() => t.close());

describe('export jobs', () => {
  it('answer 202 with a Scheduled job, then succeed with a real file downloaded with RFC 6266 headers', async () => {
    const res = await get(`/api/DataCollection/exportSubmissions/${s.id}?format=csv&async=true&Filter=age:gt:10`);
    expect(res.statusCode).toBe(202);
    const asked = res.json().data as Job;
    expect(asked.state).toBe(JOB_STATE.Scheduled);
    const job = await settled(asked.jobId);
    expect(job).toMatchObject({ state: JOB_STATE.Succeeded, progress: 100, message: null, fileName: 'Jobs survey - data.csv' });
    expect((await t.app.storage.get(`exports/${job.jobId}.csv`)).toString()).toContain('two');
    const file = await get(job.downloadUrl!);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(
      /^attachment; filename="Jobs survey - data.csv"; filename\*=UTF-8''Jobs%20survey%20-%20data.csv$/,
    );
    const rows = await parseCsv(file.body);
    // The filter was kept with the job: one row of two.
    expect(rows).toHaveLength(2);
    expect(rows[1]![rows[0]!.indexOf('comment')]).toBe('two');
  });

  it('write XLSX that ExcelJS opens', async () => {
    const asked = (await get(`/api/DataCollection/exportSubmissions/${s.id}?format=xlsx&async=true`)).json().data as Job;
    const job = await settled(asked.jobId);
    const file = await get(job.downloadUrl!);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('submissions')!.rowCount).toBe(3);
  });

  it('are the requester’s only: another member, another organization and a bad id get 404', async () => {
    const asked = (await get(`/api/DataCollection/exportSubmissions/${s.id}?format=csv&async=true`)).json().data as Job;
    await settled(asked.jobId);
    expect((await get(`/api/DataCollection/getExportJob/${asked.jobId}`, demo.admin)).statusCode).toBe(404);
    expect((await get(`/api/DataCollection/downloadExport/${asked.jobId}`, demo.admin)).statusCode).toBe(404);
    expect((await get(`/api/DataCollection/getExportJob/${asked.jobId}`, demo.other)).statusCode).toBe(404);
    expect((await get(`/api/DataCollection/getExportJob/not-a-uuid`)).statusCode).toBe(400);
  });

  it('are listed with earlier exports, newest first, paged', async () => {
    const res = await get(`/api/DataCollection/getExportJobs?SurveyId=${s.id}&PageSize=2`);
    expect(res.statusCode).toBe(200);
    const { jobs, totalSize } = res.json().data as { jobs: Job[]; totalSize: number };
    expect(totalSize).toBeGreaterThanOrEqual(3);
    expect(jobs).toHaveLength(2);
    expect((await get(`/api/DataCollection/getExportJobs?SurveyId=${s.id}&PageSize=1000`)).statusCode).toBe(400);
  });

  // The file is written off the request loop, so an export never stalls other requests, in a worker thread - with PostgreSQL
  // the worker opens its own connections; PGlite lives in this thread's memory, so there the worker
  // asks this thread for each batch's rows over a port (db/remote.ts).
  it('are written in a worker thread, not the thread that answers requests', async () => {
    const id = await ownerJob('csv');
    const errors: unknown[] = [];
    const infos: string[] = [];
    await runExportJob(runDeps(errors, t.databaseUrl, infos), id);
    expect(errors).toEqual([]);
    const writer = Number(/worker thread (\d+)/.exec(infos.join('\n'))?.[1] ?? threadId);
    expect(writer).not.toBe(threadId);
    const job = (await get(`/api/DataCollection/getExportJob/${id}`)).json().data as Job;
    expect(job.state).toBe(JOB_STATE.Succeeded);
    const rows = await parseCsv((await get(job.downloadUrl!)).body);
    expect(rows).toHaveLength(3);
    expect(rows[1]![rows[0]!.indexOf('comment')]).toBe("'=1+1");
  });

  it('fail as Failed with the spec message and no detail, and nothing to download', async () => {
    // A filter that no longer names a question of the survey: the job cannot run.
    const id = await ownerJob('csv', { format: 'csv', Filter: ['gone:eq:1'] });
    const errors: unknown[] = [];
    await runExportJob(runDeps(errors), id);
    const job = (await get(`/api/DataCollection/getExportJob/${id}`)).json().data as Job;
    expect(job).toMatchObject({ state: JOB_STATE.Failed, message: 'Download failed. Please try again.', downloadUrl: null });
    expect(JSON.stringify(job)).not.toContain('gone');
    expect(errors).toHaveLength(1);
    expect((await get(`/api/DataCollection/downloadExport/${id}`)).statusCode).toBe(404);
  });

  it('run on pg-boss: queued on the survey-data-export queue, run by the worker, Succeeded', async () => {
    const deps = runDeps();
    const logs: string[] = [];
    const jobs = await startJobs(
      t.database,
      { info: (m) => logs.push(m), error: (e) => logs.push(String(e)) },
      {
        pollingIntervalSeconds: 0.5,
        runners: { runExport: (id) => runExportJob(deps, id), purgeExports: () => purgeExpiredExports(deps) },
      },
    );
    try {
      const id = await ownerJob('xlsx');
      await jobs.enqueueExport(id);
      expect((await settled(id)).state).toBe(JOB_STATE.Succeeded);
    } finally {
      await jobs.stop();
    }
  });

  it('expire: the row and the file go', async () => {
    const asked = (await get(`/api/DataCollection/exportSubmissions/${s.id}?format=csv&async=true`)).json().data as Job;
    await settled(asked.jobId);
    await t.db
      .updateTable('export_jobs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', asked.jobId)
      .execute();
    expect(await purgeExpiredExports({ db: t.db, storage: t.app.storage })).toBeGreaterThanOrEqual(1);
    await expect(t.app.storage.get(`exports/${asked.jobId}.csv`)).rejects.toMatchObject({ code: 'notFound' });
    expect((await get(`/api/DataCollection/getExportJob/${asked.jobId}`)).statusCode).toBe(404);
  });
});
