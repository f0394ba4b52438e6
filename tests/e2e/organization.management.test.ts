// Organization Management in the browser: the page at desktop and phone width, the Profile
// information dialog's validation texts and a real save, the Login Information dialog's validation texts,
// a refused old password, a password change (then changed back: the browser tests share one server) and
// the /user-management page. Axe runs over this area's part of each state; screenshots land in
// tests/e2e/screenshots/organization-*.png, to be looked at.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/index';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, launch, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const device = (v: { width: number }) => (v.width < 500 ? 'phone' : 'desktop');

async function openAs(email: string, viewport: { width: number; height: number }, password = DEMO_PASSWORD) {
  const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
  const page = await context.newPage();
  await signIn(page, email, password);
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await page.goto('/admin-organization-management');
  await expect.poll(() => page.getByTestId('company-name').textContent(), { timeout: 15_000 }).not.toBe('');
  return { context, page };
}

const errorOf = (page: Page, id: string) => page.getByTestId(id).textContent();

describe.each([DESKTOP, PHONE])('organization management at %o', (viewport) => {
  it('shows company and login information; both dialogs open, show their validation texts and pass axe', async () => {
    const { context, page } = await openAs('organization@demo.test', viewport);
    const shot = (name: string) => screenshot(page, `organization-${name}-${device(viewport)}`);
    expect(await page.getByTestId('company-name').textContent()).toBe('Demo Relief Organization');
    expect(await page.getByTestId('login-username').textContent()).toBe('organization@demo.test');
    expect(await page.getByTestId('login-password').textContent()).toBe('••••••••');
    await shot('page');
    await expectAccessible(page, '/admin-organization-management', '[data-testid="organization-management"]');

    await page.getByTestId('open-profile').click();
    await page.getByTestId('profile-dialog').waitFor();
    await page.getByTestId('profile-userFullName').fill('');
    await page.getByTestId('profile-userRoleWithinOrganization').fill('');
    await page.getByTestId('profile-submit').click();
    await expect.poll(() => errorOf(page, 'profile-error-userFullName')).toBe('Please enter your full name!');
    expect(await errorOf(page, 'profile-error-userRoleWithinOrganization')).toBe('Please enter your role!');
    await shot('profile-errors');
    await expectAccessible(page, 'the Profile information dialog', '[data-testid="profile-dialog"]');
    await page.getByTestId('profile-cancel').click();
    await page.getByTestId('profile-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('open-login-info').click();
    await page.getByTestId('login-info-dialog').waitFor();
    expect(await page.getByTestId('login-info-username').inputValue()).toBe('organization@demo.test');
    await page.getByTestId('login-info-submit').click();
    await expect.poll(() => errorOf(page, 'login-info-error-oldPassword')).toBe('Please enter your old password!');
    expect(await errorOf(page, 'login-info-error-newPassword')).toBe('Please enter your new password!');
    expect(await errorOf(page, 'login-info-error-confirmPassword')).toBe('Please confirm your password!');
    await page.getByTestId('login-info-newPassword').fill('Next-Pass-2026!');
    await page.getByTestId('login-info-confirmPassword').fill('Other-Pass-2026!');
    await expect.poll(() => errorOf(page, 'login-info-error-confirmPassword')).toBe('The two passwords do not match!');
    await shot('login-errors');
    await expectAccessible(page, 'the Login Information dialog', '[data-testid="login-info-dialog"]');
    // Keyboard: Escape closes the dialog and the page is back.
    await page.keyboard.press('Escape');
    await page.getByTestId('login-info-dialog').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('saving for real', () => {
  it('saves the profile dialog; the page and a reopened dialog show the saved values', async () => {
    const { context, page } = await openAs('organization@demo.test', DESKTOP);
    await page.getByTestId('open-profile').click();
    await page.getByTestId('profile-dialog').waitFor();
    const role = `Executive Director ${Date.now() % 1000}`;
    await page.getByTestId('profile-userRoleWithinOrganization').fill(role);
    await page.getByTestId('profile-userPhoneNumber').fill('+254712345678');
    await page.getByTestId('profile-submit').click();
    await page.getByText('Your information has been updated successfully.').waitFor();
    await page.getByTestId('profile-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('open-profile').click();
    expect(await page.getByTestId('profile-userRoleWithinOrganization').inputValue()).toBe(role);
    expect(await page.getByTestId('profile-userPhoneNumber').inputValue()).toBe('+254712345678');
    await context.close();
  });

  it('refuses a wrong old password, changes the password, closes 1.5 s later; the new password signs in', async () => {
    const email = 'other@demo.test';
    const next = 'Changed-Pass-2026!';
    const change = async (page: Page, from: string, to: string) => {
      await page.getByTestId('open-login-info').click();
      await page.getByTestId('login-info-dialog').waitFor();
      await page.getByTestId('login-info-oldPassword').fill(from);
      await page.getByTestId('login-info-newPassword').fill(to);
      await page.getByTestId('login-info-confirmPassword').fill(to);
      await page.getByTestId('login-info-submit').click();
    };
    const first = await openAs(email, DESKTOP);
    await change(first.page, 'Wrong-Pass-2026!', next);
    await expect.poll(() => first.page.getByTestId('login-info-refusal').textContent()).toBe('Your old password is incorrect.');
    await first.page.getByText('Password Update Failed').first().waitFor();
    await first.page.getByTestId('login-info-oldPassword').fill(DEMO_PASSWORD);
    await first.page.getByTestId('login-info-submit').click();
    await first.page.getByText('Password Update Successful').waitFor();
    await screenshot(first.page, 'organization-login-success-desktop');
    await first.page.getByTestId('login-info-dialog').waitFor({ state: 'detached', timeout: 5000 });
    await first.context.close();

    // The new password signs in; the test then puts the demo password back for the other browser tests.
    const second = await openAs(email, DESKTOP, next);
    await change(second.page, next, DEMO_PASSWORD);
    await second.page.getByText('Password Update Successful').waitFor();
    await second.context.close();
  });
});

describe.each([DESKTOP, PHONE])('/user-management at %o', (viewport) => {
  it('shows the banner and the organization users table', async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, 'organization@demo.test');
    await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
    await page.goto('/user-management');
    await page.getByTestId('row').first().waitFor();
    await screenshot(page, `organization-user-management-${device(viewport)}`);
    await expectAccessible(page, '/user-management', 'main');
    await context.close();
  });
});
