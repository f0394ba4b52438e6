// Errors that mean the database could not be reached or dropped the connection mid-request, as
// opposed to errors in what was asked. They cost the request a 503 with Retry-After (the pool opens a
// fresh connection for the next one); nothing about them is the caller's fault.

/** SQLSTATEs of a lost or refused connection: class 08, admin/crash shutdown, starting up, too many. */
const LOST_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;
/** Socket errors of node:net when the server is gone or unreachable. */
const LOST_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What pg and pg-pool throw without a code when a connection ends or cannot be had in time. */
const LOST_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|Connection ended/i;

export function isConnectionLoss(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (LOST_SQLSTATE.test(code) || LOST_SOCKET.has(code))) return true;
  return typeof message === 'string' && LOST_MESSAGE.test(message);
}
