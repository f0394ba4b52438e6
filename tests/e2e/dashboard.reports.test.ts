// The project dashboard's survey reports in the browser: the demo manager opens /dashboard,
// picks the demo survey, sees its counts (the goal, per collector, per select question), switches a
// chart to its table, and the page passes axe at desktop and phone width. Screenshots:
// tests/e2e/screenshots/dashboard-reports-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, animationsSettled, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in as the demo manager, chooses the demo project as the project selection would, opens /dashboard. */
async function openDashboard(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
  const page = await context.newPage();
  await signIn(page, 'manager@demo.test');
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: 30_000 });
  await page.waitForFunction(
    () => !!JSON.parse((sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')) || '{}').organizationId,
    undefined,
    { timeout: 30_000 },
  );
  // The app's own calls after signing in settle first (as in routes.axe and survey.media, not a condition:
  // once in a full run a connection kept the page from ever being idle for 500 ms within 30 s).
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await chooseProject(page, 'Household Needs Assessment 2026');
  await page.goto('/dashboard');
  await page.getByTestId('report-survey').waitFor({ timeout: 30_000 });
  await page.getByTestId('report-survey').selectOption({ label: DEMO_SURVEY_NAME });
  await page.getByTestId('report-goal-text').waitFor({ timeout: 30_000 });
  return page;
}

const reached = async (page: Page) =>
  Number((await page.getByTestId('report-goal-text').textContent())?.match(/^(\d+) of (\d+) submissions/)?.[1] ?? 0);

describe('the dashboard survey reports', () => {
  it('shows the demo survey counts as charts and as tables, accessibly, at desktop width', { timeout: 120_000 }, async () => {
    const page = await openDashboard(DESKTOP);
    // The demo's twelve, and whatever other browser tests submitted to the demo survey meanwhile.
    await expect.poll(() => reached(page)).toBeGreaterThanOrEqual(12);
    expect(await page.getByTestId('report-goal-text').textContent()).toMatch(/of 15 submissions \(\d+(\.\d)?%\)$/);
    // Each chart is an image whose label carries its figures.
    const chart = page.getByTestId('report-collectors-chart');
    await chart.waitFor();
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await chart.getAttribute('aria-label')).toMatch(/^Chart of Submissions per collector: .+ \d+/);
    await page.locator('[data-testid=report-collectors-chart] svg').waitFor();
    await animationsSettled(page);
    await expectAccessible(page, 'the dashboard with its charts', '[data-testid=dashboard]');
    await screenshot(page, 'dashboard-reports-en-desktop');

    // The collectors' chart as a table: its counts add up to the goal's.
    await page.getByTestId('report-collectors-table').click();
    const perCollector = await page.getByTestId('report-collectors-rows').locator('tbody tr td:nth-child(2)').allTextContents();
    expect(perCollector.reduce((n, c) => n + Number(c), 0)).toBe(await reached(page));
    // A select question's chart switched to its table: counts and percentages of those who answered.
    const region = page.getByTestId('report-q-region');
    await region.getByTestId('report-q-region-table').click();
    expect(await region.getByTestId('report-q-region-table').getAttribute('aria-pressed')).toBe('true');
    const rows = region.getByTestId('report-q-region-rows').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(cells.reduce((n, c) => n + Number(c[1]), 0)).toBeGreaterThanOrEqual(6);
    for (const c of cells) expect(c[2]).toMatch(/^\d+(\.\d)?%$/);
    await animationsSettled(page);
    await expectAccessible(page, 'a report as a table', '[data-testid=dashboard]');
    // Keyboard: back to the graph with Enter on the focused button.
    await region.getByTestId('report-q-region-graph').focus();
    await page.keyboard.press('Enter');
    await region.getByTestId('report-q-region-chart').waitFor();
  });

  it('stays readable and accessible at phone width', { timeout: 120_000 }, async () => {
    const page = await openDashboard(PHONE);
    await expect.poll(() => reached(page)).toBeGreaterThanOrEqual(12);
    await page.locator('[data-testid=report-days-chart] svg').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('report-days-table').click();
    await page.getByTestId('report-days-rows').waitFor();
    await animationsSettled(page);
    await expectAccessible(page, 'the dashboard at phone width', '[data-testid=dashboard]');
    await screenshot(page, 'dashboard-reports-en-phone');
  });
});
