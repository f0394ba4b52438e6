// The respondent's language reaches the engine's own messages (issue 18): in Arabic, the submit rule,
// the required messages and the toast speak Arabic and read right to left; the language picker names
// each language in its own script; an answer shown in a label is a <bdi> of its own direction. Axe-clean
// at both widths; screenshots fill-languages-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, launch, newPage, screenshot } from './browser';
import { chooseSurveyLanguage, demoLink, openSurvey, q, type DemoLink } from './fill.support';

let browser: Browser;
let link: DemoLink;
beforeAll(async () => {
  browser = await launch();
  link = await demoLink(browser);
});
afterAll(() => browser?.close());

const ARABIC_LETTERS = /[\u0600-\u06ff]/;
const toast = (page: Page) => page.locator('[data-scope=toast][data-part=root]').first();

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('at %s width', (size, viewport) => {
  it('Arabic: engine messages, the toast and label references', async () => {
    const { context, page } = await newPage(browser, { viewport });
    await openSurvey(page, link.path);
    const names = await page.getByTestId('fill-language').locator('option').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['English', 'العربية']));
    await chooseSurveyLanguage(page, 'Arabic');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    // A name in Latin letters shown inside an Arabic label keeps its own direction, in a <bdi>.
    await q(page, 'consent').locator('input').check();
    await q(page, 'respondent_name').locator('textarea').fill('Amina Yusuf');
    await expect.poll(() => q(page, 'household_size').locator('label bdi[data-answer]').first().textContent()).toBe('Amina Yusuf');

    await page.getByTestId('fill-submit').click();
    await page.getByTestId('fill-submit-error').waitFor();
    expect(await page.getByTestId('fill-submit-error').textContent()).toContain('خطأ: يرجى التأكد من تعبئة جميع الحقول المطلوبة.');
    const errors = await page.getByTestId('field-error').allTextContents();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((e) => !ARABIC_LETTERS.test(e))).toEqual([]);
    expect(errors).toContain('هذا الحقل مطلوب');
    // Each error is shown once, on its question.
    for (const path of ['household_size']) expect(await q(page, path).getByTestId('field-error').count()).toBeLessThanOrEqual(1);
    // The toast says it in Arabic and is laid out right to left.
    await toast(page).waitFor({ timeout: 10_000 });
    expect(await toast(page).textContent()).toMatch(ARABIC_LETTERS);
    expect(await toast(page).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await screenshot(page, `fill-languages-ar-errors-${size}`);
    await expectAccessible(page, `the Arabic fill page with errors and a toast (${size})`);
    await context.close();
  }, 120_000);
});
