// A small migration runner: each migration is an SQL script applied once, in its own transaction, in
// version order. The transaction takes an advisory lock and records its version first, so when two
// servers start at once the second waits, then fails on the version's primary key and skips it.
import type { Database } from './database';
import { migrations } from './migrations';

const LOCK_KEY = 727_001;

async function appliedVersions(database: Database): Promise<Set<number>> {
  const { rows } = await database.query('select version from schema_migrations', []);
  return new Set((rows as { version: number }[]).map((r) => r.version));
}

export async function migrate(database: Database): Promise<string[]> {
  // Concurrent "create table if not exists" can still collide in PostgreSQL, so the bootstrap takes the
  // lock too, held until its transaction commits (a script of several statements is one transaction).
  await database.exec(`
    begin;
    select pg_advisory_xact_lock(${LOCK_KEY});
    create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    );
    commit;`);
  const applied: string[] = [];
  for (const m of migrations) {
    if ((await appliedVersions(database)).has(m.version)) continue;
    const name = m.name.replace(/'/g, "''");
    try {
      await database.exec(
        `begin;\nselect pg_advisory_xact_lock(${LOCK_KEY});\ninsert into schema_migrations (version, name) values (${m.version}, '${name}');\n${m.sql}\ncommit;`,
      );
      applied.push(`${m.version} ${m.name}`);
    } catch (err) {
      if ((await appliedVersions(database)).has(m.version)) continue; // another server applied it meanwhile
      throw err;
    }
  }
  return applied;
}
