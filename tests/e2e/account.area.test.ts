// The account area and the support tickets in Chromium: a ticket opened with two attachments
// and read back on its page; a profile picture chosen, refused before its crop, cropped and uploaded as a
// 150 px square; a password changed with the code the server e-mailed (and changed back); the account
// summary and the deletion dialog. Every screen checked by axe and photographed at 1280 and 360 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/index';
import { PDF, PNG } from '../support/files';
import { look } from './axe';
import { DESKTOP, PHONE, latestCode, launch, mailTo, newPage, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signedIn(email: string, viewport = DESKTOP, password = DEMO_PASSWORD): Promise<Page> {
  const { page } = await newPage(browser, { viewport });
  await signIn(page, email, password);
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: 30_000 });
  // Signed in once the shell shows: the session then holds the organization the account pages read.
  await page.getByTestId('profile-menu').waitFor({ timeout: 60_000 });
  return page;
}

describe('support tickets', () => {
  it('opens a ticket with two attachments and reads it back', async () => {
    const page = await signedIn('organization@demo.test');
    await page.goto('/tickets');
    await page.getByText('CSV export of the household survey stops at 80%').waitFor();
    await look(page, 'tickets-list-1280');
    await page.getByRole('button', { name: 'Add ticket' }).click();
    const dialog = page.getByTestId('add-ticket-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('ticket-email').isDisabled()).toBe(true);
    await page.getByTestId('add-ticket-submit').click();
    expect(await dialog.getByText('Please select a ticket type').count()).toBe(1);
    await page.getByTestId('ticket-type').selectOption({ label: 'Technical issue' });
    const subject = `Map tiles stay grey ${Date.now()}`;
    await page.getByTestId('ticket-subject').fill(subject);
    await page.getByTestId('ticket-description').fill('Since the last update the map on the dashboard stays grey.');
    await page.getByTestId('ticket-files').setInputFiles([
      { name: 'grey-map.png', mimeType: 'image/png', buffer: PNG },
      { name: 'console.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect.poll(() => page.getByTestId('ticket-file-list').getByRole('listitem').count()).toBe(2);
    // The picker is the app's own button, reached and pressed by keyboard; it opens the system's chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('ticket-files-choose').focus();
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles([
      { name: 'third.png', mimeType: 'image/png', buffer: PNG },
      { name: 'fourth.png', mimeType: 'image/png', buffer: PNG },
    ]);
    // At most 3: the fourth is refused in so many words, and the button is off.
    await expect.poll(() => page.getByTestId('ticket-file-list').getByRole('listitem').count()).toBe(3);
    await dialog.getByText('You can attach at most 3 files.').waitFor();
    expect(await page.getByTestId('ticket-files-choose').isDisabled()).toBe(true);
    await page.getByTestId('ticket-file-list').scrollIntoViewIfNeeded();
    await look(page, 'tickets-add-1280');
    await dialog.getByRole('button', { name: 'Remove third.png' }).click();
    await expect.poll(() => page.getByTestId('ticket-file-list').getByRole('listitem').count()).toBe(2);
    expect(await page.getByTestId('ticket-files-choose').isDisabled()).toBe(false);
    await page.getByTestId('add-ticket-submit').click();
    await page.getByText('Ticket created successfully!').first().waitFor();
    await page.getByRole('row').filter({ hasText: subject }).first().click();
    await page.waitForURL('**/tickets/*');
    await expect.poll(() => page.getByTestId('ticket-subject').textContent()).toBe(subject);
    const files = page.getByTestId('ticket-attachment');
    expect(await files.allTextContents()).toEqual(['grey-map.png', 'console.pdf']);
    const download = page.waitForEvent('download');
    await files.first().click();
    expect((await download).suggestedFilename()).toBe('grey-map.png');
    await look(page, 'ticket-detail-1280');

    const phone = await signedIn('organization@demo.test', PHONE);
    await phone.goto('/tickets');
    await phone.getByText(subject).first().waitFor();
    await look(phone, 'tickets-list-360');
    await phone.goto(page.url());
    await phone.getByTestId('ticket-summary').waitFor();
    await look(phone, 'ticket-detail-360');
    await phone.goto('/tickets?new=1');
    await phone.getByTestId('add-ticket-dialog').waitFor();
    await phone
      .getByTestId('ticket-files')
      .setInputFiles([{ name: 'a-rather-long-file-name-from-the-phone-camera-2026-11-28.png', mimeType: 'image/png', buffer: PNG }]);
    await phone.getByTestId('ticket-file-list').scrollIntoViewIfNeeded();
    await look(phone, 'tickets-add-360');
  });

  it('lets support answer and the submitter read it', async () => {
    const page = await signedIn('superadmin@demo.test');
    await page.goto('/tickets');
    await page.getByRole('row').filter({ hasText: 'Our invoices need the VAT number' }).first().click();
    await page.getByTestId('ticket-reply-text').fill('You can add it under Payments once billing is set up.');
    await page.getByTestId('ticket-reply-send').click();
    await expect.poll(() => page.getByTestId('ticket-message').count()).toBe(2);
    expect(await page.getByTestId('ticket-status-select').inputValue()).toBe('answered');
    await look(page, 'ticket-support-1280');
  });
});

describe('profile information', () => {
  it('requires a crop, then uploads the picture as a 150 px square', async () => {
    const page = await signedIn('senior@demo.test');
    await page.goto('/profile-information');
    await page.getByTestId('profile-form').waitFor();
    await look(page, 'profile-information-1280');
    const b64 = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 400;
      c.height = 240;
      const x = c.getContext('2d')!;
      x.fillStyle = '#1d4ed8';
      x.fillRect(0, 0, 400, 240);
      x.fillStyle = '#fbbf24';
      x.fillRect(150, 60, 100, 120);
      return c.toDataURL('image/png').split(',')[1]!;
    });
    await page
      .getByTestId('profile-picture-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(b64, 'base64') });
    await page.getByTestId('crop-dialog').waitFor();
    await page.getByTestId('crop-upload').click();
    expect(await page.getByTestId('crop-error').textContent()).toBe('Please crop the image before uploading.');
    await page.getByTestId('crop-apply').click();
    await page.getByTestId('crop-preview').waitFor();
    await look(page, 'profile-crop-1280');
    await page.getByTestId('crop-upload').click();
    const img = page.getByTestId('profile-picture-image');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/api\/FileData\/profilePicture\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([150, 150]);
    // The top bar shows it too.
    expect(await page.getByTestId('profile-menu').locator('img').getAttribute('src')).toBe(await img.getAttribute('src'));

    await page.getByTestId('delete-account-open').click();
    await page.getByTestId('delete-account-dialog').waitFor();
    await page.getByTestId('delete-account-submit').click();
    expect(await page.getByTestId('delete-account-dialog').getByText('Please select an option').count()).toBe(1);
    await look(page, 'profile-delete-dialog-1280');

    const phone = await signedIn('organization@demo.test', PHONE);
    await phone.goto('/profile-information');
    await phone.getByTestId('profile-form').waitFor();
    // The owner edits the organization; the gender field is not shown to them.
    expect(await phone.getByTestId('profile-organizationName').isDisabled()).toBe(false);
    expect(await phone.getByTestId('profile-gender').count()).toBe(0);
    await look(phone, 'profile-information-360');
    await phone.getByTestId('delete-account-open').click();
    await phone.getByTestId('delete-account-org-note').waitFor();
    await look(phone, 'profile-delete-dialog-360');
  });
});

describe('login information', () => {
  async function changePassword(page: Page, from: string, to: string, email: string) {
    await page.goto('/login-information');
    await page.getByRole('radio', { name: 'Update password' }).click({ force: true });
    await page.getByTestId('password-oldPassword').fill(from);
    await page.getByTestId('password-newPassword').fill(to);
    await page.getByTestId('password-confirmPassword').fill(to);
    // The code already in the mailbox, read at once (latestCode would wait for one to arrive).
    const before = (await mailTo(email))[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    await page.getByTestId('password-update').click();
    await page.getByTestId('code-modal').waitFor();
    let code = await latestCode(email);
    for (let i = 0; i < 20 && code === before; i++) {
      await new Promise((r) => setTimeout(r, 250));
      code = await latestCode(email);
    }
    return code;
  }

  it('changes the password with the e-mailed code and signs out', async () => {
    const email = 'admin@demo.test';
    const page = await signedIn(email);
    await page.goto('/login-information');
    await page.getByTestId('email-form').waitFor();
    await look(page, 'login-information-1280');
    const code = await changePassword(page, DEMO_PASSWORD, 'Field-Work-2027!', email);
    await look(page, 'login-information-code-1280');
    // Pasting fills the six boxes and completes the code.
    await page.getByTestId('code-modal').getByRole('textbox').first().click();
    await page.keyboard.type(code);
    await page.waitForURL('**/auth/login', { timeout: 20_000 });

    // Signed in again with the new password, and back to the demo one for the other tests.
    const again = await signedIn(email, DESKTOP, 'Field-Work-2027!');
    const back = await changePassword(again, 'Field-Work-2027!', DEMO_PASSWORD, email);
    await again.getByTestId('code-modal').getByRole('textbox').first().click();
    await again.keyboard.type(back);
    await again.waitForURL('**/auth/login', { timeout: 20_000 });

    const phone = await signedIn(email, PHONE);
    await phone.goto('/login-information');
    await phone.getByTestId('email-form').waitFor();
    await look(phone, 'login-information-360');
  });
});

describe('account summary', () => {
  it("shows the organization's figures with the plan's limits", async () => {
    const page = await signedIn('organization@demo.test');
    await page.goto('/account-summary');
    await expect.poll(() => page.getByTestId('summary-projects').textContent(), { timeout: 20_000 }).toMatch(/^\d+$/);
    expect(await page.getByTestId('summary-storage-limit').textContent()).toMatch(/^(\d+GB|No limit)$/);
    expect(await page.getByTestId('summary-workspaces').textContent()).toMatch(/^\d+\/(\d+|Unlimited)$/);
    await look(page, 'account-summary-1280');
    await page.getByTestId('summary-year').selectOption('2023');
    await expect.poll(() => page.getByTestId('summary-surveys').textContent()).toBe('0');
    const phone = await signedIn('organization@demo.test', PHONE);
    await phone.goto('/account-summary');
    await expect.poll(() => phone.getByTestId('summary-projects').textContent(), { timeout: 20_000 }).toMatch(/^\d+$/);
    await look(phone, 'account-summary-360');
  });
});
