// A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database made
// from TEST_DATABASE_URL and dropped afterwards. Which one is chosen by TEST_DB (set per vitest project).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedReference } from '../../server/db/reference';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL connection string of this test's own database (PostgreSQL only). */
  url?: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(kind = process.env.TEST_DB ?? 'pglite'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openPglite();
    await migrate(database);
    await seedReference(database.db);
    return { database, drop: () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(TEST_DATABASE_URL, name);
  const database = await openPostgres(url, 20);
  await migrate(database);
  await seedReference(database.db);
  return {
    database,
    url,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
