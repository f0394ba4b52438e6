// Survey Tools' 'Import XLSForm' and 'Export XLSForm' at a phone's and a laptop's width:
// a published form (fixtures/xlsforms) imported as a new survey shows its report as a table; a broken
// workbook shows the rows to fix. Screenshots tests/e2e/screenshots/xlsform-*.png; axe on each dialog.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { animationsSettled, baseUrl, chooseLanguage, launch, screenshot, SCREENSHOTS, signIn } from './browser';
import { WIDE } from './builder.support';

/** builder.support's openSurveyTools, in a context that lets axe's script in past the app's CSP. */
async function openSurveyTools(b: Browser, viewport: { width: number; height: number }) {
  const context = await b.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, 'organization@demo.test');
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await page.getByTestId('card').filter({ hasText: 'East Africa Emergency Response' }).getByRole('button').first().click();
  await page.waitForURL('**/project-selection');
  await page.getByTestId('row').filter({ hasText: 'Household Needs Assessment 2026' }).click();
  await page.waitForURL('**/dashboard');
  await page.goto('/survey/survey-tools');
  await page.getByTestId('row').first().waitFor({ timeout: 30_000 });
  return page;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const SIZES = { desktop: WIDE, phone: { width: 360, height: 740 } } as const;

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('at %s width', (width) => {
  it('imports a published form with its report, and shows why a broken one cannot be imported', async () => {
    const page = await openSurveyTools(browser, SIZES[width]);
    await page.getByTestId('xlsform-import-open').click();
    const dialog = page.getByTestId('xlsform-import-dialog');
    await dialog.waitFor();
    await animationsSettled(page);
    await expectAccessible(page, 'import dialog', '[data-testid="xlsform-import-dialog"]');
    await page.getByTestId('xlsform-file').setInputFiles({
      name: 'odk-all-question-types.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: readFileSync('fixtures/xlsforms/odk-all-question-types.xlsx'),
    });
    await page.getByTestId('xlsform-import-run').click();
    await page.getByTestId('xlsform-report').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('xlsform-report').getByRole('status').textContent()).toMatch(/Imported/);
    expect(await page.getByTestId('xlsform-report').locator('tbody tr').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'import report', '[data-testid="xlsform-import-dialog"]');
    await screenshot(page, `xlsform-report-${width}`);
    await dialog.screenshot({ path: join(SCREENSHOTS, `xlsform-report-${width}-part.png`) });
    await page.keyboard.press('Escape');

    await page.getByTestId('xlsform-import-open').click();
    await page
      .getByTestId('xlsform-file')
      .setInputFiles({ name: 'broken.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') });
    await page.getByTestId('xlsform-import-run').click();
    await page.getByTestId('xlsform-report').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('xlsform-report').textContent()).toContain('not a workbook Excel can open');
    await screenshot(page, `xlsform-refused-${width}`);
    await page.keyboard.press('Escape');

    await page.getByTestId('xlsform-export-open').click();
    await page.getByTestId('xlsform-export-dialog').waitFor();
    await animationsSettled(page);
    await expectAccessible(page, 'export dialog', '[data-testid="xlsform-export-dialog"]');
    await page.getByTestId('xlsform-survey').selectOption({ index: 1 });
    const download = page.waitForEvent('download');
    await page.getByTestId('xlsform-export-run').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    await screenshot(page, `xlsform-export-${width}`);
    await page.context().close();
  }, 180_000);
});

describe('the report, in the interface language, linked to the builder', () => {
  it('reads in German and opens the builder on the question a row names', async () => {
    const page = await openSurveyTools(browser, SIZES.desktop);
    await chooseLanguage(page, 'Deutsch');
    await page.getByTestId('xlsform-import-open').click();
    // background-audio is read as the nearest of ours with a warning (a geotrace is kept as it is).
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('survey').addRows([
      ['type', 'name', 'label'],
      ['text', 'who', 'Your name'],
      ['background-audio', 'ambient', ''],
    ]);
    await page.getByTestId('xlsform-file').setInputFiles({
      name: 'ambient.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    await page.getByTestId('xlsform-import-run').click();
    const report = page.getByTestId('xlsform-report');
    await report.waitFor({ timeout: 60_000 });
    // The server's English comes with a code; the row reads as the German locale words it.
    const row = report.locator('tbody tr').filter({ hasText: 'Aufnehmen im Hintergrund wird nicht angeboten' }).first();
    expect(await row.textContent()).toContain('„background-audio“ wurde zu');
    expect(await report.textContent()).not.toContain('background recording is not offered');
    await expectAccessible(page, 'German import report', '[data-testid="xlsform-import-dialog"]');
    await screenshot(page, 'xlsform-report-de');
    await row.getByRole('link', { name: 'ambient', exact: true }).first().click();
    await page.waitForURL(/\/survey\/builder\/[^?]+\?question=ambient/, { timeout: 30_000 });
    const outlineRow = page.locator('[data-testid="outline-row"][data-name="ambient"]');
    await outlineRow.waitFor({ timeout: 30_000 });
    await expect.poll(() => outlineRow.getByTestId('outline-select').getAttribute('aria-current')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="outline-row"]')?.getAttribute('data-name')))
      .toBe('ambient');
    await screenshot(page, 'xlsform-builder-question');
    await page.context().close();
  }, 180_000);
});
