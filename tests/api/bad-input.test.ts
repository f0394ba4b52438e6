// Every route of the app, fed malformed input: missing fields, wrong types, 1 MB strings, invalid JSON.
// Each must answer a 4xx in the envelope (400 for the shape, naming the field), never a 500. The routes
// come from the app itself, so a route added later is covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../server/app';
import { createTestApp, type Session, type TestApp } from '../support/app';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('organization@demo.test');
});
afterAll(() => t.close());

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

const MEGABYTE_STRING = 'x'.repeat(1024 * 1024);
const UUID = '00000000-0000-4000-8000-000000000000';

/** A value of the wrong type for a schema. */
function wrongType(s: JsonSchema | undefined): unknown {
  const type = [s?.type ?? 'string'].flat()[0];
  return type === 'string' ? { nested: true } : type === 'object' ? 'not an object' : type === 'array' ? 42 : 'not a number';
}

function bodyCases(schema: JsonSchema): [string, unknown][] {
  const cases: [string, unknown][] = [
    ['an empty object', {}],
    ['an array', [1, 2]],
    ['a bare string', 'hello'],
  ];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    cases.push([`${name} of the wrong type`, { [name]: wrongType(prop) }]);
    if ([prop.type].flat().includes('string')) cases.push([`${name} of 1 MB`, { [name]: MEGABYTE_STRING }]);
  }
  return cases;
}

function concretePath(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? UUID : 'x'));
}

function routes(): RouteInfo[] {
  return t.app.apiRoutes.filter((r) => !r.url.startsWith('/api/dev/'));
}

function expectRefusal(status: number, body: { isSuccess: boolean; errors: string[] }, what: string) {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
  expect(body.isSuccess, what).toBe(false);
  expect(Array.isArray(body.errors), what).toBe(true);
}

describe('malformed input to every route', () => {
  it('covers the routes of the foundation at least', () => {
    const urls = routes().map((r) => r.url.toLowerCase());
    for (const u of ['/api/account/login', '/api/account/register', '/api/account/refreshtoken', '/api/account/resetpassword'])
      expect(urls).toContain(u);
  });

  it('answers malformed JSON bodies with 400 naming the field, never 500', async () => {
    for (const r of routes().filter((x) => x.schema?.body)) {
      for (const [label, body] of bodyCases(r.schema!.body as JsonSchema)) {
        const res = await t.call(r.method, concretePath(r.url), { session: admin, body });
        const what = `${r.method} ${r.url} with ${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        expectRefusal(res.status, res.body, what);
        if (res.status === 400) expect(res.body.errors.length, what).toBeGreaterThan(0);
      }
    }
  });

  it('answers invalid JSON with 400', async () => {
    for (const r of routes().filter((x) => x.method !== 'GET' && x.method !== 'DELETE')) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: concretePath(r.url),
        headers: { authorization: `Bearer ${admin.token}`, 'organization-id': admin.organizationId, 'content-type': 'application/json' },
        payload: '{"email": "unterminated',
      });
      const what = `${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, what).toBeLessThan(500);
      expect(res.json().isSuccess, what).toBe(false);
    }
  });

  it('answers malformed query strings in the envelope, never with a 500', async () => {
    for (const r of routes().filter((x) => x.schema?.querystring)) {
      const props = Object.keys((r.schema!.querystring as JsonSchema).properties ?? {});
      const query = Object.fromEntries(props.map((p) => [p, p.toLowerCase().endsWith('id') ? 'not-an-id' : '%%%'.repeat(5)]));
      const qs = new URLSearchParams(query).toString();
      const res = await t.call(r.method, `${concretePath(r.url)}?${qs}`, { session: admin });
      // Some calls rightly accept any text (resending a code answers alike for every address).
      const what = `${r.method} ${r.url}?${qs}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      expect(res.status, what).toBeLessThan(500);
      expect(typeof res.body.isSuccess, what).toBe('boolean');
    }
  });

  it('names the field in the product words', async () => {
    const res = await t.call('POST', '/api/Account/login', { body: { password: 'x', email: 'y'.repeat(300) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('One or more validation errors occurred.');
    expect(res.body.errors).toContain("'email' must be at most 254 characters");
    const missing = await t.call('POST', '/api/Account/login', { body: {} });
    expect(missing.body.errors).toEqual(expect.arrayContaining(["'email' is required", "'password' is required"]));
  });
});
