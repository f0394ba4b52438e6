// The server the submission benchmark loads, in its own process (as `npm start` runs it, under tsx):
// a fresh PostgreSQL database with the demo data and a 50-question survey, the app listening on a free
// port (shared by BENCH_WORKERS node:cluster workers, as `npm start` with WORKERS does). Prints one JSON
// line { port, surveyId, linkUuid, databaseUrl }; SIGTERM closes and drops all; 'cpu' answers the CPU
// time of the primary and every worker.
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { demoData } from '../../fixtures/index';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { insertSurvey } from '../../server/db/queries/surveys';
import { seedReference } from '../../server/db/reference';
import { seedDemo } from '../../server/db/seed';
import { createBotCheck } from '../../server/plugins/botCheck';
import { createMailer } from '../../server/plugins/mail';
import { TEST_DATABASE_URL } from '../support/database';
import { syntheticSurvey } from '../support/synthetic-survey';

const questions = Number(process.env.BENCH_QUESTIONS ?? 50);
// As `npm start` with DATABASE_URL and WORKERS=auto: one server process per core (BENCH_WORKERS=1 for one).
const WORKERS = Number(process.env.BENCH_WORKERS ?? availableParallelism());

/** The app on this database, without logs, mail or bot check: what a request costs is the server's own work. */
async function appOn(database: Awaited<ReturnType<typeof openPostgres>>, databaseUrl: string) {
  const config = { ...loadConfig({ DATA_DIR: '/tmp/fieldsurvey-bench', JWT_SECRET: 'bench-secret-of-sufficient-length-0123456789', BOT_CHECK: 'off', DEMO_DATA: 'off' }), databaseUrl };
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: config.mailFrom, log: quiet });
  const botCheck = createBotCheck({ mode: 'off', hmacKey: config.altchaHmacKey, recaptchaSecret: '', db: database.db });
  const app = await buildApp({ config, database, mailer, botCheck, logger: false });
  return { app, mailer };
}

if (cluster.isWorker) {
  // A worker serves the database the primary prepared, on the port the primary chose.
  const databaseUrl = process.env.BENCH_WORKER_DB!;
  const database = await openPostgres(databaseUrl, Math.ceil(Number(process.env.BENCH_POOL ?? 20) / WORKERS));
  const { app } = await appOn(database, databaseUrl);
  await app.listen({ port: Number(process.env.BENCH_WORKER_PORT), host: '127.0.0.1' });
  process.on('message', (m) => {
    if (m === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMs: (user + system) / 1000 });
    } else if (m === 'stop') void app.close().then(() => database.close()).then(() => process.exit(0));
  });
  process.send?.('ready');
  await new Promise(() => undefined);
}

// A unix socket ('postgres://postgres@localhost/test?host=/var/run/postgresql') spares the TCP stack.
const serverUrl = process.env.BENCH_DATABASE_URL ?? TEST_DATABASE_URL;
const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();

const database = await openPostgres(databaseUrl, Number(process.env.BENCH_POOL ?? 20));
await migrate(database);
await seedReference(database.db);
const ids = await seedDemo(database.db, demoData);
const en = await database.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
const survey = await database.db.transaction().execute((trx) =>
  insertSurvey(trx, {
    organizationId: ids.organizations.relief!,
    projectId: ids.projects['Household Needs Assessment 2026']!,
    createdBy: null,
    model: syntheticSurvey(questions, { languages: [{ code: 'en', languageId: en.id, name: 'English' }], name: `Bench ${questions}` }),
    status: 1,
    multipleLink: true,
  }),
);

const { app, mailer } = await appOn(database, databaseUrl);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const workers: Worker[] = [];
if (WORKERS > 1) {
  await app.close();
  for (let i = 0; i < WORKERS; i++) {
    const w = cluster.fork({ BENCH_WORKER_DB: databaseUrl, BENCH_WORKER_PORT: String(port) });
    await new Promise<void>((resolve) => w.once('message', () => resolve()));
    workers.push(w);
  }
}
console.log(JSON.stringify({ port, surveyId: survey.id, linkUuid: survey.publicLinkUuid, databaseUrl }));

let stopping = false;
// Dropping the database ends connections the pool may still be closing; that is the end anyway.
process.on('uncaughtException', (err) => {
  if (!stopping) throw err;
});

async function stop(): Promise<void> {
  stopping = true;
  for (const w of workers) w.send('stop');
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once('exit', resolve))));
  await app.close();
  mailer.close();
  await database.close();
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
  process.exit(0);
}
// The benchmark asks for this process's CPU time before and after its run.
process.on('message', (m) => {
  if (m === 'cpu') {
    const { user, system } = process.cpuUsage();
    void Promise.all(
      workers.map((w) => new Promise<number>((resolve) => {
        w.once('message', (r: { cpuMs: number }) => resolve(r.cpuMs));
        w.send('cpu');
      })),
    ).then((ms) => process.send?.({ cpuMs: (user + system) / 1000 + ms.reduce((a, b) => a + b, 0) }));
  }
});
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
