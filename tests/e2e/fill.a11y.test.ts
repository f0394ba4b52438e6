// The fill page for respondents who read right to left, who use only a keyboard or a screen reader:
// the whole page mirrored in Arabic with <html lang dir> following the survey language, the keyboard
// path through the widgets to a submit that puts the cursor in the first error, the language kept
// across the reload after a submit, and axe-core over every state (empty, errors, filled) at both widths.
import type { Browser, Page } from 'playwright-core';
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

const html = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
/** Where an element sits across the page: its centre as a share of the viewport width. */
const across = async (page: Page, testId: string) => {
  const box = (await page.getByTestId(testId).boundingBox())!;
  return (box.x + box.width / 2) / page.viewportSize()!.width;
};

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('at %s width', (size, viewport) => {
  it('Arabic mirrors the whole page and sets <html lang dir>; English puts it back', async () => {
    const { context, page } = await newPage(browser, { viewport });
    await openSurvey(page, link.path);
    expect(await html(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await q(page, 'consent').locator('input').check();
    const submitLtr = await across(page, 'fill-submit');
    await expectAccessible(page, `the fill page in English (${size})`);

    await chooseSurveyLanguage(page, 'Arabic');
    await expect.poll(() => html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.getByTestId('fill-page').getAttribute('dir')).toBe('rtl');
    // The submit button moved from the right-hand end to the left-hand end, as Arabic reads.
    const submitRtl = await across(page, 'fill-submit');
    expect(submitLtr).toBeGreaterThan(0.5);
    expect(submitRtl).toBeLessThan(0.5);
    // A name typed in Latin letters keeps its own direction inside the Arabic form.
    await q(page, 'respondent_name').locator('textarea').fill('Amina Yusuf');
    expect(
      await q(page, 'respondent_name')
        .locator('textarea')
        .evaluate((e) => getComputedStyle(e).direction),
    ).toBe('rtl');
    expect(await q(page, 'phone').locator('input').getAttribute('dir')).toBe('ltr');
    // The example number in the Arabic hint reads '+254 712 345678', not '345678 712 254+'.
    expect(await q(page, 'phone').locator('.fs-hint bdi[dir=ltr]').textContent()).toBe('+254 712 345678');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshots(page, `fill-rtl-${size}`);
    await expectAccessible(page, `the fill page in Arabic (${size})`);

    await page.getByTestId('fill-submit').click();
    await page.getByTestId('fill-submit-error').waitFor();
    await screenshots(page, `fill-rtl-errors-${size}`);
    await expectAccessible(page, `the fill page in Arabic with errors (${size})`);

    await chooseSurveyLanguage(page, 'English');
    await expect.poll(() => html(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await context.close();
  });
});

describe('the keyboard alone', () => {
  it('answers, reaches submit, and lands in the first question in error, which names its error', async () => {
    const { context, page } = await newPage(browser);
    await openSurvey(page, link.path);
    // Consent: Tab to the checkbox, Space ticks it.
    await q(page, 'consent').locator('input').focus();
    await page.keyboard.press('Space');
    expect(await q(page, 'consent').locator('input').isChecked()).toBe(true);
    // Region, a radio group: arrows move the choice, as in any radio group.
    await q(page, 'region').locator('input').first().focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    const region = await q(page, 'region').locator('input:checked').getAttribute('value');
    expect(region).not.toBeNull();
    expect(await q(page, 'region').locator('input').first().isChecked()).toBe(false);
    // Tab leaves the group and goes on to the next question's control, never stuck inside a widget.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-path]')?.getAttribute('data-path'))).toBe('district');

    // Submit by keyboard: the cursor lands in the first question in error.
    await page.getByTestId('fill-submit').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('fill-submit-error').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-path]')?.getAttribute('data-path')))
      .toBe('respondent_name');
    // Its error is part of what a screen reader reads for the focused field.
    const described = await page.evaluate(() => {
      const el = document.activeElement!;
      return (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    });
    expect(described).toContain('This field is required');
    // Every widget in the page has a name a screen reader can read.
    const unnamed = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '[data-testid=survey-form] input:not([type=hidden]), [data-testid=survey-form] textarea, [data-testid=survey-form] select, [data-testid=survey-form] button',
        ),
      ]
        .filter((el) => el.offsetParent !== null)
        .filter((el) => {
          const labelled =
            el.getAttribute('aria-label') ||
            el.getAttribute('aria-labelledby') ||
            (el as HTMLInputElement).labels?.length ||
            el.closest('label') ||
            el.textContent?.trim();
          return !labelled;
        })
        .map((el) => el.outerHTML.slice(0, 120)),
    );
    expect(unnamed).toEqual([]);
    await expectAccessible(page, 'the fill page after a keyboard submit with errors');
    await context.close();
  });
});

describe('the language after a submit', () => {
  it('the next form comes back in Arabic after submitting in Arabic', async () => {
    const { context, page } = await newPage(browser);
    await openSurvey(page, link.path);
    await chooseSurveyLanguage(page, 'Arabic');
    // The required questions, answered in Arabic.
    await q(page, 'consent').locator('input').check();
    await q(page, 'respondent_name').locator('textarea').fill('أمينة');
    await q(page, 'region').locator('input').first().check();
    await q(page, 'district').locator('input').first().check();
    await q(page, 'household_size').locator('input').fill('1');
    await q(page, 'members[1]/member_name').locator('textarea').fill('أمينة');
    await q(page, 'members[1]/member_age').locator('input').fill('30');
    await q(page, 'priority_needs').locator('input').first().check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/DataCollection/SubmitSurvey')),
      page.getByTestId('fill-submit').click(),
    ]);
    expect(response.status()).toBe(200);
    await page.getByTestId('fill-thanks').waitFor();
    expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // The page reloads for the next respondent, in Arabic.
    await page.waitForEvent('load', { timeout: 15_000 });
    await page.getByTestId('survey-form').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('survey-form').getAttribute('lang')).toBe('ar');
    expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await context.close();
  });
});
