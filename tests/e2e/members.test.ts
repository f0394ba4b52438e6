// Member management in the browser: /members with its filters and dialogs, the add-member
// dialog's validation texts and bulk tab, a project manager adding a data collector who receives the
// invitation and sets a password, and the admin User Management table. Axe runs over this area's part of
// each page: the app shell (language and profile menus, sidebar labels) is checked by its own tests. Screenshots at desktop and
// phone width: tests/e2e/screenshots/members-*.png, to be looked at.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, launch, mailTo, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in as the project manager and chooses the demo project, as a user does. */
async function managerOnMembers(viewport: { width: number; height: number }) {
  const { context, page } = await newPage(browser, { viewport });
  await signIn(page, 'manager@demo.test');
  await page.waitForURL('**/workspace', { timeout: 30_000 });
  await page.getByTestId('card').filter({ hasText: 'East Africa Emergency Response' }).getByRole('button').first().click();
  await page.waitForURL('**/project-selection');
  await page.getByTestId('row').first().click();
  await page.waitForURL('**/dashboard');
  await page.goto('/members');
  await page.getByTestId('row').first().waitFor();
  return { context, page };
}

/** A page whose CSP lets the axe script in (tests/e2e/axe.ts injects it inline). */
async function newPage(b: Browser, opts: { viewport: { width: number; height: number } }) {
  const context = await b.newContext({ viewport: opts.viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
  return { context, page: await context.newPage() };
}

const device = (v: { width: number }) => (v.width < 500 ? 'phone' : 'desktop');

describe.each([DESKTOP, PHONE])('members screens at %o', (viewport) => {
  it('/members: table, filters, add dialog with its validation texts, bulk tab, preview', async () => {
    const { context, page } = await managerOnMembers(viewport);
    const shot = (name: string) => screenshot(page, `members-${name}-${device(viewport)}`);
    await expect.poll(() => page.getByTestId('members-total').textContent()).toMatch(/\d+ members/);
    await shot('list');
    await expectAccessible(page, '/members', '[data-testid="screen-projectMembers"]');

    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('filter-Gender').selectOption({ label: 'Female' });
    await expect.poll(() => page.getByTestId('row').count()).toBeGreaterThan(0);
    await shot('filters');
    await expectAccessible(page, '/members with filters', '[data-testid="screen-projectMembers"]');
    await page.getByTestId('filters-clear').click();

    await page.getByTestId('toolbar-add').click();
    await page.getByTestId('member-dialog').waitFor();
    await page.getByTestId('member-submit').click();
    await expect.poll(() => page.getByTestId('error-fullName').textContent()).toBe('For our records, please input your full legal name');
    expect(await page.getByTestId('error-email').textContent()).toBe('Please enter an email');
    expect(await page.getByTestId('error-languages').textContent()).toBe(
      'Kindly specify your language preference for a tailored experience.',
    );
    expect(await page.getByTestId('error-gender').textContent()).toBe('For demographic analysis, please specify your gender.');
    expect(await page.getByTestId('error-locationId').textContent()).toBe(
      'For accurate information, please provide your current location.',
    );
    expect(await page.getByTestId('error-roleId').textContent()).toBe('Specify your role or position within the organization.');
    await page.getByTestId('field-email').fill('1bad@x');
    await expect.poll(() => page.getByTestId('error-email').textContent()).toBe('Please enter a valid email address');
    // A project manager offers Data Collector and Junior Manager (spec 001 section 5).
    const roles = await page.getByTestId('field-roleId').locator('option').allTextContents();
    expect(roles.slice(1)).toEqual(['Data Collector', 'Junior Project Manager']);
    await shot('add-errors');
    await expectAccessible(page, 'the add-member dialog', '[data-testid="member-dialog"]');
    await page.getByTestId('tab-many').click();
    await page.getByTestId('bulk-upload').waitFor();
    await shot('add-bulk');
    await expectAccessible(page, 'the bulk tab', '[data-testid="member-dialog"]');
    await page.keyboard.press('Escape');

    await page.getByTestId('row').first().getByTestId('action-preview').click();
    await page.getByTestId('member-preview').waitFor();
    await shot('preview');
    await context.close();
  });
});

async function choose(page: Page, field: string, text: string) {
  await page.getByTestId(`field-${field}`).click();
  await page.getByTestId(`field-${field}`).fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
  // Away from the list (Escape would close the dialog when the list is already closed).
  await page.getByTestId('field-fullName').click();
}

describe('a project manager adds a data collector, who sets a password and signs in', () => {
  it('works end to end through the invitation e-mail', async () => {
    const { context, page } = await managerOnMembers(DESKTOP);
    const email = `field.agent.${Date.now()}@demo.test`;
    await page.getByTestId('toolbar-add').click();
    await page.getByTestId('field-fullName').fill('Field Agent');
    await page.getByTestId('field-email').fill(email);
    await choose(page, 'languages', 'English');
    await page.getByTestId('field-gender').selectOption({ label: 'Female' });
    await choose(page, 'locationId', 'Kenya');
    await page.getByTestId('field-roleId').selectOption({ label: 'Data Collector' });
    await page.getByTestId('member-submit').click();
    await page.getByText('Member Field Agent has been added successfully.').waitFor();
    await page.getByTestId('screen-search').fill('field.agent');
    await expect.poll(() => page.getByTestId('row').filter({ hasText: email }).count()).toBe(1);
    await context.close();

    let text = '';
    await expect.poll(async () => (text = (await mailTo(email))[0]?.text ?? '')).toContain('/auth/set-password?token=');
    const link = new URL(/(https?:\/\/\S+set-password\?token=[\w-]+)/.exec(text)![1]!);
    const visitor = await newPage(browser, { viewport: PHONE });
    await visitor.page.goto(`${link.pathname}${link.search}`);
    await visitor.page.getByTestId('set-password-form').waitFor();
    await screenshot(visitor.page, 'members-set-password-phone');
    await expectAccessible(visitor.page, '/auth/set-password', '[data-testid="set-password-form"]');
    await visitor.page.getByTestId('set-password-new').fill('Field-Pass-2026!');
    await visitor.page.getByTestId('set-password-confirm').fill('Field-Pass-2026!');
    await visitor.page.getByTestId('set-password-submit').click();
    await visitor.page.waitForURL('**/auth/login');
    await signIn(visitor.page, email, 'Field-Pass-2026!');
    await visitor.page.waitForURL(/\/(mytasks|organizations)/, { timeout: 30_000 });
    await visitor.context.close();
  });
});

describe('bulk upload in the browser', () => {
  it('reads the workbook, lists the dropped rows with reasons, then adds the rest', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Members');
    ws.addRow(['FullName', 'Email', 'Gender', 'Role', 'Language', 'Location']);
    ws.addRow(['Bulk One', 'bulk.one@demo.test', 'Female', 'DataCollector', 'English, Swahili', 'Kenya']);
    ws.addRow(['Bulk Two', 'bulk.two@demo.test', 'Male', 'JuniorProjectManager', 'English', 'south sudan']);
    ws.addRow(['Too High', 'too.high@demo.test', 'Male', 'SeniorProjectManager', 'English', 'Kenya']);
    ws.addRow(['Nowhere', 'nowhere@demo.test', 'Other', 'DataCollector', 'English', 'Atlantis']);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());

    const { context, page } = await managerOnMembers(DESKTOP);
    await page.getByTestId('toolbar-add').click();
    await page.getByTestId('tab-many').click();
    await page
      .getByTestId('bulk-file')
      .setInputFiles({ name: 'members.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await page.getByTestId('bulk-dropped').waitFor();
    expect(await page.getByTestId('bulk-dropped').locator('li').allTextContents()).toEqual([
      'Row 4 too.high@demo.test: role not in the Roles sheet',
      'Row 5 nowhere@demo.test: unknown location',
    ]);
    await screenshot(page, 'members-bulk-dropped-desktop');
    await expectAccessible(page, 'the bulk tab with a file read', '[data-testid="member-dialog"]');
    // More than 1 MB is refused before it is read.
    await page
      .getByTestId('bulk-file')
      .setInputFiles({ name: 'big.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(1_100_000) });
    await expect.poll(() => page.getByTestId('bulk-error').textContent()).toBe('The file is larger than 1 MB.');
    await page
      .getByTestId('bulk-file')
      .setInputFiles({ name: 'members.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await page.getByTestId('bulk-confirm').click();
    await page.getByText('Members have been added successfully.').waitFor();
    await page.getByTestId('screen-search').fill('bulk.');
    await expect.poll(() => page.getByTestId('row').count()).toBe(2);
    await context.close();
  });
});

describe.each([DESKTOP, PHONE])('admin user management at %o', (viewport) => {
  it('lists the organization members with their details; the owner adds from /new-member', async () => {
    const { context, page } = await newPage(browser, { viewport });
    await signIn(page, 'organization@demo.test');
    await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
    await page.goto('/admin-user-management');
    await page.getByTestId('row').first().waitFor();
    await screenshot(page, `members-admin-${device(viewport)}`);
    await expectAccessible(page, '/admin-user-management', '[data-testid="screen-organizationMembers"]');
    await page.getByTestId('toolbar-add').click();
    await page.waitForURL('**/admin-user-management/new-member');
    await page.getByTestId('member-dialog').waitFor();
    const roles = await page.getByTestId('field-roleId').locator('option').allTextContents();
    expect(roles.slice(1)).toEqual(['Senior Project Manager', 'Project Manager', 'Guest']);
    await page.getByTestId('field-workspaceIds').waitFor();
    await screenshot(page, `members-admin-add-${device(viewport)}`);
    await context.close();
  });
});

describe('a member removed from the project', () => {
  it("is listed in the project's deleted items under Members and restores from there", async () => {
    const { context, page } = await managerOnMembers(DESKTOP);
    await page.getByTestId('screen-search').fill('guest@demo');
    await expect.poll(() => page.getByTestId('row').count()).toBe(1);
    await page.getByTestId('row').first().getByTestId('action-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('row').count()).toBe(0);

    await page.goto('/deleted-items?entityType=17');
    await expect.poll(() => page.getByTestId('row').filter({ hasText: 'guest@demo.test' }).count()).toBe(1);
    await screenshot(page, 'members-project-bin-desktop');
    await expectAccessible(page, "the project's deleted members", '[data-testid="tabs-projectDeletedItems"]');
    await page.getByTestId('row').filter({ hasText: 'guest@demo.test' }).getByTestId('action-restore').click();
    await expect.poll(() => page.getByTestId('row').filter({ hasText: 'guest@demo.test' }).count()).toBe(0);
    await page.goto('/members');
    await page.getByTestId('screen-search').fill('guest@demo');
    await expect.poll(() => page.getByTestId('row').count()).toBe(1);
    await context.close();
  });
});
