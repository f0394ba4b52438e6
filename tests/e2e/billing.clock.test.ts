// A sign-in refused for the subscription, in Chromium on a server of this file's own: an
// organization registers on the free trial without a card; the server restarts with the sandbox's
// billing clock 31 days ahead (SANDBOX_CLOCK_DAYS), so the trial has ended unpaid; its owner's sign-in
// is refused with the spec's message and lands on /auth/payment, adds a card there, which pays the open
// invoice, and signs in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/index';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';
import { expectAccessible } from './axe';
import { DESKTOP, launch, newPage, screenshot, signIn } from './browser';
import { OwnServer } from './offline-server';

let browser: Browser;
let smtp: SmtpPeer;
let srv: OwnServer;
const email = `trial.owner.${Date.now()}@relief.test`;

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${srv.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message}`);
  return json.data;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  srv = new OwnServer({ SMTP_URL: smtp.url });
  await srv.start();
  // Registration itself is auth.flows.test.ts's; here it only sets the scene, through the API.
  const reg = await api<{ userId: string; organizationId: string }>('/api/Account/register', {
    adminFullName: 'Amina Yusuf',
    phoneNumber: '+1 202 555 0147',
    email,
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    organizationName: 'Riverside Trial Org',
    typeId: 1,
    countryId: 1,
  });
  const { registrationToken } = await api<{ registrationToken: string }>('/api/Account/confirmEmail', {
    userId: reg.userId,
    code: await smtp.codeFor(email),
  });
  await api(
    '/api/payment/stripe/createSubscription',
    { organizationId: reg.organizationId, packetId: 1, isMonthlySubscription: true },
    registrationToken,
  );
  await srv.stop();
  srv.env.SANDBOX_CLOCK_DAYS = '31';
  await srv.start();
  browser = await launch();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await srv?.dispose();
  await smtp?.close();
});

it('refuses the sign-in after the trial ended unpaid, takes a card on /auth/payment, then lets the owner in', async () => {
  const { context, page } = await newPage(browser, { viewport: DESKTOP, baseURL: srv.url });
  await signIn(page, email, DEMO_PASSWORD);
  await page.waitForURL('**/auth/payment', { timeout: 30_000 });
  await page.getByText('Subscription has not been paid yet! You should finalize the payment in order to have access.').first().waitFor();
  await page.getByTestId('card-form').waitFor();
  await screenshot(page, 'billing-refused-signin-payment-desktop');
  await expectAccessible(page, 'billing-refused-signin-payment');

  // A card refused at once stays on the page with the provider's message.
  await page.getByTestId('card-number').fill('4000 0000 0000 0002');
  await page.getByTestId('card-expiry').fill('12/30');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('card-save').click();
  await expect.poll(() => page.getByTestId('card-error').textContent()).toBe('Your card was declined.');

  await page.getByTestId('card-number').fill('4242 4242 4242 4242');
  await page.getByTestId('card-save').click();
  await page.waitForURL('**/auth/login', { timeout: 30_000 });
  await page.getByText('Payment received. You can sign in now.').first().waitFor();

  await signIn(page, email, DEMO_PASSWORD);
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await page.goto('/subscription-plans');
  await expect.poll(() => page.getByTestId('card-summary').textContent(), { timeout: 30_000 }).toBe('Visa ending in 4242');
  await page.getByTestId('invoice-row').first().waitFor();
  expect(await page.getByTestId('invoice-row').first().textContent()).toContain('Paid');
  await context.close();
});
