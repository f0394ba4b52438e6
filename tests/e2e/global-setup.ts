// Starts the product for the browser tests, once per worker, as `npm start` does: the front end and
// the server built when stale, then the compiled server run by the launcher (build/start.mjs), on a fresh
// embedded database in a temporary folder, with the real bot check (ALTCHA) and demo data. Reuses a server given
// in E2E_BASE_URL instead.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../build/start.mjs';
import { freePort } from '../support/ports';
import { E2E_WORKERS } from '../support/workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (browser.ts baseUrl() claims one no other running file holds). */
    baseUrls: string[];
    /** Where the files' claims on the servers are kept (a folder per claimed server). */
    claimsDir: string;
    /** The server's JWT secret, so a test can make an expired access token; empty for E2E_BASE_URL. */
    jwtSecret: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

async function waitForServer(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/DataCollection/CheckOnlineStatus`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not start:\n${log()}`);
}

interface Started {
  baseUrl: string;
  stop(): Promise<void>;
}

async function startServer(jwtSecret: string): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldsurvey-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [join(root, 'build/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: jwtSecret,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // An answer that differs from its route's schema is a 500 the browser test sees.
      RESPONSE_CHECK: 'on',
      BOT_CHECK: process.env.E2E_BOT_CHECK ?? 'altcha',
      // Every page of the suite loads from this one address; the limits themselves are tested in tests/api/security/content.
      PUBLIC_LIMIT_PER_ADDRESS: '100000',
      // The webhooks test's receiver listens on this machine.
      WEBHOOK_ALLOW_PRIVATE: 'on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl, child, () => output);
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // A server that does not stop within five seconds is killed.
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrls', [process.env.E2E_BASE_URL]);
    project.provide('claimsDir', '');
    project.provide('jwtSecret', process.env.E2E_JWT_SECRET ?? '');
    return async () => undefined;
  }
  ensureBuilt(['frontend', 'server'], (m) => console.log(m));
  const jwtSecret = randomBytes(32).toString('hex');
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer(jwtSecret)));
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide('jwtSecret', jwtSecret);
  const claimsDir = mkdtempSync(join(tmpdir(), 'fieldsurvey-e2e-claims-'));
  project.provide('claimsDir', claimsDir);
  return async () => {
    rmSync(claimsDir, { recursive: true, force: true });
    await Promise.all(servers.map((s) => s.stop()));
  };
}
