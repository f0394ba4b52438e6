// Every demo persona signs in through the real login form (with the ALTCHA widget) and lands where
// spec 000 section 2 "Authenticated entry" says.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn } from './browser';
import { look } from './axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const landings: [email: string, path: string][] = [
  ['organization@demo.test', '/admin-workspaces'],
  ['superadmin@demo.test', '/admin-workspaces'],
  ['admin@demo.test', '/admin-workspaces'],
  ['senior@demo.test', '/admin-workspaces'],
  ['manager@demo.test', '/workspace'],
  ['junior@demo.test', '/workspace'],
  ['guest@demo.test', '/workspace'],
  ['collector@demo.test', '/mytasks'],
  ['multi@demo.test', '/organizations'],
  ['other@demo.test', '/admin-workspaces'],
  ['former@demo.test', '/organizations'],
];

describe('signing in', () => {
  it.each(landings)('%s lands on %s', async (email, path) => {
    const { context, page } = await newPage(browser);
    await signIn(page, email);
    await page.waitForURL((u) => u.pathname === path, { timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(path);
    await context.close();
  });

  it('signs in when the form is sent before the bot check has loaded', async () => {
    const { context, page } = await newPage(browser);
    // The bot check's settings come only once the form has been sent, as on a slow connection.
    let release!: () => void;
    const sent = new Promise<void>((r) => (release = r));
    await page.route('**/api/BotCheck/config', async (route) => {
      await sent;
      await route.continue();
    });
    await signIn(page, 'manager@demo.test');
    release();
    await page.waitForURL((u) => u.pathname === '/workspace', { timeout: 30_000 });
    await context.close();
  });

  it("shows 'Email or Password are incorrect!' for a wrong password", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager@demo.test', 'Wrong-Pass-2026');
    await expect.poll(() => page.getByTestId('login-invalid').textContent(), { timeout: 20_000 }).toBe('Email or Password are incorrect!');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await look(page, 'login-wrong-password');
    await context.close();
  });

  it('names the missing fields without calling the server', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth/login');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText("We'll need your email to log you in. Go ahead and enter it.").count()).toBe(1);
    expect(await page.getByText("We'll need your password to log you in. Go ahead and enter it.").count()).toBe(1);
    await context.close();
  });

  it("checks the e-mail's shape before sending anything", async () => {
    const { context, page } = await newPage(browser);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(r.url());
    });
    await page.goto('/auth/login');
    await page.getByTestId('login-email').fill('amina.relief.org');
    await page.getByTestId('login-password').fill('Some-Pass-2026');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText('Please enter a valid email address').count()).toBe(1);
    expect(calls.filter((u) => /login/i.test(u))).toEqual([]);
    await look(page, 'login-email-shape');
    await context.close();
  });

  it('lets a member of two organizations choose one and enter it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'multi@demo.test');
    await page.waitForURL('**/organizations');
    await expect.poll(() => page.getByTestId('organization-card').count()).toBe(2);
    await look(page, 'organizations-desktop');
    await page.getByTestId('organization-card').filter({ hasText: 'Second Demo Organization' }).getByTestId('org-enter').click();
    await page.waitForURL('**/workspace');
    expect(await page.getByTestId('topbar-organization').textContent()).toBe('Second Demo Organization');
    await context.close();
  });
});
