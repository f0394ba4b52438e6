// Calls from a given client address, for the limits counted per address (sign-in, codes, resets).
import type { Envelope } from '../../schemas/problems';
import type { TestApp } from './app';

export async function callFrom<T = unknown>(
  t: TestApp,
  address: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown> }> {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: opts.headers ?? {},
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
