// The primary restarts a worker that dies, with WORKERS=1 too: `npm start` on
// PostgreSQL, the worker killed with SIGKILL, the port answers again from a new worker.
// PostgreSQL only: with PGlite one process serves and a service manager restarts it (docs/decisions/0015-server-processes-and-supervision.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../build/start.mjs';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { freePort } from '../../support/ports';

const onPostgres = process.env.TEST_DB === 'postgres';
const root = resolve(import.meta.dirname, '../../..');

let testDb: TestDatabase;
let server: ChildProcess;
let output = '';
let base: string;
let dataDir: string;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited while waiting for ${what}:\n${output}`);
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}:\n${output}`);
}

const answers = async () => ((await fetch(`${base}/api/DataCollection/CheckOnlineStatus`)).ok ? true : undefined);

beforeAll(async () => {
  if (!onPostgres) return;
  ensureBuilt(['frontend', 'server'], () => undefined);
  testDb = await createTestDatabase('postgres');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'fieldsurvey-supervisor-'));
  server = spawn(process.execPath, [join(root, 'build/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: testDb.url,
      WORKERS: '1',
      DEMO_DATA: 'off',
      BOT_CHECK: 'off',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await until('the server', answers, 180_000);
}, 300_000);

afterAll(async () => {
  if (!onPostgres) return;
  if (server.exitCode === null) {
    const exited = new Promise((ok) => server.once('exit', ok));
    server.kill('SIGTERM');
    await exited;
  }
  await testDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!onPostgres)('npm start on PostgreSQL with WORKERS=1', () => {
  it('serves from a supervised worker, and a killed worker is replaced', async () => {
    const worker = Number(/1 server process \(pid (\d+)\) serving, supervised by pid (\d+)/.exec(output)?.[1]);
    expect(worker).toBeGreaterThan(0);
    expect(worker).not.toBe(server.pid);

    process.kill(worker, 'SIGKILL');
    const replacement = await until('a new worker', async () => {
      const m = new RegExp(`server worker ${worker} exited with SIGKILL; started pid (\\d+)`).exec(output);
      return m ? Number(m[1]) : undefined;
    });
    expect(replacement).not.toBe(worker);
    await until('the port to answer again', answers);
    expect(server.exitCode).toBeNull();

    // The queue runs in the primary; the worker's health reads its heartbeat from the database.
    const health = await until('a healthy reply', async () => {
      const res = await fetch(`${base}/api/health`);
      return res.ok ? res.json() : undefined;
    });
    expect(health).toEqual({ isSuccess: true, data: { status: 'ok' }, message: '', errors: [] });
  }, 90_000);
});

describe.skipIf(onPostgres)('on PGlite', () => {
  it('one process serves; nothing to supervise inside it', () => {
    expect(process.env.TEST_DB ?? 'pglite').toBe('pglite');
  });
});
