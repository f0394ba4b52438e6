// The billing screens in the Arabic interface, right to left: each screen shown carries
// <html lang="ar" dir="rtl">, nothing runs off the page, the card numbers stay left to right, and axe
// finds nothing critical or serious. Screenshots at 1280 and 360 px
// (tests/e2e/screenshots/billing-rtl-*.png), every billing screen: /subscription-plans with its card and
// cancel dialogs, /payment-plans, /admin-payment-plans with the editor, /auth/payment's card form and
// plans, /subscription/stripe.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, launch, newPage, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A tab whose interface language is Arabic from its first page on (as a user's choice kept on the device). */
async function rtlPage(viewport: { width: number; height: number }) {
  const tab = await newPage(browser, { viewport });
  await tab.context.addInitScript(() => localStorage.setItem('fs.language', 'ar'));
  return tab;
}

/** Checks the shown screen, in Arabic and right to left. */
async function look(page: Page, name: string) {
  expect(
    await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })),
    `${name} <html lang dir>`,
  ).toEqual({ lang: 'ar', dir: 'rtl' });
  // Nothing wider than the window (a mirrored layout pushing content off the left edge).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    `${name} overflows`,
  ).toBeLessThanOrEqual(0);
  await screenshot(page, name);
  await expectAccessible(page, name);
}

const PAYMENT_STATE = (addPayment: boolean) =>
  JSON.stringify({ organizationId: '00000000-0000-4000-8000-000000000000', addPayment, notPaid: false, token: null });

describe('billing screens right to left', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`mirrors /subscription-plans and its dialogs at ${device} width`, async () => {
      const { context, page } = await rtlPage(viewport);
      await signIn(page, 'organization@demo.test');
      await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
      await page.goto('/subscription-plans');
      await page.getByTestId('invoice-row').first().waitFor({ timeout: 30_000 });
      await look(page, `billing-rtl-subscription-plans-${device}`);
      await page.getByTestId('add-payment-method').click();
      await page.getByTestId('card-number').waitFor();
      expect(await page.getByTestId('card-number').evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
      await look(page, `billing-rtl-card-dialog-${device}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('cancel-subscription').click();
      await page.getByTestId('cancel-dialog').waitFor();
      await look(page, `billing-rtl-cancel-dialog-${device}`);
      await page.keyboard.press('Escape');
      await page.goto('/payment-plans');
      await page.getByTestId('plan-row').first().waitFor({ timeout: 30_000 });
      await look(page, `billing-rtl-payment-plans-${device}`);
      await context.close();
    });

    it(`mirrors /admin-payment-plans, /auth/payment and /subscription/stripe at ${device} width`, async () => {
      const admin = await rtlPage(viewport);
      await signIn(admin.page, 'superadmin@demo.test');
      await admin.page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
      await admin.page.goto('/admin-payment-plans');
      await admin.page.getByTestId('plan-row').first().waitFor({ timeout: 30_000 });
      await look(admin.page, `billing-rtl-admin-payment-plans-${device}`);
      await admin.page.getByTestId('edit-plan-1').click();
      await admin.page.getByTestId('edit-plan-dialog').waitFor();
      await look(admin.page, `billing-rtl-edit-plan-${device}`);
      await admin.context.close();

      const { context, page } = await rtlPage(viewport);
      await page.goto('/auth/login');
      await page.evaluate((s) => sessionStorage.setItem('fs.payment', s), PAYMENT_STATE(true));
      await page.goto('/auth/payment');
      await page.getByTestId('card-form').waitFor({ timeout: 30_000 });
      await look(page, `billing-rtl-auth-payment-card-${device}`);
      await page.evaluate((s) => sessionStorage.setItem('fs.payment', s), PAYMENT_STATE(false));
      await page.reload();
      await page.getByTestId('plan-Standard').click();
      await look(page, `billing-rtl-auth-payment-plans-${device}`);
      await page.getByTestId('plan-continue').click();
      await page.getByTestId('pay-now').waitFor();
      await look(page, `billing-rtl-auth-payment-review-${device}`);
      await page.evaluate((s) => sessionStorage.setItem('fs.payment', s), PAYMENT_STATE(true));
      await page.goto('/subscription/stripe');
      await page.getByTestId('card-form').waitFor({ timeout: 30_000 });
      await look(page, `billing-rtl-subscription-stripe-${device}`);
      await context.close();
    });
  }
});
