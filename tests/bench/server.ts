// The product as `npm start` runs it, for the browser benchmarks: the built front end, a fresh data
// folder, the embedded database (or the PostgreSQL database given), no public limits (a benchmark is
// one address on purpose). Without a database given, the demo survey's link is read from the start-up output.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureBuilt } from '../../build/start.mjs';
import { freePort } from '../support/ports';

const root = resolve(import.meta.dirname, '../..');

export interface BenchServer {
  url: string;
  /** The demo survey's public link; empty with a prepared PostgreSQL database (its caller knows its surveys). */
  demoPath: string;
  stop: () => Promise<void>;
}

export async function startServer(opts: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<BenchServer> {
  ensureBuilt(['frontend', 'server'], (m) => console.log(m));
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldsurvey-bench-'));
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'build/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      WORKERS: '1',
      JWT_SECRET: 'bench'.repeat(8),
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_LIMIT_PER_ADDRESS: '0',
      PUBLIC_LIMIT_PER_SURVEY: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    const up = await fetch(`${url}/api/DataCollection/CheckOnlineStatus`).then(
      (r) => r.ok,
      () => false,
    );
    if (up && (opts.databaseUrl !== undefined || output.includes('/public-survey/'))) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    demoPath: /\/public-survey\/[0-9a-f-]+\/[0-9a-f-]+/.exec(output)?.[0] ?? '',
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One static HTML page at every address of its own server on 127.0.0.1, beside the product: the benches'
 * control pages (the driver's floor), with the cache-control the measurement needs. Its base address.
 */
export async function serveHtml(html: string, cacheControl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl }).end(html),
  );
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(() => ok())) };
}
