// A webhook receiver of the tests' own: a real HTTP server on this machine that keeps every request
// and answers as the test says: at once, late, never, with an error, a redirect or a huge body.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

export interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Milliseconds before answering. */
  delayMs?: number;
  /** Never answer (the connection stays open until the client gives up). */
  hang?: boolean;
}

export interface Receiver {
  /** The receiver's address on 127.0.0.1, with this path. */
  url(path?: string): string;
  received: Received[];
  /** How the next requests are answered; `n` counts them from 1. */
  answer(fn: (r: Received, n: number) => Reply): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let reply: (r: Received, n: number) => Reply = () => ({ status: 200, body: 'ok' });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' };
      received.push(r);
      const a = reply(r, received.length);
      if (a.hang) return;
      const send = () => res.writeHead(a.status, a.headers ?? { 'content-type': 'text/plain' }).end(a.body ?? '');
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (fn) => {
      reply = fn;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
