// Which card form the billing screens show: the sandbox form by default; Stripe Elements when
// the server names Stripe as its provider with a publishable key. Stripe's servers cannot be reached from
// here, so the Stripe case is checked up to what can be seen without them: the server's answer is
// replaced (page.route) by Stripe mode, js.stripe.com is refused, and the page must ask for Stripe.js
// only then and say, translated, that the card form cannot load. Screenshots and axe at 1280 (English)
// and 360 px (German). The SetupIntent path (3-D Secure) runs against a stand-in for Stripe.js served in
// js.stripe.com's place: it answers confirmCardSetup the way Stripe.js documents (an error, or the
// SetupIntent with its payment method), so the page's side is checked; the server's side is
// tests/api/payment.stripe.test.ts.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, launch, newPage, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const STRIPE_JS = /^https:\/\/([a-z0-9-]+\.)*js\.stripe\.com\//;

/** The demo owner on /subscription-plans with 'Add payment method' open; every request to Stripe counted. */
async function cardDialog(page: Page, language: string): Promise<Request[]> {
  const toStripe: Request[] = [];
  page.on('request', (r) => {
    if (STRIPE_JS.test(r.url())) toStripe.push(r);
  });
  await page.context().addInitScript((lng) => localStorage.setItem('fs.language', lng), language);
  await signIn(page, 'organization@demo.test');
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await page.goto('/subscription-plans');
  await page.getByTestId('add-payment-method').click();
  return toStripe;
}

describe('the card form', () => {
  it('is the sandbox form on the embedded provider, and Stripe.js is never asked for', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    const toStripe = await cardDialog(page, 'en');
    await page.getByTestId('card-number').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('card-provider-unavailable').count()).toBe(0);
    expect(toStripe).toEqual([]);
    await context.close();
  });

  for (const [device, viewport, language, message] of [
    [
      'desktop',
      DESKTOP,
      'en',
      "The card form could not be loaded: the payment provider's page (Stripe) cannot be reached. Check your connection, or try again later.",
    ],
    [
      'phone',
      PHONE,
      'de',
      'Das Kartenformular konnte nicht geladen werden: Der Zahlungsanbieter (Stripe) ist nicht erreichbar. Prüfen Sie Ihre Verbindung oder versuchen Sie es später erneut.',
    ],
  ] as const) {
    it(`with Stripe configured, loads Stripe.js only then and says so when it cannot (${device}, ${language})`, async () => {
      const { context, page } = await newPage(browser, { viewport });
      await page.route('**/api/Payment/getPaymentConfig', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ isSuccess: true, message: '', errors: [], data: { provider: 'stripe', publishableKey: 'pk_test_local' } }),
        }),
      );
      await page.route(STRIPE_JS, (route) => route.abort('internetdisconnected'));
      const toStripe = await cardDialog(page, language);
      const unavailable = page.getByTestId('card-provider-unavailable');
      await unavailable.waitFor({ timeout: 30_000 });
      expect(await unavailable.getByRole('alert').textContent()).toBe(message);
      expect(await page.getByTestId('card-number').count()).toBe(0);
      expect(toStripe.length).toBeGreaterThan(0);
      await screenshot(page, `billing-stripe-unavailable-${device}`);
      await expectAccessible(page, `billing-stripe-unavailable-${device}`);

      // 'Try again' asks Stripe again (a failed load is not kept), and fails the same way here.
      const before = toStripe.length;
      await page.getByTestId('card-provider-retry').click();
      await expect.poll(() => toStripe.length).toBeGreaterThan(before);
      await unavailable.waitFor();
      await context.close();
    });
  }

  /**
   * Stands in for Stripe.js (docs.stripe.com/js): what @stripe/react-stripe-js calls on it, a card field
   * that is a plain input, and confirmCardSetup answering with window.__setupResult, its calls recorded.
   */
  const FAKE_STRIPE_JS = `
    window.Stripe = function () {
      let card = null;
      const elements = {
        create() {
          card = { mount(node) { const i = document.createElement('input'); i.setAttribute('aria-label', 'Card number'); node.appendChild(i); }, on() {}, off() {}, update() {}, destroy() {}, unmount() {} };
          return card;
        },
        getElement() { return card; },
        update() {},
      };
      const none = () => Promise.resolve({});
      return {
        elements: () => elements, createToken: none, createPaymentMethod: none, confirmCardPayment: none, _registerWrapper() {}, registerAppInfo() {},
        confirmCardSetup(clientSecret, data) {
          window.__setupCalls = (window.__setupCalls || []).concat([{ clientSecret, withCard: data.payment_method.card === card }]);
          return Promise.resolve(window.__setupResult);
        },
      };
    };
    window.Stripe.version = 3;`;

  for (const [device, viewport, language, code, message] of [
    [
      'desktop',
      DESKTOP,
      'en',
      'setup_intent_authentication_failure',
      'Your bank did not confirm the card (3-D Secure). Try again, or use another card.',
    ],
    ['phone', PHONE, 'de', 'card_declined', 'Ihre Karte wurde abgelehnt.'],
  ] as const) {
    it(`confirms a SetupIntent with the card, shows its error translated, and names the SetupIntent to the server (${device}, ${language})`, async () => {
      // The demo server runs the sandbox, whose Content-Security-Policy leaves js.stripe.com out (with
      // Stripe configured it lets it in: server/security/headers.ts); the stand-in is loaded past it.
      const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
      const page = await context.newPage();
      const envelope = (data: unknown) => ({
        contentType: 'application/json',
        body: JSON.stringify({ isSuccess: true, message: '', errors: [], data }),
      });
      await page.route('**/api/Payment/getPaymentConfig', (route) =>
        route.fulfill(envelope({ provider: 'stripe', publishableKey: 'pk_test_local' })),
      );
      await page.route(STRIPE_JS, (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }));
      await page.route('**/api/payment/stripe/createSetupIntent', (route) =>
        route.fulfill(envelope({ setupIntentId: 'seti_e2e', clientSecret: 'seti_e2e_secret_local' })),
      );
      const attached: URL[] = [];
      await page.route('**/api/Payment/addPaymentMethodToOrganization?*', (route) => {
        attached.push(new URL(route.request().url()));
        return route.fulfill(envelope({ last4: '3184', brand: 'visa' }));
      });
      await cardDialog(page, language);
      await page.getByTestId('card-save').waitFor({ timeout: 30_000 });

      // The bank's challenge failed, or the card was refused: Stripe.js's error, in the page's language.
      await page.evaluate(
        (c) =>
          ((window as unknown as { __setupResult: unknown }).__setupResult = {
            error: { type: 'card_error', code: c, message: 'Stripe English text' },
          }),
        code,
      );
      await page.getByTestId('card-save').click();
      await expect.poll(() => page.getByTestId('card-error').textContent()).toBe(message);
      expect(await page.evaluate(() => (window as unknown as { __setupCalls: unknown }).__setupCalls)).toEqual([
        { clientSecret: 'seti_e2e_secret_local', withCard: true },
      ]);
      expect(attached).toEqual([]);
      await screenshot(page, `billing-stripe-setup-error-${device}`);
      await expectAccessible(page, `billing-stripe-setup-error-${device}`);

      // Confirmed: the server is told the card and the SetupIntent it came from.
      await page.evaluate(
        () =>
          ((window as unknown as { __setupResult: unknown }).__setupResult = {
            setupIntent: { id: 'seti_e2e', status: 'succeeded', payment_method: 'pm_e2e' },
          }),
      );
      await page.getByTestId('card-save').click();
      await expect.poll(() => attached.length).toBe(1);
      expect(attached[0]!.searchParams.get('paymentMethodId')).toBe('pm_e2e');
      expect(attached[0]!.searchParams.get('setupIntentId')).toBe('seti_e2e');
      await context.close();
    });
  }
});
