// Plans and billing in Chromium: /subscription-plans with a plan change, the card form, the
// cancellation and the invoice downloads read back (the PDF's text, the zip's files); /payment-plans
// with SuperAdmin's plan editor; /auth/payment's card form and plan steps. Screenshots at 1280 and
// 360 px of each screen (tests/e2e/screenshots/billing-*.png) and axe on each.
// Flows that change a subscription use Other Aid Organization's owner, so Demo Relief stays as the
// other browser tests expect it.
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdfText';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, launch, newPage, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  await expectAccessible(page, name);
}

async function openPlans(page: Page, email: string) {
  await signIn(page, email);
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await page.goto('/subscription-plans');
  await page.getByTestId('current-plan-name').waitFor({ timeout: 30_000 });
  await page.getByTestId('invoice-row').first().waitFor();
}

describe('billing screens', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows /subscription-plans and its dialogs at ${device} width`, async () => {
      const { context, page } = await newPage(browser, { viewport });
      await openPlans(page, 'organization@demo.test');
      expect(await page.getByTestId('card-summary').textContent()).toBe('Visa ending in 4242');
      expect(await page.getByTestId('next-payment').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(await page.getByTestId('current-plan').count()).toBe(1);
      expect(await page.getByTestId('plan-enterprise').textContent()).toContain('Contact us for a Custom Plan');
      await shot(page, `billing-subscription-plans-${device}`);
      await page.getByTestId('cancel-subscription').click();
      await page.getByTestId('cancel-dialog').waitFor();
      await page.getByTestId('cancel-confirm').click();
      await page.getByText('Please select an option').waitFor();
      await shot(page, `billing-cancel-dialog-${device}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('add-payment-method').click();
      await page.getByTestId('card-form').waitFor();
      await shot(page, `billing-card-dialog-${device}`);
      await page.keyboard.press('Escape');
      await context.close();
    });

    it(`shows the plans pages with SuperAdmin's editor and /auth/payment at ${device} width`, async () => {
      const { context, page } = await newPage(browser, { viewport });
      await signIn(page, 'superadmin@demo.test');
      await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
      await page.goto('/admin-payment-plans');
      await page.getByTestId('plan-row').first().waitFor();
      await shot(page, `billing-admin-payment-plans-${device}`);
      await page.getByTestId('edit-plan-1').click();
      await page.getByTestId('edit-plan-dialog').waitFor();
      await shot(page, `billing-edit-plan-${device}`);
      await page.keyboard.press('Escape');
      await context.close();

      // /auth/payment as a refused sign-in leaves it: first the card form, then the plan steps.
      const anonymous = await newPage(browser, { viewport });
      await anonymous.page.goto('/auth/login');
      const p = anonymous.page;
      await p.evaluate(() =>
        sessionStorage.setItem(
          'fs.payment',
          JSON.stringify({ organizationId: '00000000-0000-4000-8000-000000000000', addPayment: true, notPaid: false, token: null }),
        ),
      );
      await p.goto('/auth/payment');
      await p.getByTestId('card-form').waitFor();
      await shot(p, `billing-auth-payment-card-${device}`);
      await p.evaluate(() =>
        sessionStorage.setItem(
          'fs.payment',
          JSON.stringify({ organizationId: '00000000-0000-4000-8000-000000000000', addPayment: false, notPaid: false, token: null }),
        ),
      );
      await p.reload();
      await p.getByTestId('plan-Standard').click();
      await shot(p, `billing-auth-payment-plans-${device}`);
      await p.getByTestId('plan-continue').click();
      await p.getByTestId('pay-now').waitFor();
      // Billed annually by default: 12 times the annual per-month price.
      expect(await p.getByTestId('review-total').textContent()).toMatch(/^\$\d+$/);
      await shot(p, `billing-auth-payment-review-${device}`);
      await anonymous.context.close();
    });
  }

  it('sends /auth/payment without the stored flag or organization to the login page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth/payment');
    await page.waitForURL('**/auth/login');
    await context.close();
  });
});

describe('billing flows', () => {
  it('changes the plan immediately, adds a card, downloads an invoice PDF and Invoices.zip and cancels', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await openPlans(page, 'other@demo.test');
    const before = await page.getByTestId('current-plan-name').textContent();
    // Monthly billing, a plan other than the current one, applied now.
    await page.getByTestId('billing-toggle').getByText('Billed monthly').click();
    const target = before === 'Starter' ? 'plan-Premium' : 'plan-Standard';
    await page.getByTestId(target).getByRole('button', { name: 'Choose this plan' }).click();
    await page.getByTestId('choose-plan-dialog').waitFor();
    await page.getByTestId('choose-now').click();
    await page.getByTestId('choose-continue').click();
    await page.getByText('Your plan has been updated.').waitFor();
    await expect.poll(() => page.getByTestId('current-plan-price').textContent()).toContain('Billed monthly');
    expect(await page.evaluate(() => localStorage.getItem('isYearly'))).toBe('false');
    await expect.poll(() => page.getByTestId(target).getByTestId('current-plan').count()).toBe(1);

    await page.getByTestId('add-payment-method').click();
    await page.getByTestId('card-number').fill('4000 0000 0000 0002');
    await page.getByTestId('card-expiry').fill('12/34');
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('card-save').click();
    await expect.poll(() => page.getByTestId('card-error').textContent()).toBe('Your card was declined.');
    await page.getByTestId('card-number').fill('5555 5555 5555 4444');
    await page.getByTestId('card-save').click();
    await expect.poll(() => page.getByTestId('card-summary').textContent()).toBe('Mastercard ending in 4444');

    // Search without debounce: the first invoice's name alone.
    await page.getByTestId('invoice-search').fill('Invoice-0001');
    await expect.poll(() => page.getByTestId('invoice-row').count()).toBe(1);
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-download').click()]);
    expect(pdf.suggestedFilename()).toBe('Invoice-0001.pdf');
    const text = pdfText(readFileSync((await pdf.path())!));
    expect(text).toContain('Other Aid Organization');
    expect(text).toContain('Paid');
    await page.getByTestId('invoice-search').fill('');
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-all').click()]);
    expect(zip.suggestedFilename()).toBe('Invoices.zip');
    const archive = await JSZip.loadAsync(readFileSync((await zip.path())!));
    const names = Object.keys(archive.files);
    expect(names).toContain('Invoice-0001.pdf');
    expect(names.length).toBeGreaterThanOrEqual(6);
    expect(pdfText(await archive.file('Invoice-0001.pdf')!.async('uint8array'))).toContain('Other Aid Organization');
    await page.getByText('Invoices downloaded successfully!').waitFor();

    await page.getByTestId('cancel-subscription').click();
    await page.getByTestId('cancel-reason-4').click();
    await page.getByTestId('cancel-confirm').click();
    await page.getByText('Please type something here').waitFor();
    await page.getByTestId('cancel-custom').fill('We are merging with another organization.');
    await page.getByTestId('cancel-confirm').click();
    await page.getByText('Subscription successfully cancelled.').waitFor();
    await page.getByTestId('cancel-pending').waitFor();
    expect(await page.getByTestId('cancel-subscription').count()).toBe(0);
    await screenshot(page, 'billing-after-cancel-desktop');
    await context.close();
  });
});
