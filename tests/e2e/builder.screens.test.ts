// Survey Tools and the builder at a phone's and a laptop's width: tests/e2e/screenshots/builder-*.png,
// to be looked at - the list, the builder of the demo survey, a select question's property panel and
// the condition builder, the translation editor (French, then Arabic right to left) and the dialogs;
// axe-core finds nothing critical or serious in any of them. Nothing is saved.
import type { Browser, Page } from 'playwright-core';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { join } from 'node:path';
import { expectAccessible } from './axe';
import { launch, screenshot, SCREENSHOTS } from './browser';
import { openSurveyTools, row, WIDE } from './builder.support';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const SIZES = { desktop: WIDE, phone: { width: 360, height: 740 } } as const;

async function shoot(page: Page, name: string, width: keyof typeof SIZES, part?: string) {
  await screenshot(page, `builder-${name}-${width}`);
  // The part in question at its own size: a phone's full page is too long to judge it by.
  if (part) await page.getByTestId(part).screenshot({ path: join(SCREENSHOTS, `builder-${name}-${width}-part.png`) });
}

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('at %s width', (width) => {
  it('shows Survey Tools, the builder, a select question and the condition builder', async () => {
    const page = await openSurveyTools(browser, SIZES[width]);
    await shoot(page, 'tools', width);
    await expectAccessible(page, `Survey Tools at ${width} width`);

    // Found by search: other browser tests add surveys to this project, which can push it off the first page.
    await page.getByTestId('screen-search').fill(DEMO_SURVEY_NAME);
    await page.getByTestId('row').filter({ hasText: DEMO_SURVEY_NAME }).first().getByTestId('action-open').click();
    await page.waitForURL('**/survey/builder/**');
    await page.getByTestId('builder-outline').waitFor({ timeout: 30_000 });
    await page.getByTestId('survey-form').waitFor();
    await shoot(page, 'builder', width, 'builder-outline');
    await expectAccessible(page, `the builder at ${width} width`);

    await row(page, 'region').getByTestId('outline-select').click();
    await page.getByTestId('property-panel').waitFor();
    // With each choice's image file shown (a view of the panel: nothing changes until one is typed).
    await page.getByTestId('prop-choices').getByTestId('choice-images').click();
    await page.getByTestId('property-panel').scrollIntoViewIfNeeded();
    await shoot(page, 'select-panel', width, 'property-panel');
    await expectAccessible(page, `a select question's panel at ${width} width`);

    await row(page, 'respondent_name').getByTestId('outline-select').click();
    const skip = page.getByTestId('skip-logic');
    await skip.getByTestId('skip-add').click();
    await skip.getByTestId('skip-question').selectOption('region');
    await skip.getByTestId('skip-add').click();
    await skip.getByTestId('skip-join').selectOption('or');
    await skip.scrollIntoViewIfNeeded();
    await shoot(page, 'conditions', width, 'skip-logic');
    await expectAccessible(page, `the condition builder at ${width} width`);

    // Leaving with unsaved changes asks first (the condition added above is unsaved); staying keeps them.
    await page.getByTestId('back-button').click();
    await page.getByTestId('fill-leave').waitFor();
    await screenshot(page, `builder-leave-${width}`);
    await expectAccessible(page, `the unsaved-changes dialog at ${width} width`);
    await page.keyboard.press('Escape');
    await page.getByTestId('fill-leave').waitFor({ state: 'detached' });
    // Back to the survey as loaded, so that opening the translations saves nothing.
    while (await page.getByTestId('builder-undo').isEnabled()) await page.getByTestId('builder-undo').click();
    await page.getByTestId('builder-unsaved').waitFor({ state: 'detached' });

    // The translation editor: French side by side with English, then the Arabic preview right to left.
    await page.getByTestId('builder-mode-translate').click();
    const editor = page.getByTestId('translation-editor');
    await editor.locator('[data-code=fr] [data-testid=translation-choose]').click();
    await editor.getByTestId('translation-row').first().waitFor();
    await shoot(page, 'translations', width, 'translation-editor');
    await expectAccessible(page, `the translation editor at ${width} width`);
    await editor.locator('[data-code=ar] [data-testid=translation-choose]').click();
    await page.getByTestId('builder-preview').getByTestId('survey-form').and(page.locator('[dir=rtl]')).waitFor();
    await page.getByTestId('builder-preview').scrollIntoViewIfNeeded();
    await shoot(page, 'translations-arabic', width, 'builder-preview');
    await expectAccessible(page, `the Arabic translation and preview at ${width} width`);
    await page.context().close();
  }, 120_000);
});
