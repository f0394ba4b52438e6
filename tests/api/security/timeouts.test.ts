// Slow clients: headers, bodies and silences that never end are cut off within the
// configured time, idle keep-alive connections close, and one address cannot hold more than its share
// of connections. A real server on a free port, with short limits so the test runs fast.
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capConnectionsPerAddress } from '../../../server/security/connections';
import { createTestApp, type TestApp } from '../../support/app';
import { freePort } from '../../support/ports';

const timeouts = { headersMs: 500, requestMs: 1200, idleMs: 800, keepAliveMs: 300 };

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { timeouts, maxConnectionsPerAddress: 2 } });
  port = await freePort();
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

interface Opened {
  socket: Socket;
  /** Resolves when the server closes the connection: after how long, and what it said. */
  closed: Promise<{ afterMs: number; received: string }>;
}

function open(p = port, host = '127.0.0.1'): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = connect(p, host);
    let received = '';
    const started = Date.now();
    socket.on('data', (d) => (received += d.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<{ afterMs: number; received: string }>((done) =>
      socket.on('close', () => done({ afterMs: Date.now() - started, received })),
    );
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Writes a little every `everyMs` until the connection closes: never idle, never done. */
function dribble(socket: Socket, chunk: string, everyMs = 150): void {
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write(chunk)), everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('a client that', () => {
  it('sends its headers a line at a time is cut off after HEADERS_TIMEOUT', async () => {
    const { socket, closed } = await open();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    dribble(socket, 'X-Slow: 1\r\n');
    const { afterMs, received } = await closed;
    expect(afterMs).toBeLessThan(timeouts.headersMs + 1500);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('sends a body that never ends is cut off after REQUEST_TIMEOUT', async () => {
    const { socket, closed } = await open();
    socket.write(
      'POST /api/Account/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"email":"',
    );
    dribble(socket, 'a');
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(timeouts.requestMs - 100);
    expect(afterMs).toBeLessThan(timeouts.requestMs + 1500);
  });

  it('stops sending halfway is cut off after IDLE_TIMEOUT', async () => {
    const { socket, closed } = await open();
    socket.write(
      'POST /api/Account/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"em',
    );
    const { afterMs } = await closed;
    expect(afterMs).toBeLessThan(Math.max(timeouts.idleMs, timeouts.requestMs) + 1500);
  });

  it('keeps a finished connection open is let go after KEEP_ALIVE_TIMEOUT', async () => {
    const { socket, closed } = await open();
    socket.write('GET /api/DataCollection/CheckOnlineStatus HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const { afterMs, received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(afterMs).toBeLessThan(timeouts.keepAliveMs + 1500);
  });

  it('from this machine is not counted against MAX_CONNECTIONS_PER_ADDRESS (a local proxy, the benchmark)', async () => {
    const sockets = await Promise.all(Array.from({ length: 6 }, () => open()));
    const replies = await Promise.all(
      sockets.map(
        ({ socket }) =>
          new Promise<string>((done) => {
            let text = '';
            socket.on('data', (d) => {
              text += d.toString();
              if (text.includes('\r\n\r\n')) done(text);
            });
            socket.write('GET /api/DataCollection/CheckOnlineStatus HTTP/1.1\r\nHost: localhost\r\n\r\n');
          }),
      ),
    );
    expect(replies.every((r) => r.startsWith('HTTP/1.1 200'))).toBe(true);
    for (const { socket } of sockets) socket.destroy();
  });
});

describe('the cap on connections per address', () => {
  let server: Server;
  let capped: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    capConnectionsPerAddress(server, { max: 2, exemptLoopback: false });
    capped = await freePort();
    await new Promise<void>((ok) => server.listen(capped, '127.0.0.1', ok));
  });
  afterAll(() => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))));

  it('closes a third connection from one address at once, and counts a closed one out again', async () => {
    const first = await open(capped);
    const second = await open(capped);
    const third = await open(capped);
    const { afterMs } = await third.closed;
    expect(afterMs).toBeLessThan(500);
    first.socket.destroy();
    await first.closed;
    await new Promise((r) => setTimeout(r, 50));
    const fourth = await open(capped);
    const reply = await new Promise<string>((done) => {
      fourth.socket.once('data', (d) => done(d.toString()));
      fourth.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    second.socket.destroy();
    fourth.socket.destroy();
  });
});
