// How long and how many connections a client may hold. Without limits a client that sends its headers
// or body a byte at a time (slowloris) keeps a socket, and its memory, forever; a few thousand such
// sockets from one address starve everyone else.
import type { Server as HttpServer, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';

/** The Fastify options that carry the timeouts to Node's http server. */
export function serverTimeouts(config: Pick<Config, 'timeouts'>): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  const t = config.timeouts;
  return {
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.requestMs,
    http: {
      headersTimeout: t.headersMs,
      // Node enforces the header and request deadlines on this sweep (30 s by default), so a deadline
      // is only as exact as the sweep: a tenth of the shortest, within 0.1 to 1 s, costs nothing.
      connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.round(Math.min(t.headersMs, t.requestMs) / 10))),
    },
  };
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * Closes a connection at once when its address already holds `max` open ones. Loopback is exempt when
 * asked: a reverse proxy on the same machine and the benchmarks arrive from it, and every client of
 * theirs would share one count.
 */
export function capConnectionsPerAddress(server: Pick<HttpServer, 'on'>, opts: { max: number; exemptLoopback: boolean }): void {
  if (opts.max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || (opts.exemptLoopback && isLoopback(address))) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > opts.max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
