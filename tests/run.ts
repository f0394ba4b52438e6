// `npm test`: every suite in one run - unit, API on PGlite, API on PostgreSQL, the file-carrying API
// tests with files in an S3 bucket (a local s3rver), browser. The PostgreSQL
// suite needs TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); when it cannot be
// reached the run says so loudly and skips it, unless REQUIRE_POSTGRES=1 (as in .ci/run), which fails.
// Extra arguments go to vitest (`npm test -- --project unit`).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const required = process.env.REQUIRE_POSTGRES === '1';

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const args = process.argv.slice(2);
const projects = ['unit', 'unit-isolated', 'api-pglite', 'api-postgres', 'api-s3', 'e2e'];
let chosen = args.includes('--project') ? [] : projects;
const problem = await postgresReachable();
if (problem) {
  const line = '!'.repeat(100);
  console.error(
    `\n${line}\n!!! SKIPPED: the PostgreSQL API suite - ${url} cannot be reached (${problem}).\n!!! Set TEST_DATABASE_URL, or start PostgreSQL, to run it.\n${line}\n`,
  );
  if (required) {
    console.error('REQUIRE_POSTGRES=1: failing the run.');
    process.exit(1);
  }
  chosen = chosen.filter((p) => p !== 'api-postgres');
}

const projectArgs = chosen.flatMap((p) => ['--project', p]);
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...projectArgs, ...args], {
  stdio: 'inherit',
  env: { ...process.env, TZ: 'UTC' },
});
process.exit(result.status ?? 1);
