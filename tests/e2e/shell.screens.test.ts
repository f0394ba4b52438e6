// The foundation's screens as users see them: login, registration, organizations and the shell, at
// desktop and phone width, in English and other interface languages. The screenshots are looked at.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, chooseLanguage, launch, navigate, newPage, signIn } from './browser';
import { look } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the language switcher', () => {
  it('turns the login page German, and the choice survives a reload', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth/login');
    await chooseLanguage(page, 'Deutsch');
    await expect.poll(() => page.getByTestId('login-submit').textContent()).not.toBe('Log in');
    const german = await page.getByTestId('login-submit').textContent();
    await page.reload();
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toBe(german);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await look(page, 'login-de-desktop');
    await context.close();
  });
});

describe('screens', () => {
  const shots: [lang: string, label: string, viewport: { width: number; height: number }][] = [
    ['en', 'English', DESKTOP],
    ['en', 'English', PHONE],
    ['de', 'Deutsch', PHONE],
    ['ja', '日本語', DESKTOP],
    ['ja', '日本語', PHONE],
  ];

  it.each(shots)('login and registration in %s at %o', async (lang, label, viewport) => {
    const { context, page } = await newPage(browser, { viewport });
    await page.goto('/auth/login');
    if (lang !== 'en') await chooseLanguage(page, label);
    await page.getByTestId('login-submit').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    const size = viewport.width < 500 ? 'phone' : 'desktop';
    await look(page, `login-${lang}-${size}`);
    await navigate(page, '/auth/registration');
    await page.getByTestId('register-submit').waitFor();
    await page.getByTestId('register-submit').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await look(page, `registration-${lang}-${size}`);
    await context.close();
  });

  it('the admin shell, sidebar and legal pop-up in German', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth/login');
    await chooseLanguage(page, 'Deutsch');
    await signIn(page, 'organization@demo.test');
    await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
    await page.getByRole('navigation').first().waitFor();
    await look(page, 'shell-admin-de-desktop');
    await page.getByRole('button', { name: 'Datenschutzerklärung' }).first().click();
    await page.getByTestId('legal-dialog').waitFor();
    const body = page.getByTestId('legal-body-privacy');
    const box = await body.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(450);
    await look(page, 'legal-privacy-de');
    await context.close();
  });

  it('the legal pop-up in English: three tabs, the date, Got it!', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Terms of service' }).click();
    await page.getByTestId('legal-dialog').waitFor();
    for (const tab of ['Terms of service', 'Privacy policy', 'Cookie policy'])
      expect(await page.getByRole('tab', { name: tab }).count()).toBe(1);
    expect(await page.getByText('Last updated March 4, 2024').count()).toBe(1);
    await look(page, 'legal-terms-en');
    await page.getByRole('button', { name: 'Got it!' }).click();
    await page.getByTestId('legal-dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it('the shell on a phone: the menu opens as a drawer', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
    await look(page, 'shell-admin-en-phone');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').waitFor();
    await look(page, 'shell-admin-en-phone-menu');
    await context.close();
  });

  it('organizations in Japanese on a phone', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/auth/login');
    await chooseLanguage(page, '日本語');
    await signIn(page, 'multi@demo.test');
    await page.waitForURL('**/organizations', { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('organization-card').count()).toBe(2);
    await look(page, 'organizations-ja-phone');
    await context.close();
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the pages around the product at %s width', (size, viewport) => {
  it('404, unauthorized, server error, coming soon and the password reset request, empty and refused', async () => {
    const { context, page } = await newPage(browser, { viewport });
    for (const [path, testId] of [
      ['/404', 'page-404'],
      ['/unauthorized', null],
      ['/500', null],
      ['/coming-soon', null],
    ] as const) {
      await navigate(page, path);
      if (testId) await page.getByTestId(testId).waitFor();
      else await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await look(page, `message${path.replaceAll('/', '-')}-${size}`);
    }
    await navigate(page, '/auth/forgot-password');
    await page.getByTestId('forgot-send').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await look(page, `forgot-password-empty-${size}`);
    await page.getByTestId('forgot-email').fill('not-an-address');
    await page.getByTestId('forgot-send').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await look(page, `forgot-password-error-${size}`);
    await context.close();
  });

  it('the legal dialog and the signed-in shell with its profile menu', async () => {
    const { context, page } = await newPage(browser, { viewport });
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Privacy policy' }).first().click();
    await page.getByTestId('legal-dialog').waitFor();
    await look(page, `legal-privacy-en-${size}`);
    await page.getByRole('button', { name: 'Got it!' }).click();
    await signIn(page, 'organization@demo.test');
    await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
    await page.getByTestId('profile-menu').click();
    await look(page, `profile-menu-en-${size}`);
    await page.keyboard.press('Escape');
    // A page still to come, inside the frame: one way back (the frame's), one <main>.
    await navigate(page, '/survey/test/00000000-0000-4000-8000-000000000000');
    await page.getByTestId('page-coming-soon').waitFor();
    expect(await page.getByRole('button', { name: /back/i }).count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    await look(page, `coming-soon-in-shell-en-${size}`);
    await context.close();
  });
});
