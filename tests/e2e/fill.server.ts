// A server of its own for a browser test that reads the database afterwards: the product started as
// `npm start` starts it (demo data, the built front end), on a fresh PostgreSQL database made from
// TEST_DATABASE_URL, dropped at the end. PGlite, which the shared e2e server uses, cannot be read by a
// second process while the server runs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { TEST_DATABASE_URL } from '../support/database';

const root = resolve(import.meta.dirname, '../..');

export interface OwnServer {
  baseUrl: string;
  databaseUrl: string;
  /** The demo survey's public link, as the server printed it. */
  demoLink: string;
  stop(): Promise<void>;
}

/** Why PostgreSQL cannot be used, or null when it can. */
export async function postgresProblem(): Promise<string | null> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    await c.end().catch(() => undefined);
  }
}

const freePort = (): Promise<number> =>
  new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? res(a.port) : rej(new Error('no port'))));
    });
  });

export async function startOwnServer(): Promise<OwnServer> {
  const name = `fill_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(TEST_DATABASE_URL);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [join(root, 'build/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: join('/tmp', name),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      RESPONSE_CHECK: 'on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (!/\/public-survey\/[0-9a-f-]+\/[0-9a-f-]+/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const demoLink = /\/public-survey\/[0-9a-f-]+\/[0-9a-f-]+/.exec(output)![0];
  return {
    baseUrl,
    databaseUrl,
    demoLink,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (child.exitCode === null) child.kill('SIGKILL');
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
