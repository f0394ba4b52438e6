// The builder in Chromium: the demo owner creates a survey in Survey Tools, adds questions
// from the palette by keyboard and by drag, reorders with the keyboard alone, fixes a constraint the
// engine flags, writes skip logic with the condition builder, saves, publishes, fills the public link
// and is thanked; a second tab's stale save is refused and reloads.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser';
import { q } from './fill.support';
import { apiAs, drag, openSurveyTools, outlineNames, row, sameSessionTab } from './builder.support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Adds a language in the translation editor, types a translation per base text, waits for the save, marks it Translated. */
async function translateInto(page: Page, code: string, texts: Record<string, string>): Promise<void> {
  const editor = page.getByTestId('translation-editor');
  // The ~250 languages of the reference list arrive with the editor.
  const option = page.getByTestId('translation-add-select').locator(`option[data-code="${code}"]`);
  await option.waitFor({ state: 'attached' });
  await page.getByTestId('translation-add-select').selectOption((await option.getAttribute('value'))!);
  await page.getByTestId('translation-add').click();
  await editor.locator(`[data-code=${code}]`).waitFor();
  const rows = editor.getByTestId('translation-row');
  await expect.poll(() => rows.count()).toBeGreaterThan(0);
  for (const [base, text] of Object.entries(texts)) {
    await rows
      .filter({ has: page.getByTestId('translation-base').getByText(base, { exact: true }) })
      .getByTestId('translation-input')
      .fill(text);
  }
  await expect.poll(() => editor.getByTestId('translation-save-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
  await page.getByTestId('translation-status').selectOption('0');
  await expect.poll(() => editor.locator(`[data-code=${code}] [data-testid=translation-status-badge]`).textContent()).toBe('Translated');
}

const toast = (page: Page, text: string) => expect.poll(() => page.getByText(text).count(), { timeout: 15_000 }).toBeGreaterThan(0);

describe('the builder', () => {
  it('builds, saves, publishes and fills a survey; a stale save in another tab is refused', async () => {
    const page = await openSurveyTools(browser);
    const name = `Water point check ${Date.now() % 100000}`;

    // Create a blank survey: the form leads straight into its builder.
    await page.getByTestId('toolbar-create').click();
    await page.waitForURL('**/survey/survey-tools/create');
    await page.locator('#root_name').fill(name);
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/survey/builder/**', { timeout: 30_000 });
    await page.getByTestId('outline-empty').waitFor();
    const surveyId = page.url().split('/').pop()!;

    // From the palette: select one and text by keyboard (Enter on the type), a number by drag.
    await page.getByTestId('palette-select_one').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => outlineNames(page)).toEqual(['select_one']);
    await page.getByTestId('panel-empty').waitFor({ state: 'detached' });
    await row(page, 'select_one').getByTestId('outline-select').click();
    await page.getByTestId('palette-text').focus();
    await page.keyboard.press('Enter');
    await drag(page, page.getByTestId('palette-integer'), page.getByTestId('outline-end:'));
    await expect.poll(() => outlineNames(page)).toEqual(['select_one', 'text', 'integer']);

    // The keyboard alone: lift the number by its handle, move it up twice, drop it.
    await row(page, 'integer').getByTestId('outline-handle').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect.poll(() => outlineNames(page)).toEqual(['integer', 'select_one', 'text']);
    // Undo and redo by the keyboard shortcuts.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => outlineNames(page)).toEqual(['select_one', 'text', 'integer']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => outlineNames(page)).toEqual(['integer', 'select_one', 'text']);

    // A constraint the engine refuses as typed, then fixed.
    await row(page, 'integer').getByTestId('outline-select').click();
    const constraint = page.getByTestId('prop-constraint');
    await constraint.locator('textarea').fill('. >= ');
    await expect.poll(() => constraint.getByTestId('field-problem').count()).toBe(1);
    await constraint.locator('textarea').fill('. >= 1 and . <= ${nope}');
    await expect.poll(() => constraint.getByTestId('field-problem').textContent()).toContain('nope');
    // `${` offers the survey's names (Enter takes one); a question that comes later gets a word of warning.
    const area = constraint.locator('textarea');
    await area.fill('. != ${sel');
    await expect.poll(() => constraint.getByTestId('expression-completion').allTextContents()).toEqual(['select_one']);
    await area.press('Enter');
    await expect.poll(() => area.inputValue()).toBe('. != ${select_one}');
    await expect.poll(() => constraint.getByTestId('field-later').textContent()).toContain('${select_one} comes later');
    // A bare question name is read as blank (as JavaRosa reads it): a warning, not a refusal.
    await area.fill('. != select_one');
    await expect
      .poll(() => constraint.getByTestId('field-bare-name').textContent())
      .toBe('select_one is read as blank here: did you mean ${select_one}?');
    expect(await constraint.getByTestId('field-problem').count()).toBe(0);
    await area.fill('. >= 1 and . <= 20');
    await expect.poll(() => constraint.getByTestId('field-problem').count()).toBe(0);
    await constraint.locator('textarea').press('Tab');

    // Skip logic on the text question: shown when 'Select one' is Option 2.
    await row(page, 'text').getByTestId('outline-select').click();
    const skip = page.getByTestId('skip-logic');
    await skip.getByTestId('skip-add').click();
    await skip.getByTestId('skip-question').selectOption('select_one');
    await skip.getByTestId('skip-value').selectOption('option_2');
    await skip.getByTestId('skip-mode-expression').click();
    await expect.poll(() => skip.locator('textarea').inputValue()).toBe("${select_one} = 'option_2'");
    await skip.getByTestId('skip-mode-conditions').click();
    await expect.poll(() => skip.getByTestId('skip-condition').count()).toBe(1);

    // The preview is the fill renderer: the text question appears once Option 2 is chosen there.
    const preview = page.getByTestId('builder-preview');
    await expect.poll(() => preview.locator('[data-path="text"]').count()).toBe(0);
    await preview.locator('[data-path="select_one"] input[value=option_2]').check();
    await expect.poll(() => preview.locator('[data-path="text"]').count()).toBe(1);

    // Save, publish.
    await page.getByTestId('builder-save').click();
    await toast(page, 'Survey saved');
    await page.getByTestId('builder-publish').click();
    await toast(page, 'Survey published');
    await expect.poll(() => page.getByTestId('builder-status').textContent()).toBe('Published');

    // A second tab on the same survey saves first; this tab's save is then stale.
    const other = await sameSessionTab(page);
    await other.goto(`/survey/builder/${surveyId}`);
    await other.getByTestId('palette-note').click();
    await other.getByTestId('builder-save').click();
    await toast(other, 'Survey saved');
    await page.getByTestId('palette-note').click();
    await page.getByTestId('builder-save').click();
    await page.getByTestId('builder-stale').waitFor();
    await page.getByTestId('builder-reload').click();
    await page.getByTestId('builder-stale').waitFor({ state: 'detached' });
    await expect.poll(() => outlineNames(page)).toEqual(['integer', 'select_one', 'text', 'note']);
    await other.close();

    // Translations: French in full, Arabic in part; each saved as typed (500 ms of quiet), counted, then Translated.
    await page.getByTestId('builder-mode-translate').click();
    const editor = page.getByTestId('translation-editor');
    await translateInto(page, 'fr', {
      Number: 'Nombre',
      'Select one': 'Choisissez',
      'Option 1': 'Choix 1',
      'Option 2': 'Choix 2',
      Text: 'Texte',
      Note: 'Remarque',
    });
    await expect.poll(() => editor.locator('[data-code=fr] [data-testid=translation-missing]').textContent()).toBe('Every text translated');
    await translateInto(page, 'ar', { Number: 'رقم', 'Select one': 'اختر واحدا' });
    await expect
      .poll(() => editor.locator('[data-code=ar] [data-testid=translation-missing]').textContent())
      .toBe('4 texts not translated');
    // The Arabic preview reads right to left, and falls back to English where Arabic is missing.
    const form = preview.getByTestId('survey-form');
    await expect.poll(() => form.getAttribute('dir')).toBe('rtl');
    await expect.poll(() => preview.locator('[data-path="select_one"]').textContent()).toContain('اختر واحدا');
    await expect.poll(() => preview.locator('[data-path="select_one"]').textContent()).toContain('Option 1');
    // Reloaded from the server: what was typed was saved.
    await page.reload();
    await page.getByTestId('builder-mode-translate').click();
    await editor.locator('[data-code=fr] [data-testid=translation-choose]').click();
    await expect.poll(() => editor.locator('[data-key] textarea').first().inputValue()).toBe('Nombre');
    await expect.poll(() => editor.locator('[data-code=fr] [data-testid=translation-status-badge]').textContent()).toBe('Translated');

    // The public link, filled in French and accepted; the submission is stored.
    const projectId = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('fs.session')!) as { currentProjectId: string }).currentProjectId,
    );
    const toolsUrl = `/Survey/GetSurveyTools?ProjectId=${projectId}&search=${encodeURIComponent(name)}`;
    const tools = await apiAs<{ surveys: { id: string; publicLink: string }[] }>(page, toolsUrl);
    const link = tools.surveys.find((s) => s.id === surveyId)!.publicLink;
    const fill = await page.context().newPage();
    await fill.goto(link);
    await fill.getByTestId('fill-language').selectOption({ label: 'Français' });
    await expect.poll(() => q(fill, 'select_one').textContent()).toContain('Choisissez');
    await expect.poll(() => q(fill, 'select_one').textContent()).toContain('Choix 2');
    await q(fill, 'integer').locator('input').fill('7');
    await q(fill, 'select_one').locator('input[value=option_2]').check();
    await q(fill, 'text').locator('textarea, input').first().fill('La pompe marche');
    await fill.getByTestId('fill-submit').click();
    await fill.getByTestId('fill-thanks').waitFor({ timeout: 30_000 });
    await expect
      .poll(
        async () =>
          (await apiAs<{ surveys: { id: string; submissionCount: number }[] }>(page, toolsUrl)).surveys.find((s) => s.id === surveyId)!
            .submissionCount,
      )
      .toBe(1);
    await page.context().close();
  }, 240_000);
});
