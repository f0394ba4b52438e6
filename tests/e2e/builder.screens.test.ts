// Survey Tools and the builder at a phone's and a laptop's width: tests/e2e/screenshots/builder-*.png,
// to be looked at - the list, the builder of the demo survey, a select question's property panel and
// the condition builder. Nothing is saved.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { join } from 'node:path';
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

    await page.getByTestId('row').filter({ hasText: 'Household Needs Assessment' }).getByTestId('action-open').click();
    await page.waitForURL('**/survey/builder/**');
    await page.getByTestId('builder-outline').waitFor({ timeout: 30_000 });
    await page.getByTestId('survey-form').waitFor();
    await shoot(page, 'builder', width, 'builder-outline');

    await row(page, 'region').getByTestId('outline-select').click();
    await page.getByTestId('property-panel').waitFor();
    await page.getByTestId('property-panel').scrollIntoViewIfNeeded();
    await shoot(page, 'select-panel', width, 'property-panel');

    await row(page, 'respondent_name').getByTestId('outline-select').click();
    const skip = page.getByTestId('skip-logic');
    await skip.getByTestId('skip-add').click();
    await skip.getByTestId('skip-question').selectOption('region');
    await skip.getByTestId('skip-add').click();
    await skip.getByTestId('skip-join').selectOption('or');
    await skip.scrollIntoViewIfNeeded();
    await shoot(page, 'conditions', width, 'skip-logic');
    await page.context().close();
  }, 120_000);
});
