// A lost database connection costs only the request that was using it: a 503 in
// the envelope with Retry-After; the pool replaces the connection and the next request succeeds. Before,
// the checked-out client's 'error' event had no listener and took the whole process down.
// PostgreSQL only: PGlite runs inside the process and has no connection to lose.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app';
import { TEST_DATABASE_URL } from '../../support/database';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let admin: pg.Client;
let database: string;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ seed: false });
  database = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0]!.name;
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
});
afterAll(async () => {
  if (!onPostgres) return;
  await admin.end();
  await t.close();
});

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Every connection of the app to its database ends, as in a failover or an operator's kill. */
const terminateOthers = () =>
  admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');

describe.skipIf(!onPostgres)('a database connection terminated under a request', () => {
  it.each([1, 2])('round %i: the request gets a 503, the next one succeeds, the process lives', async () => {
    expect((await t.call('GET', '/api/Languages/getAll')).status).toBe(200);
    // The request's query waits on a lock, so its connection is busy when it is terminated.
    await admin.query('begin');
    await admin.query('lock table languages in access exclusive mode');
    const pending = t.call('GET', '/api/Languages/getAll');
    await until(
      async () =>
        (await admin.query("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rowCount! > 0,
      'the request to wait on the lock',
    );
    await terminateOthers();
    const lost = await pending;
    await admin.query('rollback');

    expect(lost.status).toBe(503);
    expect(lost.body).toEqual({
      isSuccess: false,
      data: null,
      message: 'The service is briefly unavailable. Please try again in a moment.',
      errors: ['The service is briefly unavailable. Please try again in a moment.'],
      code: 'serviceUnavailable',
    });
    expect(lost.res.headers['retry-after']).toBe('5');

    const next = await t.call('GET', '/api/Languages/getAll');
    expect(next.status).toBe(200);
    expect((next.body.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('idle pooled connections terminated: the next requests open new ones', async () => {
    await Promise.all(Array.from({ length: 5 }, () => t.call('GET', '/api/Languages/getAll')));
    await terminateOthers();
    // At once: the pool may not have read every connection's goodbye yet, and must still hand out live ones.
    const replies = await Promise.all(Array.from({ length: 5 }, () => t.call('GET', '/api/Languages/getAll')));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('a transaction whose connection is terminated fails alone and leaves no aborted connection behind', async () => {
    const held = t.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await sql`select pg_sleep(5)`.execute(trx);
    });
    const outcome = held.then(
      () => 'committed',
      (err: unknown) => err,
    );
    await until(
      async () =>
        (
          await admin.query(
            "select 1 from pg_stat_activity where datname = current_database() and query like '%pg_sleep(5)%' and pid <> pg_backend_pid()",
          )
        ).rowCount! > 0,
      'the transaction to sleep',
    );
    await terminateOthers();
    expect(await outcome).not.toBe('committed');
    const replies = await Promise.all(Array.from({ length: 3 }, () => t.call('GET', '/api/Languages/getAll')));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
  });
});

describe.skipIf(onPostgres)('on PGlite', () => {
  it('there is no connection to lose (the database runs in the process)', () => {
    expect(process.env.TEST_DB ?? 'pglite').toBe('pglite');
  });
});
