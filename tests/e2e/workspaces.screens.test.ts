// Every screen of workspaces, projects and the recycle bin, in English and Japanese, at desktop and
// phone width: tests/e2e/screenshots/<screen>-<lang>-<desktop|phone>.png, to be looked at.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, launch, navigate, newPage, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // Something in each bin, so the deleted-items screens show rows.
  const { context, page } = await newPage(browser);
  await signIn(page, 'organization@demo.test');
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await page.evaluate(async () => {
    const s = JSON.parse(sessionStorage.getItem('fs.session')!) as { token: string; organizationId: string };
    const headers = { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId, 'content-type': 'application/json' };
    const call = async (path: string, body: unknown) =>
      (await fetch(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json() as Promise<{ data: unknown }>;
    const ws = (await call('/Workspaces/add', { name: 'Old pilot workspace', description: 'A pilot that ended in 2025.' })).data;
    await call('/Workspaces/delete', { id: ws });
    const members = (await (await fetch('/api/Members/getAllMembersOfOrganization?search=guest', { headers })).json()) as {
      data: { members: { organizationMemberId: string }[] };
    };
    await call('/Members/delete', { id: members.data.members[0]!.organizationMemberId });
  });
  await context.close();
});
afterAll(async () => {
  // Other browser tests sign in as the guest: give the membership back.
  const { context, page } = await newPage(browser);
  await signIn(page, 'organization@demo.test');
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await page.evaluate(async () => {
    const s = JSON.parse(sessionStorage.getItem('fs.session')!) as { token: string; organizationId: string };
    await fetch('/api/Members/permanentlyDeleteOrRestoreAllOrganizationMembers?isDeleted=false&restoreAll=true', {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId },
    });
  });
  await context.close();
  await browser?.close();
});

async function shotsAs(page: Page, name: string, lang: string, device: string) {
  await screenshot(page, `${name}-${lang}-${device}`);
  await expectAccessible(page, `${name} (${lang}, ${device})`);
}

async function patchSession(page: Page, patch: (s: Record<string, unknown>) => void) {
  await page.evaluate((code) => {
    const s = JSON.parse(sessionStorage.getItem('fs.session')!) as Record<string, unknown>;
    new Function('s', code)(s);
    sessionStorage.setItem('fs.session', JSON.stringify(s));
  }, `(${patch.toString()})(s)`);
}

const matrix: [lang: string, viewport: { width: number; height: number }][] = [
  ['en', DESKTOP],
  ['en', PHONE],
  ['ja', DESKTOP],
  ['ja', PHONE],
];

async function ownerPage(lang: string, viewport: { width: number; height: number }) {
  const { context, page } = await newPage(browser, { viewport });
  await context.addInitScript((l) => localStorage.setItem('fs.language', l), lang);
  await signIn(page, 'organization@demo.test');
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  const device = viewport.width < 500 ? 'phone' : 'desktop';
  return { context, page, shot: (name: string) => shotsAs(page, name, lang, device) };
}

const eastAfrica = (page: Page) => page.getByTestId('card').filter({ hasText: 'East Africa Emergency Response' });

describe.each(matrix)('screens in %s at %o', (lang, viewport) => {
  it('workspaces: cards, menu, remove, cannot remove, new, edit, spaces, notices', async () => {
    const { context, page, shot } = await ownerPage(lang, viewport);
    await eastAfrica(page).waitFor();
    const wsId = await eastAfrica(page).getAttribute('data-row-id');
    await shot('admin-workspaces');
    await eastAfrica(page).getByTestId('card-menu').click();
    await shot('workspace-card-menu');
    await page.getByTestId('menu-remove').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await shot('workspace-remove-confirm');
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('problem-dialog').waitFor();
    await shot('workspace-cannot-remove');
    await page.keyboard.press('Escape');

    await navigate(page, '/workspace/new-work-space');
    await page.getByTestId('form-submit').click();
    await shot('workspace-new');
    await navigate(page, `/workspace/edit/${wsId}`);
    await expect.poll(() => page.locator('#root_name').inputValue()).toBe('East Africa Emergency Response');
    await shot('workspace-edit');
    await navigate(page, '/space-selection');
    await page.getByTestId('space-projects').waitFor();
    await shot('space-selection');

    // The two notices, as the session would carry them.
    await patchSession(page, (s) => {
      const orgs = s.organizations as { paymentMethodId: string | null; subscriptionEndDate: string }[];
      orgs[0]!.paymentMethodId = null;
      orgs[0]!.subscriptionEndDate = new Date(Date.now() + 14.5 * 86_400_000).toISOString();
    });
    // A page load, not an in-app step: the app reads the session as it starts.
    await page.goto('/admin-workspaces');
    await page.getByTestId('subscription-ending-modal').waitFor();
    await shot('subscription-ending');
    await patchSession(page, (s) => {
      s.reactivatedAccount = true;
    });
    await page.goto('/admin-workspaces');
    await page.getByTestId('reactivated-modal').waitFor();
    await shot('reactivated');
    await context.close();
  });

  it('projects: list, selection, deleted projects, type chooser, create form, dashboard, project deleted items', async () => {
    const { context, page, shot } = await ownerPage(lang, viewport);
    await eastAfrica(page).getByRole('button').first().click();
    await page.waitForURL('**/project-selection');
    await page.getByTestId('row').first().waitFor();
    await shot('project-selection');
    await page.getByTestId('row').first().getByRole('checkbox').check({ force: true });
    await shot('project-selection-selected');
    await page.getByTestId('row').first().getByRole('checkbox').uncheck({ force: true });
    await page.getByTestId('toolbar-deleted').click();
    await page.getByTestId('dialog-deletedProjects').waitFor();
    await shot('deleted-projects-dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('toolbar-create').click();
    await page.getByTestId('project-type-dialog').waitFor();
    await shot('project-type');
    await page.getByTestId('project-type-1').click();
    await page.waitForURL('**/create-project/1');
    await page.getByTestId('form-submit').click();
    await shot('create-project');

    await navigate(page, '/project-selection');
    await page.getByTestId('row').first().click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('dashboard-title').waitFor();
    await shot('dashboard');
    await navigate(page, '/deleted-items');
    await page.getByTestId('tabs-projectDeletedItems').waitFor();
    await shot('project-deleted-items');
    await context.close();
  });

  it('admin deleted items, and the chooser of a ProjectManager', async () => {
    const { context, page, shot } = await ownerPage(lang, viewport);
    // A page load: reached in place, the users' tab was sometimes judged while its colours still moved.
    await page.goto('/admin-deleted-items');
    await page.getByTestId('row').first().waitFor();
    await shot('admin-deleted-workspaces');
    await page.getByTestId('tab-12').click();
    // The workspaces' panel leaves with an animation: the users' rows are the ones once it has gone.
    await expect.poll(() => page.getByRole('tabpanel').count()).toBe(1);
    await page.getByRole('tabpanel').getByTestId('row').first().waitFor();
    await shot('admin-deleted-users');
    await page.getByTestId('row').first().getByTestId('action-delete').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await shot('admin-deleted-confirm');
    await context.close();

    const manager = await newPage(browser, { viewport });
    await manager.context.addInitScript((l) => localStorage.setItem('fs.language', l), lang);
    await signIn(manager.page, 'manager@demo.test');
    await manager.page.waitForURL('**/workspace', { timeout: 30_000 });
    await manager.page.getByTestId('card').first().waitFor();
    await shotsAs(manager.page, 'workspace-chooser', lang, viewport.width < 500 ? 'phone' : 'desktop');
    await manager.context.close();
  });
});
