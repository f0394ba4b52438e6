// A call to the API by its declaration in schemas/ (schemas/endpoint.ts): the method and the path come
// from the declaration, the query, body and path parameters are typed from its request schemas and the
// answer from its response schema. Nothing about a call is written at the call site but its values.
import type { AnswerOf, Endpoint, RequestOf } from '../../schemas/endpoint';
import type { Envelope } from '../../schemas/problems';
import { request, type RequestOptions } from './client';

type Options = Omit<RequestOptions, 'query' | 'body'>;
/** A call whose request declares nothing may leave it out. */
type Args<E extends Endpoint> = object extends RequestOf<E> ? [req?: RequestOf<E>, opts?: Options] : [req: RequestOf<E>, opts?: Options];

/** Where a call goes: all that must reach the browser of a declaration. */
type Address = Pick<Endpoint, 'method' | 'path'>;

/** The declared path with its `:name` parameters filled in. */
export function pathOf(e: Address, params?: Record<string, unknown>): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${e.path}: no value for ${name}`);
    return encodeURIComponent(String(value));
  });
}

function send<T>(e: Address, req: unknown, opts: Options | undefined): Promise<Envelope<T>> {
  const r = (req ?? {}) as { query?: RequestOptions['query']; body?: unknown; params?: Record<string, unknown> };
  const options: RequestOptions = { ...opts };
  if (r.query !== undefined) options.query = r.query;
  if (r.body !== undefined) options.body = r.body;
  return request<T>(e.method, pathOf(e, r.params), options);
}

/** The whole envelope of the call's success, for calls whose message matters (the server's success texts). */
export function callEnvelope<const E extends Endpoint>(e: E, ...[req, opts]: Args<E>): Promise<Envelope<AnswerOf<E>>> {
  return send<unknown>(e, req, opts) as Promise<Envelope<AnswerOf<E>>>;
}

/** The call's `data`; a refusal throws ApiError. */
export function call<const E extends Endpoint>(e: E, ...[req, opts]: Args<E>): Promise<AnswerOf<E>> {
  return send<unknown>(e, req, opts).then((env) => env.data) as Promise<AnswerOf<E>>;
}

/**
 * A call by its address alone, typed by its declaration (`callAt<typeof X_API.name>({ method, path })`,
 * a mismatch with the declared method or path is a compile error). For the code a survey link loads
 * before its form shows, which must not carry the declarations' schemas (build/size.ts).
 */
export function callAt<E extends Endpoint>(at: Pick<E, 'method' | 'path'>, ...[req, opts]: Args<E>): Promise<AnswerOf<E>> {
  return send<unknown>(at, req, opts).then((env) => env.data) as Promise<AnswerOf<E>>;
}

/** callAt's whole envelope. */
export function callEnvelopeAt<E extends Endpoint>(
  at: Pick<E, 'method' | 'path'>,
  ...[req, opts]: Args<E>
): Promise<Envelope<AnswerOf<E>>> {
  return send<unknown>(at, req, opts) as Promise<Envelope<AnswerOf<E>>>;
}
