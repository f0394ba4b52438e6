// Sections and repeats in the builder, as an author tries them: a section from the palette,
// questions added into it where the selection is, one moved out of it with the keyboard alone,
// the section made a repeat group that the preview (the fill renderer) lets a respondent add instances
// of, a relevance on the section, undo of all of it. Screenshots at both widths: builder-sections-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { launch, screenshot } from './browser';
import { openSurveyTools, outlineNames, row, WIDE } from './builder.support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const SIZES = { desktop: WIDE, phone: { width: 360, height: 740 } } as const;

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('at %s width', (width) => {
  it('builds a repeat group with skip logic', async () => {
    const page = await openSurveyTools(browser, SIZES[width]);
    await page.getByTestId('toolbar-create').click();
    await page.waitForURL('**/survey/survey-tools/create');
    await page.locator('#root_name').fill(`Sections ${width} ${Date.now() % 100000}`);
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/survey/builder/**', { timeout: 30_000 });
    await page.getByTestId('outline-empty').waitFor();

    // A number at the top, then a section; with the section selected, two questions go into it (at its end).
    await page.getByTestId('palette-integer').click();
    await row(page, 'integer').getByTestId('outline-select').click();
    await page.getByTestId('palette-section').click();
    await expect.poll(() => outlineNames(page)).toEqual(['integer', 'section']);
    await row(page, 'section').getByTestId('outline-select').click();
    await page.getByTestId('palette-text').click();
    await row(page, 'section').getByTestId('outline-select').click();
    await page.getByTestId('palette-date').click();
    await expect.poll(() => outlineNames(page)).toEqual(['integer', 'section', 'text', 'date']);

    // The keyboard alone: the date question one step down, past the section's end, is out of it.
    await row(page, 'date').getByTestId('outline-handle').focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('builder-preview').locator('[data-path="date"]').count()).toBe(1);
    const depthOf = (name: string) => row(page, name).evaluate((el) => getComputedStyle(el.parentElement!).marginInlineStart);
    await expect.poll(() => depthOf('date')).toBe('0px');
    await expect.poll(() => depthOf('text')).toBe('20px');

    // The section made a repeat group: the preview offers to add an instance; its relevance reads the number.
    await row(page, 'section').getByTestId('outline-select').click();
    await page.getByTestId('prop-repeat').getByText('Repeat group').click();
    await expect.poll(() => page.getByTestId('prop-repeat').locator('input').isChecked()).toBe(true);
    await expect.poll(() => row(page, 'section').locator('svg[aria-label]').count()).toBe(1);
    const skip = page.getByTestId('skip-logic');
    await skip.getByTestId('skip-add').click();
    await skip.getByTestId('skip-question').selectOption('integer');
    await skip.getByTestId('skip-mode-expression').click();
    await expect.poll(() => skip.locator('textarea').inputValue()).toContain('${integer}');
    await skip.locator('textarea').fill('${integer} > 0');
    await skip.locator('textarea').press('Tab');
    const preview = page.getByTestId('builder-preview');
    // The preview follows an edit after its frame (Preview.tsx): typed into before the rule has reached it,
    // the answer would go with the form it rebuilds. The rule is there once the empty number hides the group.
    await expect.poll(() => preview.getByTestId('repeat-add-section').count()).toBe(0);
    await preview.locator('[data-path="integer"] input').fill('3');
    await expect
      .poll(() => preview.getByTestId('repeat-add-section').count())
      .toBe(1)
      .catch(async (e: unknown) => {
        await screenshot(page, `debug-sections-${width}`);
        throw e;
      });
    await preview.getByTestId('repeat-add-section').click();
    await expect.poll(() => preview.getByTestId('repeat-instance').count()).toBeGreaterThan(0);
    await row(page, 'section').scrollIntoViewIfNeeded();
    await screenshot(page, `builder-sections-${width}`);
    await expectAccessible(page, `the builder with a repeat group at ${width} width`);

    // Undo takes it all back, one edit at a time.
    while (await page.getByTestId('builder-undo').isEnabled()) await page.getByTestId('builder-undo').click();
    await page.getByTestId('outline-empty').waitFor();
    await page.context().close();
  }, 150_000);
});
