// The builder's offline paths in Chromium: a choice names its image file in the property
// panel; the translation spreadsheet is exported from the translation editor, filled in as a translator
// would (ExcelJS, French column), imported through the editor's upload button, and the editor, the
// preview and a reload show the imported texts.
import ExcelJS from 'exceljs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser';
import { openSurveyTools, outlineNames, row } from './builder.support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const FRENCH: Record<string, string> = { 'Select one': 'Choisissez', 'Option 1': 'Choix 1', 'Option 2': 'Choix 2' };

describe('the builder offline', () => {
  it('names a choice image, exports the translation sheet, imports it filled in French', async () => {
    const page = await openSurveyTools(browser);
    await page.getByTestId('toolbar-create').click();
    await page.waitForURL('**/survey/survey-tools/create');
    await page.locator('#root_name').fill(`Sheet round trip ${Date.now() % 100000}`);
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/survey/builder/**', { timeout: 30_000 });
    await page.getByTestId('palette-select_one').click();
    await expect.poll(() => outlineNames(page)).toEqual(['select_one']);
    await row(page, 'select_one').getByTestId('outline-select').click();

    // Choice images: a path is refused as typed, a bare file name is kept.
    const choices = page.getByTestId('prop-choices');
    await choices.getByTestId('choice-images').click();
    const image = choices.getByTestId('choice-image').first();
    await image.fill('photos/goat.png');
    await expect.poll(() => image.getAttribute('aria-invalid')).toBe('true');
    await image.fill('goat.png');
    await image.press('Tab');
    await page.getByTestId('builder-save').click();
    await expect.poll(() => page.getByText('Survey saved').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // French added in the translation editor; the sheet downloaded, filled, uploaded.
    await page.getByTestId('builder-mode-translate').click();
    const editor = page.getByTestId('translation-editor');
    const option = page.getByTestId('translation-add-select').locator('option[data-code="fr"]');
    await option.waitFor({ state: 'attached' });
    await page.getByTestId('translation-add-select').selectOption((await option.getAttribute('value'))!);
    await page.getByTestId('translation-add').click();
    await editor.locator('[data-code=fr]').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('translation-export').click()]);
    const dir = mkdtempSync(join(tmpdir(), 'fs-sheet-'));
    const exported = join(dir, 'exported.xlsx');
    await download.saveAs(exported);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(exported);
    const sheet = book.getWorksheet('translations')!;
    const head = sheet.getRow(1);
    const fr = Array.from({ length: head.cellCount }, (_, i) => head.getCell(i + 1).text).findIndex((h) => h.endsWith('(fr)')) + 1;
    const base = 4;
    expect(fr).toBeGreaterThan(base);
    sheet.eachRow((r, n) => {
      const text = FRENCH[r.getCell(base).text];
      if (n > 1 && text) r.getCell(fr).value = text;
    });
    const filled = join(dir, 'filled.xlsx');
    await book.xlsx.writeFile(filled);

    // Adding French chose it: its texts are open beside English.
    await expect.poll(() => editor.locator('[data-code=fr] [data-testid=translation-choose]').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('translation-import-file').setInputFiles(filled);
    await expect.poll(() => page.getByText('3 texts imported').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => editor.locator('[data-code=fr] [data-testid=translation-missing]').textContent()).toBe('Every text translated');
    await expect
      .poll(() => editor.getByTestId('translation-input').evaluateAll((list) => list.map((e) => (e as HTMLTextAreaElement).value)))
      .toEqual(['Choisissez', 'Choix 1', 'Choix 2']);
    // The preview follows the language being translated.
    await expect.poll(() => page.getByTestId('builder-preview').locator('[data-path="select_one"]').textContent()).toContain('Choix 2');

    // Kept by the server: after a reload, the French texts and the choice's image file.
    await page.reload();
    await page.getByTestId('builder-mode-translate').click();
    await editor.locator('[data-code=fr] [data-testid=translation-choose]').click();
    await expect.poll(() => editor.getByTestId('translation-input').first().inputValue()).toBe('Choisissez');
    await page.getByTestId('builder-mode-build').click();
    await row(page, 'select_one').getByTestId('outline-select').click();
    await expect.poll(() => page.getByTestId('prop-choices').getByTestId('choice-image').first().inputValue()).toBe('goat.png');
    await page.context().close();
  }, 180_000);
});
