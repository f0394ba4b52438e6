// How `npm run backup` reaches a running server. The embedded database admits one process, so while the
// server runs, only the server can take a consistent image of it: it listens on a Unix socket of its
// DATA_DIR, that only its own user may open, and writes the backup down the socket when asked. No
// server on the socket: the command opens the database itself. The socket is in the temporary folder,
// named for DATA_DIR, not inside it: the database's image is DATA_DIR, and a socket cannot be read
// into an image.
import { createHash } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The socket of the server running on DATA_DIR. */
export const controlSocketOf = (dataDir: string): string =>
  join(tmpdir(), `fieldsurvey-${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);
const ASK = 'backup\n';
const OK = 'ok\n';

export interface ControlServer {
  close(): Promise<void>;
}

/** Serves backups on DATA_DIR/control.sock; `write` writes one to the socket (writeBackup). */
export async function listenForBackups(
  dataDir: string,
  write: (out: Writable) => Promise<unknown>,
  log: { error(obj: unknown, message?: string): void },
): Promise<ControlServer> {
  const path = controlSocketOf(dataDir);
  // One left by a server that did not stop cleanly.
  await rm(path, { force: true });
  const server = createServer((socket) => {
    let asked = '';
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      if (asked === ASK) return;
      asked += chunk.toString('utf8');
      if (asked.length > ASK.length || !ASK.startsWith(asked)) return void socket.destroy();
      if (asked !== ASK) return;
      socket.setTimeout(0);
      socket.write(OK);
      write(socket).catch((err: unknown) => {
        log.error(err, 'backup failed');
        socket.destroy();
      });
    });
  });
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(path, () => done());
  });
  await chmod(path, 0o600);
  return {
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
      }),
  };
}

/** Whether a server answers on DATA_DIR's socket (a socket file alone may be left behind). */
export function serverRunsOn(dataDir: string): Promise<boolean> {
  return new Promise((done) => {
    const s = createConnection(controlSocketOf(dataDir));
    s.once('connect', () => {
      s.destroy();
      done(true);
    });
    s.once('error', () => done(false));
  });
}

/**
 * Asks the server running on DATA_DIR for a backup and writes it to the stream `open` opens (only once a
 * server answers). False when no server
 * answers there (none runs; a socket left behind), so the caller can open the database itself.
 */
export async function backupFromServer(dataDir: string, open: () => Writable): Promise<boolean> {
  const socket = await new Promise<Socket | undefined>((done) => {
    const s = createConnection(controlSocketOf(dataDir));
    s.once('connect', () => done(s));
    s.once('error', () => done(undefined));
  });
  if (!socket) return false;
  socket.write(ASK);
  // The server's answer line, then the backup itself.
  let head = Buffer.alloc(0);
  while (head.length < OK.length) {
    const chunk = await new Promise<Buffer | undefined>((done, reject) => {
      const onData = (c: Buffer) => {
        socket.pause();
        socket.off('end', onEnd);
        done(c);
      };
      const onEnd = () => {
        socket.off('data', onData);
        done(undefined);
      };
      socket.once('data', onData);
      socket.once('end', onEnd);
      socket.once('error', reject);
    });
    if (!chunk) break;
    head = Buffer.concat([head, chunk]);
  }
  if (head.subarray(0, OK.length).toString('utf8') !== OK) {
    socket.destroy();
    throw new Error('the server on this DATA_DIR did not answer the backup request');
  }
  socket.unshift(head.subarray(OK.length));
  await pipeline(socket, open());
  return true;
}
