// Opens the one database the server talks to: embedded PGlite by default, PostgreSQL when a URL is
// given. Both are reached through Kysely (one SQL dialect) plus `exec` for multi-statement scripts,
// which PGlite only runs through its own exec().
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DB } from './schema';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Kysely<DB>;
  /** Runs a script of several statements (migrations, resets), outside Kysely. */
  exec(script: string): Promise<void>;
  /** Runs one parameterized statement and returns its rows (for pg-boss). */
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

// date stays 'YYYY-MM-DD' text and numeric becomes a JS number: the same on both engines.
const DATE_OID = 1082;
const NUMERIC_OID = 1700;
const INT8_OID = 20;
const parsers: Record<number, (value: string) => unknown> = {
  [DATE_OID]: (v) => v,
  [NUMERIC_OID]: (v) => Number(v),
  [INT8_OID]: (v) => Number(v),
};

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: 'pglite',
    db,
    exec: async (script) => {
      try {
        await pglite.exec(script);
      } catch (err) {
        // A failed script may leave an open, aborted transaction on the only connection there is.
        await pglite.exec('rollback').catch(() => undefined);
        throw err;
      }
    },
    query: async (text, values) => {
      const r = await pglite.query(text, values);
      return { rows: r.rows };
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** The marker of a statement sent as a named prepared statement on PostgreSQL (PGlite reads it as a comment). */
const PREPARED = /^\/\* prepared: ([a-z_]+) \*\//;

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A request waits at most this long for a connection when PostgreSQL is unreachable, then gets a 503.
    connectionTimeoutMillis: 5000,
    types: { getTypeParser: ((oid: number, format?: string) => parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser },
  });
  // An idle connection that PostgreSQL closes (a restart, a terminated backend) must not take the whole
  // process down: the pool drops it and opens a new one on the next query. The client's own listener
  // (below) has logged it already.
  pool.on('error', () => undefined);
  // Hot statements that start with `/* prepared: name */` go as named prepared statements: PostgreSQL
  // parses and plans them once per connection, and later sends carry only the parameters. Only fixed
  // texts are marked (a prepared statement lives as long as its connection).
  pool.on('connect', (client) => {
    // pg-pool listens for errors only while a client is idle. A connection terminated while checked out
    // (pg_terminate_backend, a failover) also emits 'error', and without a listener that error would
    // end the process; the query in flight rejects by itself, and the pool discards the broken client
    // when it is released.
    client.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values?: unknown, cb?: unknown) => {
      const name = typeof text === 'string' ? PREPARED.exec(text)?.[1] : undefined;
      return name === undefined ? query(text, values, cb) : query({ name, text, values }, cb);
    };
  });
  // Fail at start, not at the first request, when the server is unreachable.
  const client = await pool.connect();
  client.release();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    db,
    exec: async (script) => {
      // One client for the whole script, rolled back on failure, so no aborted transaction returns to the pool.
      const c = await pool.connect();
      try {
        await c.query(script);
      } catch (err) {
        await c.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        c.release();
      }
    },
    query: async (text, values) => {
      const r = await pool.query(text, values);
      return { rows: r.rows };
    },
    close: async () => {
      await db.destroy();
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir?: string | undefined }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
