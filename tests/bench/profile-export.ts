// Profiling aid for the survey-data export: `tsx tests/bench/profile-export.ts generate`
// makes a database `PROFILE_EXPORT_DB` (default export_profile) of BENCH_SUBMISSIONS x BENCH_QUESTIONS
// once and keeps it; `node --cpu-prof --import tsx tests/bench/profile-export.ts csv|xlsx` then runs that
// export in this thread (the export worker's code, without the thread) as often as asked (PROFILE_RUNS),
// printing rows/s per run, so a CPU profile shows where the worker's time goes.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuilt } from '../../build/start.mjs';
import { demoData } from '../../fixtures/index';
import { openPostgres } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedReference } from '../../server/db/reference';
import { seedDemo } from '../../server/db/seed';
import { createStorage } from '../../server/plugins/storage';
import { streamExport } from '../../server/services/exportJobs';
import { exportSubmissions } from '../../server/services/submissionExport';
import { closeWorkers, startExportWorker } from '../../server/workers/pool';
import { createSurveyCache } from '../../server/services/surveyCache';
import { TEST_DATABASE_URL } from '../support/database';
import { generateSurveyData } from './data-generate';

const NAME = process.env.PROFILE_EXPORT_DB ?? 'export_profile';
const STATE = `/tmp/${NAME}.json`;
const url = (() => {
  const u = new URL(TEST_DATABASE_URL);
  u.pathname = `/${NAME}`;
  return u.toString();
})();

interface State {
  surveyId: string;
  submissions: number;
  reader: { organizationId: string; memberId: string; userId: string; roles: ['Organization'] };
}

async function generate(): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
  await admin.end();
  const database = await openPostgres(url, 10);
  await migrate(database);
  await seedReference(database.db);
  const ids = await seedDemo(database.db, demoData);
  const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 20_000);
  const organizationId = ids.organizations.relief!;
  const { surveyId } = await generateSurveyData(
    database.db,
    { organizationId, projectId: ids.projects['Household Needs Assessment 2026']! },
    submissions,
    Number(process.env.BENCH_QUESTIONS ?? 300),
    (l) => console.log(l),
  );
  const m = await database.db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id'])
    .where('u.email', '=', 'organization@demo.test')
    .where('m.organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const state: State = { surveyId, submissions, reader: { organizationId, memberId: m.id, userId: m.user_id, roles: ['Organization'] } };
  writeFileSync(STATE, JSON.stringify(state));
  await database.close();
  console.log(`kept ${NAME}: ${JSON.stringify(state)}`);
}

async function run(format: 'csv' | 'xlsx'): Promise<void> {
  const state = JSON.parse(readFileSync(STATE, 'utf8')) as State;
  const database = await openPostgres(url, 4);
  const deps = {
    db: database.db,
    cache: createSurveyCache(),
    storage: createStorage(join('/tmp/fieldsurvey-test', 'files')),
  };
  // PROFILE_IN_WORKER=1: through the standing export worker, as the server and the data bench do.
  const inWorker = process.env.PROFILE_IN_WORKER === '1';
  const rss0 = process.memoryUsage().rss;
  if (inWorker) {
    // The worker runs the compiled server (server/paths.ts).
    ensureBuilt(['server'], (m) => console.log(m));
    await startExportWorker();
    console.log(`export worker started: RSS +${((process.memoryUsage().rss - rss0) / 1e6).toFixed(0)} MB`);
  }
  for (let i = 0; i < Number(process.env.PROFILE_RUNS ?? 2); i++) {
    const s = performance.now();
    const cpu0 = process.cpuUsage();
    const rss1 = process.memoryUsage().rss;
    let peak = rss1;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const query = { format, headers: 'names', multiple: 'single', dates: 'iso' } as const;
    const file = inWorker
      ? await streamExport({ ...deps, databaseUrl: url, log: console } as never, state.reader, state.surveyId, query as never)
      : await exportSubmissions(deps as never, state.reader, state.surveyId, query as never);
    let bytes = 0;
    const hash = createHash('sha256');
    for await (const chunk of file.stream) {
      bytes += (chunk as Buffer).length;
      hash.update(chunk as Buffer);
    }
    const secs = (performance.now() - s) / 1000;
    clearInterval(sampler);
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `${format}: ${(bytes / 1e6).toFixed(1)} MB in ${secs.toFixed(2)} s, ${(state.submissions / secs).toFixed(0)} rows/s, ${(state.submissions / ((cpu.user + cpu.system) / 1e6)).toFixed(0)} per CPU-s, RSS growth ${((peak - rss1) / 1e6).toFixed(0)} MB, sha256 ${hash.digest('hex').slice(0, 16)}`,
    );
  }
  if (inWorker) await closeWorkers();
  await database.close();
}

const mode = process.argv[2];
if (mode === 'generate') await generate();
else await run(mode === 'xlsx' ? 'xlsx' : 'csv');
