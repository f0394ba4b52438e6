// Tasks in the browser: a project manager assigns a task on Task Management (the suggested
// marker for a collector of the task's location), looks at the tabs; the demo collector opens /mytasks,
// sees the greeting, the donut and the tabs, rejects a task (a reason is required), goes to the assigned
// survey, submits it, comes back to /mytasks and finds the task Completed. Axe over each screen at
// desktop and phone width; screenshots in tests/e2e/screenshots/tasks-*.png, to be looked at.
import type { Browser, Page } from 'playwright-core';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';
import { fillMinimal, notice } from './offline-pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const device = (v: { width: number }) => (v.width < 500 ? 'phone' : 'desktop');

async function open(viewport: { width: number; height: number }, email: string, landing: string) {
  // bypassCSP: the axe script is injected inline (tests/e2e/axe.ts).
  const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
  const page = await context.newPage();
  await signIn(page, email);
  await page.waitForURL(`**${landing}`, { timeout: 30_000 });
  return { context, page };
}

async function managerOnTasks(viewport: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await open(viewport, 'manager@demo.test', '/workspace');
  await chooseProject(page, 'Household Needs Assessment 2026');
  await page.goto('/task-management/collection');
  await page.getByTestId('row').first().waitFor({ timeout: 30_000 });
  return { page, close: () => context.close() };
}

describe.each([DESKTOP, PHONE])('task management at %o', (viewport) => {
  it('assigns a survey to a suggested collector; the tabs show their tables', { timeout: 180_000 }, async () => {
    const { page, close } = await managerOnTasks(viewport);
    const shot = (name: string) => screenshot(page, `tasks-management-${name}-${device(viewport)}`);
    await shot('list');
    await expectAccessible(page, '/task-management/collection', '[data-testid="tabs-taskManagement"]');

    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('filter-TaskStatus').selectOption({ label: 'Rejected' });
    await expect.poll(() => page.getByTestId('row').count()).toBe(1);
    await page.getByTestId('filters-clear').click();

    await page.getByTestId('toolbar-assign').click();
    const dialog = page.getByTestId('assign-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('assign-submit').click();
    await expect.poll(() => dialog.getByText('Choose a survey').count()).toBe(1);
    expect(await dialog.getByText('Choose at least one data collector').count()).toBe(1);
    await dialog.getByTestId('assign-survey').selectOption({ label: 'Household Needs Assessment - Round 1' });
    await dialog.getByTestId('assign-location').selectOption({ label: 'Kenya' });
    const chidi = dialog.getByTestId('assign-collector').filter({ hasText: 'Chidi Collector' });
    await chidi.waitFor();
    const note = `Browser task ${device(viewport)} ${Date.now()}`;
    await dialog.getByTestId('assign-note').fill(note);
    await dialog.getByTestId('assign-recurrence').selectOption({ label: 'Weekly' });
    await dialog.getByTestId('assign-weekday').selectOption({ label: 'Monday' });
    await chidi.click();
    await shot('assign');
    await expectAccessible(page, 'assign dialog', '[data-testid="assign-dialog"]');
    await dialog.getByTestId('assign-submit').click();
    await notice(page, 'Tasks have been assigned successfully.');
    await page.getByTestId('row').filter({ hasText: 'Browser task' }).first().waitFor();

    for (const [tab, name] of [
      [2, 'collectors'],
      [3, 'groups'],
      [4, 'messages'],
      [5, 'deleted'],
    ] as const) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.waitForURL(`**tab=${tab}**`);
      const panel = page.getByTestId('tabs-taskManagement');
      await panel.getByTestId('row').first().or(panel.getByText(/^No /)).first().waitFor();
      await shot(name);
      await expectAccessible(page, `task management tab ${name}`, '[data-testid="tabs-taskManagement"]');
    }
    await page.goto('/task-management/collection?tab=4&message=1');
    await page.getByTestId('whatsapp-off').waitFor();
    await shot('send-link');
    await expectAccessible(page, 'send link dialog', '[data-testid="send-link-dialog"]');
    await close();
  });
});

describe.each([DESKTOP, PHONE])('/mytasks at %o', (viewport) => {
  it('greets the collector, rejects with a reason, goes to the survey and completes it', { timeout: 240_000 }, async () => {
    // A task of our own to complete, so the demo tasks stay as they are for the other width.
    const { page: mgr, close: closeMgr } = await managerOnTasks(DESKTOP);
    const note = `Finish me ${device(viewport)} ${Date.now()}`;
    const created = await mgr.evaluate(
      async ([n, demoName]) => {
        const s = JSON.parse(sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')!) as {
          token: string;
          organizationId: string;
          currentProjectId: string;
        };
        const h = { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId, 'content-type': 'application/json' };
        const surveys = (await (
          await fetch(`/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${s.currentProjectId}`, { headers: h })
        ).json()) as { data: { surveys: { id: string; name: string; surveyStatusId: number }[] } };
        // The demo survey by name: other browser tests publish surveys of their own in this project.
        const survey = surveys.data.surveys.find((x) => x.name === demoName && x.surveyStatusId === 1)!;
        const dcs = (await (
          await fetch(`/api/Task/getEnumeratorNamesByProject?ProjectId=${s.currentProjectId}`, { headers: h })
        ).json()) as { data: { id: string; name: string }[] };
        const chidi = dcs.data.find((d) => d.name === 'Chidi Collector')!;
        const res = await fetch('/api/Task/createTask', {
          method: 'POST',
          headers: h,
          body: JSON.stringify({ surveyId: survey.id, dataCollectorIds: [chidi.id], collectionType: 1, note: n }),
        });
        const rejectMe = await fetch('/api/Task/createTask', {
          method: 'POST',
          headers: h,
          body: JSON.stringify({ surveyId: survey.id, dataCollectorIds: [chidi.id], collectionType: 0, note: `${n} (reject)` }),
        });
        return res.ok && rejectMe.ok;
      },
      [note, DEMO_SURVEY_NAME] as const,
    );
    expect(created).toBe(true);
    await closeMgr();

    const { context, page } = await open(viewport, 'collector@demo.test', '/mytasks');
    const shot = (name: string) => screenshot(page, `tasks-mytasks-${name}-${device(viewport)}`);
    await expect.poll(() => page.getByTestId('mytasks-greeting').textContent()).toContain('Hello, ');
    expect(await page.getByTestId('mytasks-greeting').textContent()).toContain('Chidi');
    await page.getByTestId('mytasks-donut').locator('svg').first().waitFor();
    await page.getByTestId('mytasks-row').first().waitFor();
    await shot('all');
    await expectAccessible(page, '/mytasks', '[data-testid="mytasks"]');

    // Completed and Rejected tabs offer no actions.
    await page.getByTestId('mytasks-tab-completed').click();
    await page.waitForURL('**tab=completed**');
    await page.getByTestId('mytasks-row').first().waitFor();
    await expect.poll(() => page.getByTestId('mytasks-go').count()).toBe(0);
    expect(await page.getByTestId('mytasks-reject').count()).toBe(0);
    await page.getByTestId('mytasks-tab-assigned').click();
    const rejectRow = page.getByTestId('mytasks-row').filter({ hasText: `${note} (reject)` });
    await rejectRow.waitFor();
    await rejectRow.getByTestId('mytasks-reject').click();
    const dialog = page.getByTestId('reject-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('reject-confirm').click();
    await expect.poll(() => dialog.getByText('Please type something here').count()).toBe(1);
    await shot('reject');
    await expectAccessible(page, 'reject dialog', '[data-testid="reject-dialog"]');
    await dialog.getByTestId('reject-reason').fill('The clinic is closed this week.');
    await dialog.getByTestId('reject-confirm').click();
    await notice(page, 'The task has been rejected.');
    await expect.poll(() => rejectRow.count()).toBe(0);

    const row = page.getByTestId('mytasks-row').filter({ hasText: note }).first();
    await row.getByTestId('mytasks-go').click();
    await page.waitForURL(/\/public-survey\/en\/[0-9a-f-]{36}\?taskId=[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByTestId('fill-page').waitFor();
    await fillMinimal(page, 'Task Respondent');
    await page.getByTestId('fill-submit').click();
    await page.waitForURL('**/mytasks', { timeout: 30_000 });
    await page.getByTestId('mytasks-tab-completed').click();
    const done = page.getByTestId('mytasks-row').filter({ hasText: note }).first();
    await done.waitFor({ timeout: 20_000 });
    expect(await done.getByTestId('task-status').textContent()).toBe('Completed');
    await shot('completed');
    await context.close();
  });
});
