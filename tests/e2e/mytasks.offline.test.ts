// /mytasks offline ('Data collectors work offline'), in real Chromium with the real service
// worker: the demo collector opens /mytasks online, which keeps the list and the surveys of the open
// tasks; with no network the page still opens, says it is offline and since when, and 'Go to survey'
// opens the kept survey; the submission waits in the outbox with its TaskId and, once the network is
// back, is sent and the task turns Completed.
import type { Browser, Page } from 'playwright-core';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { PHONE, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';
import { fillMinimal } from './offline-pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A task of this test's own for the demo collector, created by the demo manager through the API. */
async function assignTask(note: string): Promise<void> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, 'manager@demo.test');
  await page.waitForURL('**/workspace', { timeout: 30_000 });
  await chooseProject(page, 'Household Needs Assessment 2026');
  const ok = await page.evaluate(
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
      const dcs = (await (await fetch(`/api/Task/getEnumeratorNamesByProject?ProjectId=${s.currentProjectId}`, { headers: h })).json()) as {
        data: { id: string; name: string }[];
      };
      const chidi = dcs.data.find((d) => d.name === 'Chidi Collector')!;
      return (
        await fetch('/api/Task/createTask', {
          method: 'POST',
          headers: h,
          body: JSON.stringify({ surveyId: survey.id, dataCollectorIds: [chidi.id], collectionType: 1, note: n }),
        })
      ).ok;
    },
    [note, DEMO_SURVEY_NAME] as const,
  );
  expect(ok).toBe(true);
  await context.close();
}

/** The surveys kept for offline use (IndexedDB's list, written once the worker has the data). */
const keptSurveys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('fieldsurvey-offline');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('surveys')) return resolve(0);
          const count = db.transaction('surveys').objectStore('surveys').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(0);
        };
      }),
  );

it('shows the kept tasks offline, fills a task offline and completes it when the network returns', { timeout: 300_000 }, async () => {
  const note = `Offline task ${Date.now()}`;
  await assignTask(note);

  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-US',
    baseURL: baseUrl(),
    bypassCSP: true,
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await signIn(page, 'collector@demo.test');
  await page.waitForURL('**/mytasks', { timeout: 30_000 });
  const row = () => page.getByTestId('mytasks-row').filter({ hasText: note }).first();
  await row().waitFor({ timeout: 30_000 });
  await expect.poll(() => keptSurveys(page), { timeout: 120_000, interval: 500 }).toBeGreaterThan(0);
  // The worker now controls the page, so this load keeps every file /mytasks needs.
  await page.reload();
  await row().waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('mytasks-offline').count()).toBe(0);

  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('mytasks-offline').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('mytasks-offline').textContent()).toMatch(/You are offline\. These are your tasks as of .+/);
  await row().waitFor();
  await page.getByTestId('mytasks-donut').locator('svg').first().waitFor({ timeout: 10_000 });
  await screenshot(page, 'tasks-mytasks-offline-phone');
  await expectAccessible(page, '/mytasks offline', '[data-testid="mytasks"]');

  await row().getByTestId('mytasks-go').click();
  await page.waitForURL(/\/public-survey\/en\/[0-9a-f-]{36}\?taskId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await page.getByTestId('fill-page').waitFor({ timeout: 30_000 });
  await fillMinimal(page, 'Offline Task Respondent');
  await page.getByTestId('fill-submit').click();
  await page.getByTestId('queued-dialog').waitFor({ timeout: 20_000 });
  await page.waitForURL('**/mytasks', { timeout: 30_000 });
  await page.locator('[data-testid="outbox-indicator"][data-waiting="1"]').or(page.getByTestId('mytasks-offline')).first().waitFor();

  await context.setOffline(false);
  await page.getByTestId('mytasks-tab-completed').click();
  const done = page.getByTestId('mytasks-row').filter({ hasText: note }).first();
  await expect
    .poll(async () => (await done.count()) > 0 && (await done.getByTestId('task-status').textContent()) === 'Completed', {
      timeout: 60_000,
      interval: 1_000,
    })
    .toBe(true);
  expect(await page.getByTestId('mytasks-offline').count()).toBe(0);
  await context.close();
});
