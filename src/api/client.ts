// The one way the browser talks to the API: bearer token and organization header on every call, the
// envelope unwrapped (isSuccess false is a failure), and on a 401 one refresh of the session and one
// retry; when the refresh fails the user is signed out.
import type { ACCOUNT_API } from '../../schemas/account';
import type { AnswerOf } from '../../schemas/endpoint';
import { isProblemCode, type Envelope, type ProblemCode } from '../../schemas/problems';
import { clearSession, session } from '../state/session';

/**
 * The session refresh, which every page ships: written here without the declaration's schemas, and
 * held to the declaration (schemas/account.ts) by the compiler.
 */
const REFRESH = { method: 'POST', path: '/Account/refreshToken' } as const satisfies Pick<
  typeof ACCOUNT_API.refreshToken,
  'method' | 'path'
>;

export const DEFAULT_TIMEOUT_MS = 60_000;
export const SUBMIT_TIMEOUT_MS = 120_000;

export type ApiErrorKind = 'network' | 'timeout' | 'http';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly errors: string[];
  readonly data: unknown;
  /** The refusal's stable problem code, from the envelope; screens tell refusals apart by it, never by the message. */
  readonly code: ProblemCode | undefined;

  constructor(kind: ApiErrorKind, status: number, message: string, errors: string[] = [], data: unknown = null, code?: unknown) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.errors = errors;
    this.data = data;
    this.code = isProblemCode(code) ? code : undefined;
  }

  /** The server's errors joined for a toast, or the message. */
  get joined(): string {
    return this.errors.length ? this.errors.join(', ') : this.message;
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Calls that must not trigger a refresh (sign-in, the refresh itself). */
  noRefresh?: boolean;
}

let onSignedOut: (() => void) | undefined;
/** The router registers where a failed refresh leads (the login page). */
export function setSignedOutHandler(fn: () => void): void {
  onSignedOut = fn;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = path.startsWith('/api') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...(opts.headers ?? {}) };
  if (session.token && !headers.authorization) headers.authorization = `Bearer ${session.token}`;
  if (session.organizationId && !headers['organization-id']) headers['organization-id'] = session.organizationId;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  try {
    return await fetch(buildUrl(path, opts.query), { method, headers, body: body ?? null, signal });
  } catch (err) {
    if (timeout.signal.aborted) throw new ApiError('timeout', 0, 'Check your internet connection');
    if (opts.signal?.aborted) throw err;
    throw new ApiError('network', 0, 'Check your internet connection');
  } finally {
    clearTimeout(timer);
  }
}

// One refresh at a time: concurrent 401s wait for the same attempt.
let refreshing: Promise<boolean> | undefined;

export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = session.refreshToken;
    if (!refreshToken) return false;
    try {
      const res = await send(REFRESH.method, REFRESH.path, {
        body: { token: session.token ?? undefined, refreshToken },
        noRefresh: true,
        headers: { authorization: '' },
      });
      if (!res.ok) return false;
      const env = (await res.json()) as Envelope<AnswerOf<typeof ACCOUNT_API.refreshToken>>;
      if (!env.isSuccess) return false;
      session.token = env.data.token;
      session.refreshToken = env.data.refreshToken;
      session.tokenExpire = env.data.tokenExpire;
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

async function parse<T>(res: Response): Promise<Envelope<T>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return { isSuccess: false, data: null as T, message: 'Something went wrong! Please try again later.', errors: [] };
  }
}

/** Calls the API and answers the envelope of a success; throws ApiError otherwise. */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  let res = await send(method, path, opts);
  if (res.status === 401 && !opts.noRefresh && session.refreshToken) {
    if (await refreshSession()) res = await send(method, path, opts);
    else {
      clearSession();
      onSignedOut?.();
    }
  }
  const env = await parse<T>(res);
  if (!res.ok || !env.isSuccess) {
    throw new ApiError(
      'http',
      res.status,
      env.message || 'Something went wrong! Please try again later.',
      env.errors ?? [],
      env.data,
      env.code,
    );
  }
  return env;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts).then((e) => e.data),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }).then((e) => e.data),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }).then((e) => e.data),
  delete: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', path, { ...opts, body }).then((e) => e.data),
  /** The whole envelope, for calls whose message matters (success texts from the server). */
  envelope: request,
};
