// The database the submission benchmark loads: a fresh PostgreSQL database with the demo data and a
// deployed 50-question survey (BENCH_QUESTIONS) open through a reusable link. The server itself is
// `server/main.ts`, started by the benchmark as `npm start` runs.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { demoData } from '../../fixtures/index';
import { openPostgres } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { insertSurvey } from '../../server/db/queries/surveys';
import { seedReference } from '../../server/db/reference';
import { seedDemo } from '../../server/db/seed';
import { TEST_DATABASE_URL } from '../support/database';
import { syntheticSurvey } from '../support/synthetic-survey';

export interface BenchDatabase {
  databaseUrl: string;
  surveyId: string;
  linkUuid: string;
  drop(): Promise<void>;
}

export async function prepareBenchDatabase(questions = Number(process.env.BENCH_QUESTIONS ?? 50)): Promise<BenchDatabase> {
  // A unix socket ('postgres://postgres@localhost/test?host=/var/run/postgresql') spares the TCP stack.
  const serverUrl = process.env.BENCH_DATABASE_URL ?? TEST_DATABASE_URL;
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const database = await openPostgres(databaseUrl, 2);
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
  await database.close();
  return {
    databaseUrl,
    surveyId: survey.id,
    linkUuid: survey.publicLinkUuid,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
