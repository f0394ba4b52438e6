// Opens the one database the server talks to: embedded PGlite by default, PostgreSQL when a URL is
// given. Both are reached through Kysely (one SQL dialect) plus `exec` for multi-statement scripts,
// which PGlite only runs through its own exec().
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { isConnectionLoss } from './connectionLoss';
import type { DB } from './schema';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Kysely<DB>;
  /**
   * PostgreSQL's connection string, for worker threads that open connections of their own (export
   * workers: their rows then never cross into this thread's heap); undefined for the embedded PGlite,
   * which only this thread can reach.
   */
  readonly url?: string | undefined;
  /** Runs a script of several statements (migrations, resets), outside Kysely. */
  exec(script: string): Promise<void>;
  /** Runs one parameterized statement and returns its rows (for pg-boss). */
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
  /** PGlite only: the whole database as one consistent image, which openPglite can start from (backups, the tests' template). */
  image?(): Promise<Blob>;
  /** PostgreSQL only: the pool's connections, for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
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

export async function openPglite(dataDir?: string, image?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Loaded when used: an export worker on PostgreSQL does without them (a few MB of its heap).
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([import('@electric-sql/pglite'), import('kysely-pglite-dialect')]);
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(image ? { loadDataDir: image } : {}), parsers });
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
    // Taken while holding the one connection, so no transaction is open across it, after a checkpoint,
    // so the image needs no recovery when it is started (a backup, the tests' template).
    image: () =>
      db.connection().execute(async (conn) => {
        await sql`checkpoint`.execute(conn);
        return pglite.dumpDataDir('none');
      }),
  };
}

/** The marker of a statement sent as a named prepared statement on PostgreSQL (PGlite reads it as a comment). */
const PREPARED = /^\/\* prepared: ([a-z_]+) \*\//;
/** How long after a lost connection every checkout is tested first. */
const RECHECK_AFTER_LOSS_MS = 10_000;

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A request waits at most this long for a connection when PostgreSQL is unreachable, then gets a 503.
    connectionTimeoutMillis: 5000,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // When one connection is lost, its idle siblings usually are too (a failover, a restart, an operator's
  // pg_terminate_backend), but the pool learns that only when each one's goodbye is read. For a while
  // after a loss, a connection is tested before it is handed out, so a request that merely arrives
  // then gets a live one; the rest of the time checkout costs nothing extra.
  let lostAt = 0;
  const lost = () => (lostAt = Date.now());
  // An idle connection that PostgreSQL closes must not take the whole process down: the pool drops it
  // and opens a new one on the next query. The client's own listener (below) has logged it already.
  pool.on('error', lost);
  // Hot statements that start with `/* prepared: name */` go as named prepared statements: PostgreSQL
  // parses and plans them once per connection, and later sends carry only the parameters. Only fixed
  // texts are marked (a prepared statement lives as long as its connection).
  pool.on('connect', (client) => {
    // pg-pool listens for errors only while a client is idle. A connection terminated while checked out
    // (pg_terminate_backend, a failover) also emits 'error', and without a listener that error would
    // end the process; the query in flight rejects by itself, and the pool discards the broken client
    // when it is released.
    client.on('error', (err) => {
      lost();
      console.warn(`database connection lost: ${err.message}`);
    });
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values?: unknown, cb?: unknown) => {
      const name = typeof text === 'string' ? PREPARED.exec(text)?.[1] : undefined;
      const result = name === undefined ? query(text, values, cb) : query({ name, text, values }, cb);
      // The query's rejection reaches its caller before the connection's 'error' event: note the loss now.
      if (result instanceof Promise) result.catch((err: unknown) => isConnectionLoss(err) && lost());
      return result;
    };
  });
  const connect = async (): Promise<pg.PoolClient> => {
    for (let attempt = 0; ; attempt++) {
      const c = await pool.connect();
      if (Date.now() - lostAt > RECHECK_AFTER_LOSS_MS || attempt > max) return c;
      try {
        await c.query('select 1');
        return c;
      } catch (err) {
        c.release(err as Error);
      }
    }
  };
  // Fail at start, not at the first request, when the server is unreachable.
  const client = await pool.connect();
  client.release();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: { connect, end: () => pool.end() } }) });
  return {
    kind: 'postgres',
    db,
    url: connectionString,
    exec: async (script) => {
      // One client for the whole script, rolled back on failure, so no aborted transaction returns to the pool.
      const c = await connect();
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
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir?: string | undefined }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
