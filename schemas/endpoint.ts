// One API call declared once: its method, its path, who may make it, what it takes and what it answers.
// The server registers its route from the declaration (server/route.ts), the client calls it by the
// declaration (src/api/call.ts) with request and answer types derived from the same schemas, and the
// admin screens name the calls they make by it: a path or a shape is never written a second time.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { RoleName } from './roles';

/** 'public': anyone; 'user': a valid access token, no organization needed; roles: one of these in the organization. */
export type Access = 'public' | 'user' | readonly RoleName[];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An answer that is not JSON in the envelope (a file, a page, a redirect), described for readers. */
export interface FileAnswer {
  readonly file: string;
}

/** A JSON Schema object (never the bare `true` or `false`). */
export type Schema = Exclude<JSONSchema, boolean>;

export interface Endpoint {
  readonly method: Method;
  /** Fastify's form: a path parameter is `:name`. */
  readonly path: string;
  readonly access: Access;
  readonly query?: JSONSchema;
  readonly body?: JSONSchema;
  readonly params?: JSONSchema;
  /** The schema of the envelope's `data`, or a file's description. */
  readonly answer: Schema | FileAnswer;
}

/**
 * Declares a call; `const` keeps every literal so that the types below can be read off it. Pure, so that
 * a bundle importing a schema file for something else leaves its table out.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** What the caller sends: a field with a default may be left out. */
type Sent<S> = S extends JSONSchema ? FromSchema<S, { keepDefaultedPropertiesOptional: true }> : never;

/** The query, body and path parameters of a call, those it declares and no others. */
export type RequestOf<E extends Endpoint> = (E extends { query: infer Q } ? { query: Sent<Q> } : { query?: never }) &
  (E extends { body: infer B } ? { body: Sent<B> } : { body?: never }) &
  (E extends { params: infer P } ? { params: Sent<P> } : { params?: never });

/** The envelope's `data` of a call's success. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends FileAnswer
  ? never
  : E['answer'] extends JSONSchema
    ? FromSchema<E['answer']>
    : never;
