// Migrations apply once, in order, on both databases; a second run changes nothing; two servers
// starting together do not trip over each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { createTestDatabase, type TestDatabase } from '../support/database';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('migrations', () => {
  it('recorded every migration once, in version order', async () => {
    const { rows } = await t.database.query('select version, name from schema_migrations order by version', []);
    expect((rows as { version: number }[]).map((r) => r.version)).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
  });

  it('does nothing the second time', async () => {
    expect(await migrate(t.database)).toEqual([]);
  });

  it('has strictly increasing, unique versions', () => {
    const versions = migrations.map((m) => m.version);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('keeps constraints in the database: a user without a name cannot be written', async () => {
    await expect(t.database.exec(`insert into users (email, full_name, password_hash) values ('x@y.test', '', 'h')`)).rejects.toThrow();
  });

  it('lets two servers migrate one PostgreSQL database at the same time', async () => {
    if (!t.url) return;
    const url = t.url;
    const a = await openPostgres(url);
    const b = await openPostgres(url);
    await a.exec('drop schema public cascade; create schema public;');
    const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
    expect([...ra, ...rb].length).toBe(migrations.length);
    await a.close();
    await b.close();
  });
});
