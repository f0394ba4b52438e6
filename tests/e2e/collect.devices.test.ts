// ODK Collect devices on Survey Tools: a project manager adds a device, sees the QR code of Collect's
// settings and the server address once, finds the device in the list and revokes it; the address then
// refuses the device. Axe over the dialog at desktop width in English and at phone width in Arabic
// (mirrored); screenshots in tests/e2e/screenshots/collect-devices-*.png, to be looked at.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { DEMO_PASSWORD } from '../../fixtures/index';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['en', DESKTOP],
  ['ar', PHONE],
] as const)('devices in %s at %o', (lang, viewport) => {
  it('adds a device with its QR code, lists it and revokes it', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl() });
    await context.addInitScript((l) => localStorage.setItem('fs.language', l), lang);
    const page = await context.newPage();
    const name = `collect-devices-${lang}-${viewport.width < 500 ? 'phone' : 'desktop'}`;
    const device = `Tablet ${lang} ${Math.random().toString(36).slice(2, 6)}`;
    try {
      await signIn(page, 'manager@demo.test');
      await page.waitForURL('**/workspace', { timeout: 30_000 });
      await chooseProject(page, DEMO_SURVEY_PROJECT);
      await page.goto('/survey/survey-tools');
      await page.getByTestId('collect-devices-open').click();
      const dialog = page.getByTestId('collect-devices');
      await dialog.waitFor();
      expect((await page.locator('html').getAttribute('dir')) ?? 'ltr').toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await dialog.getByTestId('collect-name').fill(device);
      await dialog.getByTestId('collect-create').click();
      const created = dialog.getByTestId('collect-created');
      await created.locator('svg[role="img"]').waitFor();
      const address = await created.locator('input').inputValue();
      expect(address).toMatch(/\/openrosa\/key\/fso_[A-Za-z0-9_-]{43}$/);
      await dialog.getByTestId('collect-list').getByText(device).waitFor();
      await screenshot(page, `${name}-created`);
      await expectAccessible(page, `${name} created`);

      // The address is what Collect is set to: its Form List answers until the device is revoked.
      const formList = `${new URL(address).pathname}/formList`;
      expect((await page.request.get(formList)).status()).toBe(200);
      await dialog.getByRole('row').filter({ hasText: device }).getByRole('button').click();
      await dialog.getByRole('row').filter({ hasText: device }).locator('.chakra-badge').waitFor();
      expect((await page.request.get(formList)).status()).toBe(401);
      await screenshot(page, `${name}-revoked`);
      await expectAccessible(page, `${name} revoked`);

      // A member's own account: the project's address, which challenges for the e-mail and password
      // and answers the manager's with the Form List.
      const accounts = await dialog.getByTestId('collect-accounts').locator('input').inputValue();
      expect(accounts).toMatch(/\/openrosa\/projects\/[0-9a-f-]{36}$/);
      const members = `${new URL(accounts).pathname}/formList`;
      const challenged = await page.request.get(members);
      expect(challenged.status()).toBe(401);
      expect(challenged.headers()['www-authenticate']).toContain('Basic');
      const basic = `Basic ${Buffer.from(`manager@demo.test:${DEMO_PASSWORD}`).toString('base64')}`;
      expect((await page.request.get(members, { headers: { authorization: basic } })).status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
