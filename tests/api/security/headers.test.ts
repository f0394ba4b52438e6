// Security headers (docs/decisions/0021-security-headers.md): helmet's headers and our Content-Security-Policy on the API,
// on the front end's document and its assets; HSTS only when the product is reached over https.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app';
import { createSpaApp, type SpaApp } from '../../support/spa';

let t: TestApp;
let spa: SpaApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // A stand-in for the built front end: the headers do not depend on what the files say.
  spa = await createSpaApp(
    t,
    {
      'index.html': '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>',
      'assets/index.js': 'console.log(1)',
      'assets/index.css': 'body{margin:0}',
      'assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    },
    { publicUrl: 'https://survey.example.org' },
  );
});
afterAll(async () => {
  await spa.close();
  await t.close();
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
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
  it.each(['/', '/public-survey/4f6c1a7e-0000-4000-8000-000000000000', '/survey/fill/1', '/dashboard'])(
    '%s: the document may use location and camera, from itself only',
    async (url) => {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectCommonHeaders(res.headers);
      expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
      expect(res.headers['permissions-policy']).toContain('camera=(self)');
      expect(res.headers['permissions-policy']).toContain('microphone=()');
    },
  );

  it.each(['/assets/index.js', '/assets/index.css'])('%s: what a subresource reads, without the document-only headers', async (url) => {
    const res = await spa.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy'])
      expect(res.headers[name]).toBeUndefined();
  });

  it('an SVG keeps every header: opened by itself it is a document', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/assets/logo.svg' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
  });

  it('a missing asset is an error in the envelope with every header', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/assets/nothing.js' });
    expect(res.statusCode).toBe(404);
    expectCommonHeaders(res.headers);
  });

  it('HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(directives(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests')).toBe(true);
  });
});
