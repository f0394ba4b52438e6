// The response wrapper as JSON Schema. Every route declares its answer as `replies(dataSchema)` next to
// its request schema: Fastify serializes with it (a field nobody declared is not sent), the client's
// types are derived from it, and the API tests check every answer against it (server/responseCheck.ts).
import { problems, type ProblemCode } from './problems';

const problemCodes = Object.keys(problems) as ProblemCode[];

/** Any JSON value: for data whose shape is the author's (a survey's answers, a form's JSON). */
export const anyJson = {} as const;

/** The refusal every route may answer: the problem's message, its stable code, and the fields at fault. */
export const failureEnvelope = {
  type: 'object',
  required: ['isSuccess', 'data', 'message', 'errors', 'code'],
  additionalProperties: false,
  properties: {
    isSuccess: { type: 'boolean' },
    data: anyJson,
    message: { type: 'string' },
    errors: { type: 'array', items: { type: 'string' } },
    code: { type: 'string', enum: problemCodes },
    /** A server fault's request id (5xx only), which its log lines carry: what a user quotes to support. */
    requestId: { type: 'string', maxLength: 100 },
  },
} as const;

/** A successful answer carrying `data`. */
export function envelope<const D extends object>(data: D) {
  return {
    type: 'object',
    required: ['isSuccess', 'data', 'message', 'errors'],
    additionalProperties: false,
    properties: {
      isSuccess: { type: 'boolean' },
      data,
      message: { type: 'string' },
      errors: { type: 'array', items: { type: 'string' } },
    },
  } as const;
}

/** A route's response schemas: its answer in the envelope, and the refusals. */
export function replies<const D extends object>(data: D) {
  return { 200: envelope(data), '4xx': failureEnvelope, '5xx': failureEnvelope } as const;
}

/**
 * A route whose success is not JSON (a file, a page, a redirect): only its refusals are in the envelope.
 * `what` says what it answers instead, for readers and the contract test.
 */
export function fileReplies(what: string) {
  return { '2xx': { description: what }, '3xx': { description: what }, '4xx': failureEnvelope, '5xx': failureEnvelope } as const;
}
