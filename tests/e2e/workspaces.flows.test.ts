// Workspaces, projects and the recycle bin in Chromium: an Organization owner creates a workspace and a
// project, deletes the project, finds it in 'Deleted projects' and restores it; a ProjectManager sees
// no workspace menu; a Guest sees no create button.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const rowNamed = (page: Page, name: string) => page.getByTestId('row').filter({ hasText: name });

describe('an Organization owner', () => {
  it('creates a workspace and a project, deletes the project and restores it from Deleted projects', async () => {
    const { context, page } = await newPage(browser);
    const workspace = `Sahel Resilience ${Date.now() % 100000}`;
    await signIn(page, 'organization@demo.test');
    await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });

    // The workspace: the 'New workspace' card, the form, the card in the list.
    await page.getByTestId('create-card').click();
    await page.waitForURL('**/workspace/new-work-space');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByText('Please input your Workspace Name!').count()).toBe(1);
    await page.locator('#root_name').fill(workspace);
    await page.locator('#root_description').fill('Cash transfers and livelihoods in the Sahel.');
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/admin-workspaces');
    await expect.poll(() => page.getByText('Workspace added successfully!').count()).toBeGreaterThan(0);
    const card = page.getByTestId('card').filter({ hasText: workspace });
    await card.waitFor();

    // The project: chosen workspace, type chooser, the form with its manager choices.
    await card.getByRole('button').first().click();
    await page.waitForURL('**/project-selection');
    await expect.poll(() => page.getByTestId('workspace-name').textContent()).toBe(workspace);
    await page.getByTestId('screen-empty').waitFor();
    await page.getByTestId('toolbar-create').click();
    await page.getByTestId('project-type-dialog').waitFor();
    expect(await page.getByTestId('project-type-2').isDisabled()).toBe(true);
    await page.getByTestId('project-type-1').click();
    await page.waitForURL('**/project-selection/create-project/1');
    await page.locator('#root_name').fill('Cash Voucher Monitoring');
    // Only the creator belongs to a new workspace, so the owner is the one manager to choose.
    await page.getByTestId('field-managerId').click();
    await page.getByRole('option', { name: 'Olivia Organization' }).click();
    await page.getByTestId('field-countryIds').fill('Nig');
    await page.getByRole('option', { name: 'Niger', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.locator('#root_startDate').fill('2026-12-01');
    await page.locator('#root_endDate').fill('2027-11-30');
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/project-selection');
    await rowNamed(page, 'Cash Voucher Monitoring').waitFor();

    // Delete into the bin, then restore from 'Deleted projects'.
    await rowNamed(page, 'Cash Voucher Monitoring').getByTestId('action-delete').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('screen-empty').waitFor();
    await page.getByTestId('toolbar-deleted').click();
    const dialog = page.getByTestId('dialog-deletedProjects');
    await dialog.getByTestId('row').filter({ hasText: 'Cash Voucher Monitoring' }).waitFor();
    await screenshot(page, 'flow-deleted-projects-dialog');
    await dialog.getByTestId('row').filter({ hasText: 'Cash Voucher Monitoring' }).getByTestId('action-restore').click();
    await dialog.getByTestId('screen-empty').waitFor();
    await page.keyboard.press('Escape');
    await rowNamed(page, 'Cash Voucher Monitoring').waitFor();

    // The row opens the project's dashboard.
    await rowNamed(page, 'Cash Voucher Monitoring').click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('dashboard-title').textContent()).toBe('Cash Voucher Monitoring');
    expect(await page.getByTestId('dashboard-manager').textContent()).toBe('Olivia Organization');
    await context.close();
  });

  it('cannot remove a workspace whose projects have surveys, and is told why', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'organization@demo.test');
    await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
    const card = page.getByTestId('card').filter({ hasText: 'East Africa Emergency Response' });
    await card.getByTestId('card-menu').click();
    await page.getByTestId('menu-remove').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('problem-dialog').waitFor();
    expect(await page.getByTestId('problem-dialog').textContent()).toContain(
      "One or more of the projects in this workspace have surveys and can't be deleted!",
    );
    await context.close();
  });
});

describe('a deactivated member', () => {
  it("activates the account from 'My organizations' and is greeted by 'Your account has been activated!'", async () => {
    // The member deactivates their own membership (a membership an admin removed stays removed).
    const member = await newPage(browser);
    await signIn(member.page, 'senior@demo.test');
    await member.page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
    await member.page.evaluate(async () => {
      const s = JSON.parse(sessionStorage.getItem('fs.session')!) as { token: string; organizationId: string };
      const headers = { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId };
      const list = (await (await fetch('/api/Members/getAllMembersOfOrganization?search=senior@demo.test', { headers })).json()) as {
        data: { members: { organizationMemberId: string }[] };
      };
      const id = list.data.members[0]!.organizationMemberId;
      const res = await fetch(`/api/DataCollection/${id}/toggleDeleteOrRestore?entityType=12&isDeleted=true`, { method: 'PUT', headers });
      if (!res.ok) throw new Error(`deactivation refused: ${res.status} ${await res.text()}`);
    });
    await member.context.close();

    const { context, page } = await newPage(browser);
    await signIn(page, 'senior@demo.test');
    await page.waitForURL('**/organizations', { timeout: 30_000 });
    await page.getByTestId('org-activate').click();
    await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
    await page.getByTestId('reactivated-modal').waitFor();
    expect(await page.getByTestId('reactivated-modal').textContent()).toContain("You're now ready to explore your projects.");
    await screenshot(page, 'flow-reactivated');
    await page.getByRole('button', { name: 'Go to the main dashboard' }).click();
    await page.getByTestId('reactivated-modal').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('card').first().waitFor();
    expect(await page.getByTestId('reactivated-modal').count()).toBe(0);
    await context.close();
  });
});

describe('roles', () => {
  it('a ProjectManager sees the workspaces without a menu or a New workspace card', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager@demo.test');
    await page.waitForURL('**/workspace', { timeout: 30_000 });
    await page.getByTestId('card').first().waitFor();
    expect(await page.getByTestId('card-menu').count()).toBe(0);
    expect(await page.getByTestId('create-card').count()).toBe(0);
    await context.close();
  });

  it('a Guest sees the project list without a create button, row selection or delete', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'guest@demo.test');
    await page.waitForURL('**/workspace', { timeout: 30_000 });
    await page.getByTestId('card').first().getByRole('button').first().click();
    await page.waitForURL('**/project-selection');
    await page.getByTestId('row').first().waitFor();
    expect(await page.getByTestId('toolbar-create').count()).toBe(0);
    expect(await page.getByTestId('toolbar-deleted').count()).toBe(0);
    expect(await page.getByTestId('select-all').count()).toBe(0);
    expect(await page.getByTestId('action-delete').count()).toBe(0);
    await context.close();
  });
});
