// Security headers (issue 12, finding 10): helmet's headers and our Content-Security-Policy on the API,
// on the front end's document and its assets; HSTS only when the product is reached over https.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createBotCheck } from '../../../server/plugins/botCheck';
import { createMailer } from '../../../server/plugins/mail';
import { createTestApp, type TestApp } from '../../support/app';

let t: TestApp;
let spa: App;
let webRoot: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // A stand-in for the built front end: the headers do not depend on what the files say.
  webRoot = mkdtempSync(join(tmpdir(), 'fieldsurvey-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>');
  writeFileSync(join(webRoot, 'assets', 'index.js'), 'console.log(1)');
  const config = { ...loadConfig({ DATA_DIR: '/tmp/fieldsurvey-test', JWT_SECRET: 'x'.repeat(40), BOT_CHECK: 'off' }), publicUrl: 'https://survey.example.org' };
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  spa = await buildApp({ config, database: t.database, mailer: createMailer({ db: t.db, smtpUrl: undefined, from: config.mailFrom, log: quiet }), botCheck: createBotCheck({ mode: 'off', hmacKey: 'k', recaptchaSecret: '', db: t.db }), webRoot });
  await spa.ready();
});
afterAll(async () => {
  await spa.close();
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));
}

function expectCommonHeaders(h: Record<string, unknown>): void {
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['referrer-policy']).toBe('no-referrer');
  expect(h['cross-origin-opener-policy']).toBe('same-origin');
  const csp = directives(String(h['content-security-policy']));
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  // No inline scripts anywhere; styles inline for emotion (Chakra).
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('style-src')).toContain("'unsafe-inline'");
  // The ALTCHA worker (blob:) and the service worker ('self').
  expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
}

describe('an API reply', () => {
  it('carries the security headers and allows no device features', async () => {
    const { res } = await t.call('GET', '/api/Languages/getAll');
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('an error in the envelope too', async () => {
    const { res, body } = await t.call('GET', '/api/No/such/route');
    expect(body.isSuccess).toBe(false);
    expectCommonHeaders(res.headers);
  });

  it('no HSTS over plain http', async () => {
    const { res } = await t.call('GET', '/api/Languages/getAll');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the front end', () => {
  it.each(['/', '/public-survey/4f6c1a7e-0000-4000-8000-000000000000', '/survey/fill/1', '/dashboard'])('%s: the document may use location and camera, from itself only', async (url) => {
    const res = await spa.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(res.headers);
    expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
    expect(res.headers['permissions-policy']).toContain('microphone=()');
  });

  it('an asset', async () => {
    const res = await spa.inject({ method: 'GET', url: '/assets/index.js' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
  });

  it('HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const res = await spa.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(directives(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests')).toBe(true);
  });
});
