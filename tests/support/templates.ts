// The API suite's template databases, made once per run by the global setup of each API project instead
// of once per test file: migrating, loading the reference data and seeding the demo (an argon2id hash per
// account) took most of a file's start. Each file then starts from a copy: PGlite from a data-directory
// image, PostgreSQL with CREATE DATABASE ... TEMPLATE. Outside the test runner (benchmarks) there are no
// templates and createTestDatabase builds the database itself.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { demoData } from '../../fixtures/index';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedReference } from '../../server/db/reference';
import { seedDemo, type SeededIds } from '../../server/db/seed';

/** Where a run's templates are: image files (PGlite) or database names (PostgreSQL), and the demo's ids. */
export interface Templates {
  kind: 'pglite' | 'postgres';
  /** Migrated, with the reference data. */
  bare: string;
  /** As bare, plus the demo data. */
  demo: string;
  ids: SeededIds;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: Templates | null;
  }
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function fill(database: Database, demo: boolean): Promise<SeededIds | null> {
  await migrate(database);
  await seedReference(database.db);
  return demo ? seedDemo(database.db, demoData) : null;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'fieldsurvey-templates-'));
    const paths = { bare: join(dir, 'bare.tar'), demo: join(dir, 'demo.tar') };
    let ids: SeededIds | null = null;
    for (const which of ['bare', 'demo'] as const) {
      const database = await openPglite();
      const seeded = await fill(database, which === 'demo');
      ids ??= seeded;
      writeFileSync(paths[which], Buffer.from(await (await database.image!()).arrayBuffer()));
      await database.close();
    }
    project.provide('dbTemplates', { kind, ...paths, ids: ids! });
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const run = `tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const names = { bare: `${run}_bare`, demo: `${run}_demo` };
  let ids: SeededIds | null = null;
  for (const which of ['bare', 'demo'] as const) {
    await adminQuery(`create database ${names[which]}`);
    const database = await openPostgres(withDatabase(TEST_DATABASE_URL, names[which]), 4);
    ids ??= await fill(database, which === 'demo');
    // A template must have no connections left when it is copied.
    await database.close();
  }
  project.provide('dbTemplates', { kind, ...names, ids: ids! });
  return async () => {
    for (const name of Object.values(names)) await adminQuery(`drop database if exists ${name} with (force)`);
  };
}
