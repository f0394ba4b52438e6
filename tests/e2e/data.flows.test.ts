// Survey Data in the browser: the demo submissions in the table, a search, one submission
// opened in the read-only renderer, approved with a comment that the trail then shows, the table's
// review filter finding it, and an XLSX export read back with ExcelJS; a CSV export followed as a job
// (progress bar, then the download) and parsed. Accessible (axe) and
// photographed at desktop and phone width: tests/e2e/screenshots/data-*.png.
import ExcelJS from 'exceljs';
import { parseString } from 'fast-csv';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in as the owner and chooses the demo project, as the project selection would. */
async function openData(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), acceptDownloads: true, bypassCSP: true });
  const page = await context.newPage();
  await signIn(page, 'organization@demo.test');
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await chooseProject(page, 'Household Needs Assessment 2026');
  await page.goto('/survey/survey-data');
  // Other browser tests add surveys to the same project: the demo survey is chosen by name.
  await page.getByTestId('survey-picker').waitFor({ timeout: 30_000 });
  await expect
    .poll(() => page.getByTestId('survey-picker').locator('option').allTextContents(), { timeout: 30_000 })
    .toContain(DEMO_SURVEY_NAME);
  await page.getByTestId('survey-picker').selectOption({ label: DEMO_SURVEY_NAME });
  await page.getByTestId('data-row').first().waitFor({ timeout: 30_000 });
  return page;
}

describe('Survey Data', () => {
  it('finds a submission, approves it with a comment, and exports what the table shows', { timeout: 120_000 }, async () => {
    const page = await openData(DESKTOP);
    // The demo's twelve, and whatever other browser tests submitted to the demo survey meanwhile.
    await expect
      .poll(async () => Number((await page.getByTestId('data-total').textContent())?.match(/^(\d+) submissions$/)?.[1] ?? 0))
      .toBeGreaterThanOrEqual(12);
    await expectAccessible(page, 'the data table', '[data-testid=survey-data]');
    await screenshot(page, 'data-table-en-desktop');

    await page.getByTestId('data-search').fill('Halima');
    await expect.poll(() => page.getByTestId('data-total').textContent()).toBe('1 submission');
    await page.getByTestId('open-submission').click();
    await page.getByTestId('submission-view').waitFor();
    await expect.poll(() => page.getByTestId('submission-coords').textContent()).toMatch(/^\d+\.\d{6}, \d+\.\d{6}$/);
    // The answers, in the fill page's renderer, read-only.
    await expect
      .poll(() =>
        page
          .locator('[data-testid=submission-view] input, [data-testid=submission-view] textarea')
          .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      )
      .toContain('Halima');
    await page.getByTestId('review-status').selectOption('1');
    await page.getByTestId('review-comment').fill('Confirmed by phone');
    await page.getByTestId('review-save').click();
    await expect.poll(() => page.getByTestId('audit-trail').textContent()).toContain('Confirmed by phone');
    await expectAccessible(page, 'a submission with its review', '[data-testid=submission-view]');
    await screenshot(page, 'data-submission-en-desktop');

    await page.goBack();
    await page.getByTestId('review-filter').selectOption('1');
    await page.getByTestId('data-search').fill('Halima');
    await expect.poll(() => page.getByTestId('data-total').textContent()).toBe('1 submission');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    const sheet = wb.getWorksheet('submissions')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(header.indexOf('_review_status') + 1).value).toBe('Approved');
    expect(wb.getWorksheet('codebook')).toBeDefined();
    await page.context().close();
  });

  it('follows a large export as a job with a progress bar, then downloads a CSV that parses', { timeout: 120_000 }, async () => {
    const page = await openData(DESKTOP);
    // The demo is small: async=true makes the server take the job path a large export would.
    await page.route('**/api/DataCollection/exportSubmissions/**', (route) =>
      route.continue({ url: `${route.request().url()}&async=true` }),
    );
    // Each poll of the job is held a little, so the bar is on screen long enough to be looked at.
    await page.route('**/api/DataCollection/getExportJob/**', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('export-csv').click();
    await page.getByTestId('export-progress').waitFor();
    await expectAccessible(page, 'an export job in progress', '[data-testid=survey-data]');
    await screenshot(page, 'data-export-job-en-desktop');
    const download = await downloading;
    const { readFile } = await import('node:fs/promises');
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const rows = await new Promise<string[][]>((resolve, reject) => {
      const out: string[][] = [];
      parseString(text, { headers: false })
        .on('data', (r: string[]) => out.push(r))
        .on('error', reject)
        .on('end', () => resolve(out));
    });
    expect(rows[0]!.slice(0, 2)).toEqual(['_id', '_submitted_at']);
    expect(rows.length).toBeGreaterThanOrEqual(13);
    expect(download.suggestedFilename()).toBe(`${DEMO_SURVEY_NAME} - data.csv`);
    await expect.poll(() => page.getByTestId('export-progress').count()).toBe(0);
    await page.context().close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    "keeps the grid in place while the survey's questions arrive after its rows (%s)",
    { timeout: 60_000 },
    async (_, viewport) => {
      const page = await openData(viewport);
      // The rows come first, the controls around the grid later (the survey's model is slow here): the
      // controls' space is held from the start, so the rows a reader is looking at do not jump down.
      // Held until the rows show, then let go: the order is the test's, not the machine's speed.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/Survey/GetById', async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      await page.getByTestId('data-row').first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('answer-filter-question').locator('option').count()).toBe(0);
      const before = (await page.getByTestId('data-scroller').boundingBox())!.y;
      release();
      await expect.poll(() => page.getByTestId('answer-filter-question').locator('option').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('table-choice').locator('option').count()).toBeGreaterThan(1);
      expect((await page.getByTestId('data-scroller').boundingBox())!.y).toBe(before);
      await page.context().close();
    },
  );

  it('fits a phone', { timeout: 60_000 }, async () => {
    const page = await openData(PHONE);
    await expectAccessible(page, 'the data table on a phone', '[data-testid=survey-data]');
    await screenshot(page, 'data-table-en-phone');
    // An export job's progress bar, on a phone (see the desktop test for the routes).
    await page.route('**/api/DataCollection/exportSubmissions/**', (route) =>
      route.continue({ url: `${route.request().url()}&async=true` }),
    );
    await page.route('**/api/DataCollection/getExportJob/**', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByTestId('export-csv').click();
    await page.getByTestId('export-progress').waitFor();
    await screenshot(page, 'data-export-job-en-phone');
    await downloading;
    // Scrolled across to the last questions, the checkbox and Open stay in view at the row's start, and a
    // header cell reached by keyboard is not hidden under them.
    const scroller = page.getByTestId('data-scroller');
    await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect.poll(() => page.getByTestId('open-submission').first().isVisible()).toBe(true);
    const box = (await scroller.boundingBox())!;
    const open = (await page.getByTestId('open-submission').first().boundingBox())!;
    expect(open.x + open.width).toBeLessThan(box.x + box.width / 2);
    await scroller.evaluate((el) => (el.scrollLeft = 1000));
    await page.locator('[data-testid=data-scroller] thead input[type=checkbox]').focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const pin = document.querySelector('[data-testid=data-scroller] thead .dg-pin-edge')!.getBoundingClientRect();
      return document.activeElement!.getBoundingClientRect().left >= pin.right - 1;
    });
    expect(focused).toBe(true);
    await screenshot(page, 'data-table-scrolled-en-phone');
    await page.getByTestId('open-submission').first().click();
    await page.getByTestId('submission-view').waitFor();
    await page.waitForTimeout(1500);
    await expectAccessible(page, 'a submission on a phone', '[data-testid=submission-view]');
    await screenshot(page, 'data-submission-en-phone');
    await page.context().close();
  });
});
