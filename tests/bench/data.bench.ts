// `npm run bench -- data`: the server targets for survey data, on PostgreSQL.
//  1. getSubmissions: the first page of BENCH_SUBMISSIONS submissions of a BENCH_QUESTIONS-question
//     survey, with a filter on an answer: < 300 ms.
//  2. CSV export of all of them (the export service's stream): first byte < 1 s, >= 20,000 rows/s, RSS
//     growth < 100 MB; then the same as an export job through the API, until it has succeeded.
//  3. XLSX export: >= 5,000 rows/s.
// The generator (data-generate.ts, data-generator.ts) writes the submissions, their answers and their compact copies in
// the database, a few thousand submissions a statement. Knobs: BENCH_SUBMISSIONS (default 100000),
// BENCH_QUESTIONS (default 300), TEST_DATABASE_URL. The targets' shape (100,000 x 300 = 30 million
// answers) takes several GB.
import { join } from 'node:path';
import { createStorage } from '../../server/plugins/storage';
import { streamExport } from '../../server/services/exportJobs';
import { createSurveyCache } from '../../server/services/surveyCache';
import { closeWorkers, startExportWorker } from '../../server/workers/pool';
import { createTestApp } from '../support/app';
import { generateSurveyData } from './data-generate';
import type { Row } from './figures';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 300);

/**
 * The process's memory sampled every 100 ms while something runs: the peak growth of its RSS (every
 * thread and native memory), of this thread's heap (allocated and used) and of buffers outside any heap
 * (`external`, which counts every thread's ArrayBuffers), to tell where an export's RSS goes.
 */
function memorySampler() {
  const m0 = process.memoryUsage();
  const peak = { ...m0 };
  const sample = () => {
    const m = process.memoryUsage();
    for (const k of ['rss', 'heapTotal', 'heapUsed', 'external'] as const) peak[k] = Math.max(peak[k], m[k]);
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return {
      rss: peak.rss - m0.rss,
      heapTotal: peak.heapTotal - m0.heapTotal,
      heapUsed: peak.heapUsed - m0.heapUsed,
      external: peak.external - m0.external,
    };
  };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
/** Where the RSS went: this (main) thread's heap, buffers, and the worker's heap when known. */
const memoryWhere = (m: ReturnType<ReturnType<typeof memorySampler>>, workerHeap?: number) =>
  `main heap +${mb(m.heapTotal)} (used +${mb(m.heapUsed)}), external +${mb(m.external)}${workerHeap === undefined ? '' : `, worker heap at most ${mb(workerHeap)}`}`;

export default async function run(): Promise<void> {
  process.env.TEST_DB = 'postgres';
  const t = await createTestApp();
  const rows: Row[] = [];
  try {
    // The server starts its standing export worker at start (boot.ts); what that costs is a figure of its own.
    const idle0 = process.memoryUsage().rss;
    await startExportWorker();
    rows.push({
      figure: 'export worker started with the server: RSS',
      value: `${((process.memoryUsage().rss - idle0) / 1e6).toFixed(0)} MB`,
      target: '',
      met: true,
    });
    const organizationId = t.ids.organizations.relief!;
    const { surveyId, seconds: generated } = await generateSurveyData(
      t.db,
      { organizationId, projectId: t.ids.projects['Household Needs Assessment 2026']! },
      SUBMISSIONS,
      QUESTIONS,
      (line) => console.log(line),
    );
    rows.push({ figure: `generate ${SUBMISSIONS} x ${QUESTIONS}`, value: `${generated.toFixed(1)} s`, target: '', met: true });

    const owner = await t.signIn('organization@demo.test');
    const headers = { authorization: `Bearer ${owner.token}`, 'organization-id': owner.organizationId };
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
    // First page with an answer filter: warm once, then the median of five.
    const page = `/api/DataCollection/getSubmissions?SurveyId=${surveyId}&PageSize=50&Filter=n0:gte:50`;
    await get(page);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      const res = await get(page);
      if (res.statusCode !== 200) throw new Error(res.body);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    rows.push({
      figure: 'first page, filter on an answer (median of 5)',
      value: `${times[2]!.toFixed(0)} ms`,
      target: '< 300 ms',
      met: times[2]! < 300,
    });

    // The export pipeline itself (what a job writes to its file and a small export to the response):
    // first byte, rows/s and memory, read straight from the service's stream. The stream is made in a
    // worker thread (services/exportJobs.ts streamExport) that reads PostgreSQL on its own; the
    // process's RSS counts that thread too, and the worker's own heap is shown beside it.
    const member = await t.db
      .selectFrom('organization_members')
      .select('id')
      .where('user_id', '=', owner.userId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const reader = { organizationId, memberId: member.id, userId: owner.userId, roles: ['Organization'] as const };
    const deps = {
      db: t.db,
      cache: createSurveyCache(),
      storage: createStorage(join(t.config.dataDir, 'files')),
      databaseUrl: t.databaseUrl,
      log: console,
    };
    for (const format of ['csv', 'xlsx'] as const) {
      const memory = memorySampler();
      const cpu0 = process.cpuUsage();
      const s = performance.now();
      let first = 0;
      let bytes = 0;
      const file = await streamExport(deps, { ...reader, roles: [...reader.roles] }, surveyId, {
        format,
        headers: 'names',
        multiple: 'single',
        dates: 'iso',
        csvFor: 'excel',
      });
      for await (const chunk of file.stream) {
        if (!first) first = performance.now() - s;
        bytes += (chunk as Buffer).length;
      }
      const secs = (performance.now() - s) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const m = memory();
      const rate = SUBMISSIONS / secs;
      const target = format === 'csv' ? 20_000 : 5_000;
      rows.push({
        figure: `${format} export: first byte`,
        value: `${first.toFixed(0)} ms`,
        target: format === 'csv' ? '< 1000 ms' : '',
        met: format !== 'csv' || first < 1000,
      });
      rows.push({
        figure: `${format} export: rows/s (${(bytes / 1e6).toFixed(0)} MB in ${secs.toFixed(1)} s)`,
        value: rate.toFixed(0),
        target: `>= ${target}`,
        met: rate >= target,
      });
      // What this process spent, whatever the machine's load: the rate one free core would give Node's half.
      const nodeSecs = (cpu.user + cpu.system) / 1e6;
      rows.push({
        figure: `${format} export: rows per Node CPU-second (${nodeSecs.toFixed(1)} s CPU)`,
        value: (SUBMISSIONS / nodeSecs).toFixed(0),
        target: '',
        met: true,
      });
      rows.push({ figure: `${format} export: RSS growth`, value: mb(m.rss), target: '< 100 MB', met: m.rss < 100e6 });
      const { heapPeakBytes } = await file.worker;
      rows.push({ figure: `${format} export: where`, value: memoryWhere(m, heapPeakBytes), target: '', met: true });
    }
    // The same CSV as a job through the API: asked, Scheduled, Processing, Succeeded, file on disk. The
    // file is written in a worker thread (the process's RSS counts it too) that reads PostgreSQL with
    // connections of its own; its heap is read from the job's log line.
    let workerHeap: number | undefined;
    const info = t.app.log.info.bind(t.app.log);
    t.app.log.info = ((msg: unknown, ...rest: unknown[]) => {
      const heap = typeof msg === 'string' ? /heap at most (\d+) MB/.exec(msg)?.[1] : undefined;
      if (heap) workerHeap = Number(heap) * 1e6;
      return (info as (...a: unknown[]) => void)(msg, ...rest);
    }) as typeof t.app.log.info;
    const memory = memorySampler();
    const s = performance.now();
    const asked = await get(`/api/DataCollection/exportSubmissions/${surveyId}?format=csv&async=true`);
    const { jobId } = (asked.json() as { data: { jobId: string } }).data;
    let state = '';
    while (state !== 'Succeeded' && state !== 'Failed') {
      // Once a second: a long job must not run into the API's rate limit (a refused poll is asked again).
      await new Promise((r) => setTimeout(r, 1000));
      const polled = await get(`/api/DataCollection/getExportJob/${jobId}`);
      if (polled.statusCode === 200) state = (polled.json() as { data: { state: string } }).data.state;
    }
    const jobSecs = (performance.now() - s) / 1000;
    const m = memory();
    rows.push({ figure: 'csv export job: RSS growth (with the worker thread)', value: mb(m.rss), target: '< 100 MB', met: m.rss < 100e6 });
    rows.push({ figure: 'csv export job: where', value: memoryWhere(m, workerHeap), target: '', met: true });
    rows.push({
      figure: `csv export job: ${state} in ${jobSecs.toFixed(1)} s`,
      value: (SUBMISSIONS / jobSecs).toFixed(0),
      target: '>= 20000 rows/s',
      met: state === 'Succeeded' && SUBMISSIONS / jobSecs >= 20_000,
    });
  } finally {
    // The figures so far, even when a later step failed.
    console.table(rows);
    await closeWorkers();
    await t.close();
  }
}
