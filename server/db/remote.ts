// A database reached over a MessagePort (docs/decisions/
// 0033-exports-in-the-export-worker.md). Embedded PGlite lives in the main thread's memory and cannot be opened by a worker, so a
// worker that needs it (an export job) is given a port: each of its queries crosses to the main thread,
// which runs it as one statement and answers the rows. The main thread's work per query is the query
// itself; everything the worker does with the rows (formatting, compressing, writing the file) stays
// off the request loop, and other requests run between the worker's queries.
import type { MessagePort } from 'node:worker_threads';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { DB } from './schema';

interface Ask {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

type Answer = { id: number; rows: unknown[]; numAffectedRows?: bigint } | { id: number; error: string };

/**
 * Answers the queries that arrive on `port` with `db`, one at a time in the order they came, until the
 * port closes. Statements come from our own worker code (services/exportJobs.ts), never from a request.
 */
export function serveQueries(db: Kysely<DB>, port: MessagePort): void {
  let chain = Promise.resolve();
  port.on('message', (ask: Ask) => {
    chain = chain.then(async () => {
      let answer: Answer;
      try {
        const r = await db.executeQuery(CompiledQuery.raw(ask.sql, [...ask.parameters]));
        answer = {
          id: ask.id,
          rows: r.rows as unknown[],
          ...(r.numAffectedRows !== undefined ? { numAffectedRows: r.numAffectedRows } : {}),
        };
      } catch (err) {
        answer = { id: ask.id, error: err instanceof Error ? err.message : String(err) };
      }
      port.postMessage(answer);
    });
  });
}

class PortConnection implements DatabaseConnection {
  private next = 0;
  private readonly waiting = new Map<number, { resolve(r: QueryResult<unknown>): void; reject(e: Error): void }>();

  constructor(private readonly port: MessagePort) {
    port.on('message', (a: Answer) => {
      const w = this.waiting.get(a.id);
      if (!w) return;
      this.waiting.delete(a.id);
      if ('error' in a) w.reject(new Error(a.error));
      else w.resolve({ rows: a.rows, ...(a.numAffectedRows !== undefined ? { numAffectedRows: a.numAffectedRows } : {}) });
    });
    port.on('close', () => {
      for (const w of this.waiting.values()) w.reject(new Error('the database port closed'));
      this.waiting.clear();
    });
  }

  executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (r: QueryResult<unknown>) => void, reject });
      this.port.postMessage({ id, sql: q.sql, parameters: q.parameters } satisfies Ask);
    });
  }

  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('streaming is not offered over a database port');
  }
}

class PortDriver implements Driver {
  private readonly connection: PortConnection;

  constructor(port: MessagePort) {
    this.connection = new PortConnection(port);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  // Each statement stands alone on the main thread: a transaction would hold the embedded database's
  // only connection across messages.
  async beginTransaction(): Promise<void> {
    throw new Error('transactions are not offered over a database port');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** A Kysely whose every query is answered through `port` by serveQueries on the other side. */
export function remoteDatabase(port: MessagePort): Kysely<DB> {
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PortDriver(port),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return new Kysely<DB>({ dialect });
}
