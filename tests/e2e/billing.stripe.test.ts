// Which card form the billing screens show (issue 19): the sandbox form by default; Stripe Elements when
// the server names Stripe as its provider with a publishable key. Stripe's servers cannot be reached from
// here, so the Stripe case is checked up to what can be seen without them: the server's answer is
// replaced (page.route) by Stripe mode, js.stripe.com is refused, and the page must ask for Stripe.js
// only then and say, translated, that the card form cannot load. Screenshots and axe at 1280 (English)
// and 360 px (German).
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, launch, newPage, screenshot, signIn } from './browser';

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
    ['desktop', DESKTOP, 'en', "The card form could not be loaded: the payment provider's page (Stripe) cannot be reached. Check your connection, or try again later."],
    ['phone', PHONE, 'de', 'Das Kartenformular konnte nicht geladen werden: Der Zahlungsanbieter (Stripe) ist nicht erreichbar. Prüfen Sie Ihre Verbindung oder versuchen Sie es später erneut.'],
  ] as const) {
    it(`with Stripe configured, loads Stripe.js only then and says so when it cannot (${device}, ${language})`, async () => {
      const { context, page } = await newPage(browser, { viewport });
      await page.route('**/api/Payment/getPaymentConfig', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ isSuccess: true, message: '', errors: [], data: { provider: 'stripe', publishableKey: 'pk_test_local' } }) }),
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
});
