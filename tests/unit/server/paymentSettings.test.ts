// The payment settings: Stripe's keys open the pages' policy to Stripe.js and its card fields,
// and only then; SANDBOX_CLOCK_DAYS moves the sandbox's billing clock and is refused beside Stripe.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { contentSecurityPolicy } from '../../../server/security/headers';

const base = { DATA_DIR: '/tmp/fieldsurvey-unit', JWT_SECRET: 'unit-secret-of-sufficient-length-0123456789' };
const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PRICES: '1:price_a:price_b',
};

describe('the content security policy and Stripe', () => {
  it('lets no Stripe script, frame or connection in on the sandbox', () => {
    const csp = contentSecurityPolicy(loadConfig(base));
    expect(JSON.stringify(csp)).not.toContain('stripe');
    // Our own origin only (the fill page's code cache frame, src/offline/codeCache.ts).
    expect(csp['frame-src']).toEqual(["'self'"]);
  });

  it('lets Stripe.js, its card frames and its API in with Stripe configured', () => {
    const csp = contentSecurityPolicy(loadConfig({ ...base, ...stripe }));
    expect(csp['script-src']).toContain('https://js.stripe.com');
    expect(csp['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
  });
});

describe('SANDBOX_CLOCK_DAYS', () => {
  it('is 0 by default, takes whole days, and is refused with Stripe', () => {
    expect(loadConfig(base).sandboxClockDays).toBe(0);
    expect(loadConfig({ ...base, SANDBOX_CLOCK_DAYS: '31' }).sandboxClockDays).toBe(31);
    expect(() => loadConfig({ ...base, SANDBOX_CLOCK_DAYS: '1.5' })).toThrow(/whole number of days/);
    expect(() => loadConfig({ ...base, ...stripe, SANDBOX_CLOCK_DAYS: '3' })).toThrow(/not with STRIPE_SECRET_KEY/);
  });
});
