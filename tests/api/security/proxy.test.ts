// Behind a reverse proxy on the same host every request arrives from 127.0.0.1. The development mailbox
// (everyone's confirmation and reset codes) answered 'requests from this machine' by that address, so a
// proxied deployment without SMTP showed any visitor any account's reset code. And per-address limits
// would count every visitor as the proxy unless TRUST_PROXY names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint } from '../../../schemas/endpoint';
import { buildApp, type App } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { routeOf } from '../../../server/route';
import { createTestApp, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function appWith(env: Record<string, string>): Promise<App> {
  const config = {
    ...loadConfig({
      DATA_DIR: '/tmp/fieldsurvey-test',
      JWT_SECRET: 'test-secret-of-sufficient-length-0123456789',
      BOT_CHECK: 'off',
      ...env,
    }),
  };
  return buildApp({ ...t.app.deps, config });
}

describe('the development mailbox behind a proxy', () => {
  it('answers a request made on this machine', async () => {
    const app = await appWith({ DEV_MAILBOX: 'auto' });
    const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    await app.close();
  });

  it.each(['x-forwarded-for', 'forwarded', 'x-real-ip'])(
    'is not found for a request relayed with %s, even from 127.0.0.1',
    async (header) => {
      const app = await appWith({ DEV_MAILBOX: 'auto' });
      const res = await app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().isSuccess).toBe(false);
      await app.close();
    },
  );
});

/** A route that answers the address the app believes the request came from. */
const ipCall = endpoint({
  method: 'GET',
  path: '/api/__ip',
  access: 'public',
  answer: { type: 'object', required: ['ip'], properties: { ip: { type: 'string' } } },
});

describe('TRUST_PROXY', () => {
  it('off: the forwarded address is not believed', async () => {
    const app = await appWith({});
    app.route({ ...routeOf(ipCall), handler: async (req) => ({ isSuccess: true, data: { ip: req.ip }, message: '', errors: [] }) });
    const res = await app.inject({
      method: 'GET',
      url: '/api/__ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.json().data.ip).toBe('127.0.0.1');
    await app.close();
  });

  it('loopback: a local proxy passes the visitor address on', async () => {
    const app = await appWith({ TRUST_PROXY: 'loopback' });
    app.route({ ...routeOf(ipCall), handler: async (req) => ({ isSuccess: true, data: { ip: req.ip }, message: '', errors: [] }) });
    const res = await app.inject({
      method: 'GET',
      url: '/api/__ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.json().data.ip).toBe('203.0.113.9');
    await app.close();
  });

  it('refuses a value it cannot read', () => {
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/fieldsurvey-test', JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: 'everyone; drop table' }),
    ).toThrow(/TRUST_PROXY/);
  });
});
