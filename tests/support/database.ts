// A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database made
// from TEST_DATABASE_URL and dropped afterwards. Which one is chosen by TEST_DB (set per vitest project).
// Under the test runner it is a copy of the run's template (templates.ts), with or without the demo data.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedReference } from '../../server/db/reference';
import type { SeededIds } from '../../server/db/seed';
import { adminQuery, TEST_DATABASE_URL, withDatabase, type Templates } from './templates';

export { TEST_DATABASE_URL };

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL connection string of this test's own database (PostgreSQL only). */
  url?: string;
  /** The demo data's ids when the database was made with the demo data in it. */
  ids?: SeededIds;
  drop(): Promise<void>;
}

async function templates(kind: string): Promise<Templates | null> {
  try {
    const { inject } = await import('vitest');
    const t = inject('dbTemplates');
    return t && t.kind === kind ? t : null;
  } catch {
    return null; // not under the test runner, or a project without templates
  }
}

/**
 * A database of its own for the caller. With `demo`, it holds the demo data (from the template when there
 * is one; otherwise the caller seeds it, and `ids` is undefined).
 */
export async function createTestDatabase(kind = process.env.TEST_DB ?? 'pglite', opts: { demo?: boolean } = {}): Promise<TestDatabase> {
  const template = await templates(kind);
  const from = template ? (opts.demo ? template.demo : template.bare) : undefined;
  const ids = template && opts.demo ? structuredClone(template.ids) : undefined;
  if (kind === 'pglite') {
    const database = await openPglite(undefined, from ? new Blob([readFileSync(from)]) : undefined);
    if (!from) {
      await migrate(database);
      await seedReference(database.db);
    }
    return { database, ...(ids ? { ids } : {}), drop: () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(from ? `create database ${name} template ${from}` : `create database ${name}`);
  const url = withDatabase(TEST_DATABASE_URL, name);
  const database = await openPostgres(url, 20);
  if (!from) {
    await migrate(database);
    await seedReference(database.db);
  }
  return {
    database,
    url,
    ...(ids ? { ids } : {}),
    async drop() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
