// `npm run backup` and `npm run restore` as an operator runs them: a backup taken from a running
// embedded server while people sign in to it, restored into a fresh DATA_DIR, and a server started on
// the copy that signs the same people in, accepts the tokens the first one issued and holds the same
// files. Files that are not whole backups, and DATA_DIRs that are not fresh, are refused with a reason,
// leaving nothing behind. PGlite only: with PostgreSQL the database's own tools do this.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../build/start.mjs';
import { DEMO_PASSWORD } from '../../fixtures/index';
import { OwnServer } from '../e2e/offline-server';

const onPglite = process.env.TEST_DB !== 'postgres' && process.env.TEST_STORAGE !== 's3';
const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fieldsurvey-backup-'));

/** `npm run <command> -- FILE` with DATA_DIR (and any other settings) in its environment. */
function run(command: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'build/start.mjs'), command, file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => done({ code: code ?? 1, out }));
  });
}

async function signIn(srv: OwnServer, email: string): Promise<{ status: number; token?: string; userId?: string }> {
  const res = await fetch(`${srv.url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token: string; user: { id: string } } };
  return { status: res.status, ...(body.data ? { token: body.data.token, userId: body.data.user.id } : {}) };
}

/** Every stored file under DATA_DIR/files with a digest of its bytes. */
function storedFiles(dataDir: string): Record<string, string> {
  const base = join(dataDir, 'files');
  const found: Record<string, string> = {};
  for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || path.includes('.incoming')) continue;
    found[relative(base, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return found;
}

let original: OwnServer;
let restored: OwnServer;

beforeAll(async () => {
  if (!onPglite) return;
  ensureBuilt(['frontend', 'server'], () => undefined);
  original = new OwnServer();
  await original.start();
}, 300_000);

afterAll(async () => {
  await original?.dispose();
  await restored?.dispose();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!onPglite)('npm run backup and npm run restore', () => {
  const file = join(work, 'field-survey.backup');

  it('back up a running server while people sign in, and the copy serves the same accounts, tokens and files', async () => {
    const before = await signIn(original, 'manager@demo.test');
    expect(before.status).toBe(200);
    // Sign-ins write sessions while the backup is taken: it must still be one consistent moment.
    let signingIn = true;
    const load = (async () => {
      let n = 0;
      while (signingIn) n += (await signIn(original, 'collector@demo.test')).status === 200 ? 1 : 0;
      return n;
    })();
    const backup = await run('backup', file, { DATA_DIR: original.dataDir });
    signingIn = false;
    expect(await load).toBeGreaterThan(0);
    expect(backup.out).toContain(`Backed up the running server's ${original.dataDir} to ${file}.`);
    expect(backup.code).toBe(0);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const files = storedFiles(original.dataDir);
    expect(Object.keys(files).length).toBeGreaterThan(0);
    await original.stop();

    restored = new OwnServer();
    const restore = await run('restore', file, { DATA_DIR: restored.dataDir });
    expect(restore.out).toMatch(/Restored the backup of .+ into .+: the database and its files\. Start the server with this DATA_DIR\./);
    expect(restore.code).toBe(0);
    await restored.start();

    expect((await signIn(restored, 'organization@demo.test')).status).toBe(200);
    // The JWT secret came along: a token the first server issued is good on the copy.
    const orgs = await fetch(`${restored.url}/api/Account/getUserOrganizations?userId=${before.userId!}`, {
      headers: { authorization: `Bearer ${before.token!}` },
    });
    expect(orgs.status).toBe(200);
    expect(storedFiles(restored.dataDir)).toEqual(files);
  }, 240_000);

  it('refuse a DATA_DIR that holds a database, one a server runs on, and an existing backup name', async () => {
    const into = await run('restore', file, { DATA_DIR: restored.dataDir });
    expect(into.code).toBe(1);
    expect(into.out).toContain('A server is running on');
    await restored.stop();
    const full = await run('restore', file, { DATA_DIR: restored.dataDir });
    expect(full.code).toBe(1);
    expect(full.out).toContain('holds a database already: restore into a fresh DATA_DIR.');
    const again = await run('backup', file, { DATA_DIR: restored.dataDir });
    expect(again.code).toBe(1);
    expect(again.out).toContain('exists already: give the backup a new name.');
    // Stopped, the copy is backed up from its database directly.
    const offline = await run('backup', join(work, 'offline.backup'), { DATA_DIR: restored.dataDir });
    expect(offline.out).toContain(`Backed up ${restored.dataDir} to`);
    expect(offline.code).toBe(0);
    const postgres = await run('backup', join(work, 'pg.backup'), {
      DATA_DIR: restored.dataDir,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(postgres.code).toBe(1);
    expect(postgres.out).toContain('back up PostgreSQL with pg_dump');
  }, 120_000);

  it('refuse files that are not whole backups, and leave the fresh DATA_DIR as it was', async () => {
    const cut = join(work, 'cut.backup');
    writeFileSync(cut, readFileSync(file).subarray(0, Math.floor(statSync(file).size / 2)));
    const noise = join(work, 'noise.backup');
    writeFileSync(noise, Buffer.from('PK\u0003\u0004 not a backup at all'));
    const empty = join(work, 'empty.backup');
    writeFileSync(empty, '');
    truncateSync(empty, 0);
    for (const [bad, reason] of [
      [cut, /cannot be restored: (the backup stops short|the file is not a whole gzipped backup)/],
      [noise, /cannot be restored: the file is not a whole gzipped backup/],
      [empty, /cannot be restored: (the file is empty|the file is not a whole gzipped backup)/],
    ] as const) {
      const fresh = mkdtempSync(join(work, 'fresh-'));
      const result = await run('restore', bad, { DATA_DIR: fresh });
      expect(result.out).toMatch(reason);
      expect(result.code).toBe(1);
      expect(readdirSync(fresh).filter((n) => n !== 'jwt-secret')).toEqual([]);
    }
  }, 120_000);
});
