// The API contract: every route is registered from its declaration in schemas/ (schemas/endpoint.ts),
// declares its answer next to its request, and answers only what it declares. The last part is checked on
// every call of the API suite (server/responseCheck.ts, on in tests/support/app.ts); this file checks
// the declarations and the check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint } from '../../schemas/endpoint';
import { buildApp } from '../../server/app';
import { routeOf } from '../../server/route';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const declared = (path: string, answer: object) => endpoint({ method: 'GET', path, access: 'public', answer });
const withId = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

describe('the API contract', () => {
  it('declares a response schema on every route', () => {
    const without = t.app.apiRoutes.filter((r) => !r.schema?.response).map((r) => `${r.method} ${r.url}`);
    expect(without).toEqual([]);
  });

  it('refuses to start with a route that is not registered from a declaration', async () => {
    const app = await buildApp({ ...t.app.deps, checkResponses: true });
    expect(() =>
      app.get('/api/undeclared', { config: { access: 'public' } }, async () => ({ isSuccess: true, data: null, message: '', errors: [] })),
    ).toThrow(/not registered from a declaration/);
    await app.close();
  });

  it('refuses an answer with a field its schema does not name, and one that lacks a required field', async () => {
    const app = await buildApp({ ...t.app.deps, checkResponses: true });
    app.route({
      ...routeOf(declared('/api/extra', withId)),
      handler: async () => ({ isSuccess: true, data: { id: 'a', secret: 'b' }, message: '', errors: [] }),
    });
    app.route({
      ...routeOf(declared('/api/lacking', withId)),
      handler: async () => ({ isSuccess: true, data: {}, message: '', errors: [] }) as never,
    });
    app.route({
      ...routeOf(declared('/api/exact', withId)),
      handler: async () => ({ isSuccess: true, data: { id: 'a' }, message: '', errors: [] }),
    });
    expect((await app.inject({ method: 'GET', url: '/api/extra' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/lacking' })).statusCode).toBe(500);
    const exact = await app.inject({ method: 'GET', url: '/api/exact' });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toEqual({ isSuccess: true, data: { id: 'a' }, message: '', errors: [] });
    await app.close();
  });

  it('sends only the declared fields without the check, as production does', async () => {
    const app = await buildApp({ ...t.app.deps, checkResponses: false });
    app.route({
      ...routeOf(declared('/api/extra', { type: 'object', properties: { id: { type: 'string' } } })),
      handler: async () => ({ isSuccess: true, data: { id: 'a', secret: 'b' }, message: '', errors: [] }),
    });
    const res = await app.inject({ method: 'GET', url: '/api/extra' });
    expect(res.json()).toEqual({ isSuccess: true, data: { id: 'a' }, message: '', errors: [] });
    await app.close();
  });

  it('carries the problem code beside the message on a refusal', async () => {
    const res = await t.call('GET', '/api/Workspaces/getMyWorkspaces');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ isSuccess: false, code: 'unauthorized' });
  });
});
