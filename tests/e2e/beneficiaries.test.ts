// Respondents in the browser: a project manager opens Manage Relationships > Respondents (the demo list),
// imports a CSV file through the dialog (file, columns mapped with a preview, the row-by-row report), finds
// the new list chosen, filters it by District (a chip appears, the rows narrow), and opens a respondent's
// page with their fields, their history and 'Go back'. Axe over each state at desktop and phone width;
// screenshots in tests/e2e/screenshots/respondents-*.png, to be looked at.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RESPONDENT_LIST } from '../../fixtures/demo/respondents';
import { DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const device = (v: { width: number }) => (v.width < 500 ? 'phone' : 'desktop');
const CSV = [
  'National ID,Full name,Sex,Phone,District,Intervention',
  'E2E-1,Wanjiku Mwangi,Female,0712 345 001,Turkana West,Cash transfer',
  'E2E-2,Otieno Ouma,Male,0712 345 002,Turkana Central,Cash transfer',
  'E2E-3,Akinyi Atieno,Female,12345,Turkana West,Food voucher',
  'E2E-4,Kamau Njoroge,Male,0712 345 004,Turkana West,Food voucher',
].join('\n');

describe.each([DESKTOP, PHONE])('respondents at %o', (viewport) => {
  it('imports a list, filters it and opens a respondent', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `respondents-${name}-${device(viewport)}`);
    await signIn(page, 'manager@demo.test');
    await page.waitForURL('**/workspace', { timeout: 30_000 });
    await chooseProject(page, DEMO_SURVEY_PROJECT);
    await page.goto('/beneficiaries/table');
    await page.getByTestId('respondent-list').waitFor({ timeout: 30_000 });
    // Lists come newest first (another width's run may have added one): the demo list is chosen by hand.
    await page.getByTestId('list-choice').filter({ hasText: DEMO_RESPONDENT_LIST }).click();
    await expect.poll(() => page.getByTestId('respondent-row').count()).toBe(10);
    await shot('table');
    await expectAccessible(page, '/beneficiaries/table', '[data-testid="page-respondents"]');

    // Import: the file, then its columns with the suggested mapping; nothing is stored before 'Import'.
    await page.getByTestId('import-list').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('import-file').setInputFiles({ name: 'households.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await dialog.getByTestId('import-mapping').waitFor();
    expect(await dialog.getByTestId('map-0').inputValue()).toBe('idNumber');
    expect(await dialog.getByTestId('map-3').inputValue()).toBe('phone');
    const name = `E2E list ${device(viewport)} ${Date.now()}`;
    await dialog.getByTestId('import-name').fill(name);
    await shot('import-mapping');
    await expectAccessible(page, 'import dialog: mapping', '[data-testid="import-dialog"]');
    await dialog.getByTestId('import-run').click();
    await dialog.getByTestId('import-report').waitFor();
    await expect.poll(() => dialog.getByText('3 added').count()).toBe(1);
    expect(await dialog.getByTestId('report-line').filter({ hasText: 'Not a valid phone number.' }).count()).toBe(1);
    await shot('import-report');
    await expectAccessible(page, 'import dialog: report', '[data-testid="import-dialog"]');
    await dialog.getByTestId('import-done').click();
    await dialog.waitFor({ state: 'detached' });

    // The new list is chosen; a District filter narrows it and shows as a chip.
    await expect.poll(() => page.getByTestId('list-choice').filter({ hasText: name }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('respondent-row').count()).toBe(3);
    await page.getByTestId('filter-District').selectOption({ label: 'Turkana West' });
    await page.getByTestId('filter-chip').filter({ hasText: 'Turkana West' }).waitFor();
    await expect.poll(() => page.getByTestId('respondent-row').count()).toBe(2);
    await shot('filtered');
    await expectAccessible(page, '/beneficiaries/table filtered', '[data-testid="page-respondents"]');

    // A respondent's page: fields, history, and the back button of respondent pages.
    await page.getByTestId('respondent-link').filter({ hasText: 'Wanjiku Mwangi' }).click();
    await page.getByTestId('page-respondent').waitFor();
    expect(await page.getByTestId('respondent-fields').getByText('+254712345001').count()).toBe(1);
    expect(await page.getByTestId('respondent-history').getByText('Imported').count()).toBe(1);
    expect((await page.getByTestId('back-button').textContent())?.trim()).toBe('Go back');
    await shot('respondent');
    await expectAccessible(page, '/beneficiaries/respondent/:id', '[data-testid="page-respondent"]');
    await page.getByTestId('back-button').click();
    await page.getByTestId('filter-chip').filter({ hasText: 'Turkana West' }).waitFor();
    await context.close();
  });
});
