// Refusals that Node's HTTP parser or Fastify's router would otherwise write themselves, before any
// hook or error handler runs, in their own JSON shape: a header block over Node's limit (431), a slow
// client (408), bytes that are not HTTP (400), a path that is not valid percent-encoding (400), a
// path parameter over the router's limit (414). They answer in the envelope like every other call.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { problems, type ProblemCode } from '../schemas/problems';
import { problem } from './problems';

/** Longer addresses are refused before routing; no call of the API needs more. */
export const MAX_URL_LENGTH = 8 * 1024;

function envelope(code: ProblemCode): string {
  const { message } = problems[code];
  return JSON.stringify({ isSuccess: false, data: null, message, errors: [message], code });
}

/** Node's 'clientError': the request never became one, so the reply is written to the socket. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ProblemCode =
    err.code === 'HPE_HEADER_OVERFLOW' ? 'headersTooLarge' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'requestTimeout' : 'badRequest';
  const { status } = problems[code];
  const body = envelope(code);
  // end(), not write() then destroy(): destroying at once resets the connection on Node 24 before the
  // client has read the answer.
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // A client that never closes its side does not keep the socket.
    setTimeout(() => socket.destroy(), 5000).unref();
    return;
  }
  socket.destroy(err);
}

/** The router's own refusals (Fastify's `frameworkErrors`). */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const code: ProblemCode = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uriTooLong' : 'badRequest';
  void reply.status(problems[code].status).type('application/json; charset=utf-8').send(envelope(code));
}

/** onRequest: an address longer than any call needs is refused before it is parsed further. */
export async function limitUrl(req: FastifyRequest): Promise<void> {
  if (req.url.length > MAX_URL_LENGTH) throw problem('uriTooLong');
}
