// The fill page at phone (360 px) and desktop width, in English and Arabic (right to left), filled in
// part so that every kind of widget shows: screenshots to look at.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, launch, newPage } from './browser';
import { chooseSurveyLanguage, demoLink, openSurvey, q, screenshots, type DemoLink } from './fill.support';

let browser: Browser;
let link: DemoLink;
beforeAll(async () => {
  browser = await launch();
  link = await demoLink(browser);
});
afterAll(() => browser?.close());

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the fill page at %s width', (name, viewport) => {
  it.each([['English'], ['Arabic']] as const)('in %s', async (language) => {
    const { context, page } = await newPage(browser, { viewport });
    await openSurvey(page, link.path);
    if (language === 'Arabic') await chooseSurveyLanguage(page, 'Arabic');
    await q(page, 'consent').locator('input').check();
    await q(page, 'respondent_name').locator('textarea').fill('Amina');
    await q(page, 'household_size').locator('input').fill('2');
    await q(page, 'region').locator('input[value=mandera]').check();
    const dir = await page.getByTestId('survey-form').getAttribute('dir');
    expect(dir).toBe(language === 'Arabic' ? 'rtl' : 'ltr');
    // No widget may push the page sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshots(page, `fill-${name}-${language === 'Arabic' ? 'ar' : 'en'}`);
    await expectAccessible(page, `the filled-in fill page (${language}, ${name})`);
    await context.close();
  });
});
