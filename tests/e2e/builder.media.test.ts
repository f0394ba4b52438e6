// The builder's media: from a choice of a select question, the survey's media dialog uploads
// an image (the media page's upload: same call, same limits) and picks it; the live preview - the fill
// page's renderer - draws it with the choice's label as its text, lazily, within a phone's width, in
// the interface's German and in the survey's Arabic, right to left. Screenshots at 360 and 1280 px:
// tests/e2e/screenshots/builder-media-*.png; axe-core finds nothing critical or serious. The choice image
// is saved and cleared again (the uploaded file stays in its media: uploading it again replaces it).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { expectAccessible } from './axe';
import { chooseLanguage, launch, screenshot, SCREENSHOTS } from './browser';
import { openSurveyTools, row, WIDE } from './builder.support';

/** A real 8x8 PNG, so the server's check of the bytes takes it for an image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4UaGBFTEMLQkAUtVaAV8W4QQAAAAASUVORK5CYII=', 'base64');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const SIZES = { desktop: WIDE, phone: { width: 360, height: 740 } } as const;

async function openDemoBuilder(page: Page): Promise<void> {
  await page.getByTestId('screen-search').fill(DEMO_SURVEY_NAME);
  await page.getByTestId('row').filter({ hasText: DEMO_SURVEY_NAME }).first().getByTestId('action-open').click();
  await page.waitForURL('**/survey/builder/**');
  await page.getByTestId('builder-outline').waitFor({ timeout: 30_000 });
  await page.getByTestId('survey-form').waitFor();
}

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('at %s width, in German', (width) => {
  it("uploads a choice's image from the builder and shows it in the preview, then in Arabic", async () => {
    const page = await openSurveyTools(browser, SIZES[width]);
    await chooseLanguage(page, 'Deutsch');
    await page.getByTestId('row').first().waitFor();
    await screenshot(page, `builder-media-tools-de-${width}`);
    await expectAccessible(page, `Survey Tools in German at ${width} width`);
    await openDemoBuilder(page);
    await expectAccessible(page, `the builder in German at ${width} width`);

    await row(page, 'region').getByTestId('outline-select').click();
    const choices = page.getByTestId('prop-choices');
    await choices.getByTestId('choice-images').click();
    await choices.getByTestId('choice-image-pick').first().click();
    const dialog = page.getByTestId('builder-media');
    await dialog.waitFor();
    await dialog.getByText('Bild von Auswahl 1').waitFor();
    await screenshot(page, `builder-media-dialog-de-${width}`);
    await expectAccessible(page, `the media dialog in German at ${width} width`);

    await dialog.getByTestId('survey-media-file').setInputFiles({ name: 'turkana.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByTestId('survey-media-upload').click();
    // The file just uploaded is the choice's image: the dialog closes and the panel names it.
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => choices.getByTestId('choice-image').first().inputValue()).toBe('turkana.png');

    // The demo survey asks its questions once the respondent agrees to take part: filled as a respondent would.
    await page.getByTestId('builder-preview').locator('[data-path="consent"] input').check();
    const question = page.getByTestId('builder-preview').locator('[data-path="region"]');
    // A lazy image is fetched once it comes near the view.
    await question.scrollIntoViewIfNeeded();
    const image = question.locator('img');
    await image.waitFor({ state: 'attached', timeout: 30_000 });
    // Named once, by the label beside it: an alt text as well would be read twice.
    expect(await image.getAttribute('alt')).toBe('');
    expect(await image.locator('xpath=..').textContent()).toContain('Turkana');
    expect(await image.getAttribute('loading')).toBe('lazy');
    // Drawn from the bytes uploaded (the survey is not deployed: fetched with the session).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    const box = (await image.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(200);
    await page.getByTestId('builder-preview').locator('[data-path="region"]').scrollIntoViewIfNeeded();
    await screenshot(page, `builder-media-preview-de-${width}`);
    await page
      .getByTestId('builder-preview')
      .locator('[data-path="region"]')
      .screenshot({ path: join(SCREENSHOTS, `builder-media-preview-de-${width}-part.png`) });
    await expectAccessible(page, `the builder with a choice image in German at ${width} width`);

    // The survey's Arabic: the preview right to left, the image beside the Arabic label.
    await page.getByTestId('preview-language').selectOption({ label: 'Arabic' });
    await page.getByTestId('builder-preview').getByTestId('survey-form').and(page.locator('[dir=rtl]')).waitFor();
    await expect.poll(() => image.locator('xpath=..').textContent()).toContain('توركانا');
    await page.getByTestId('builder-preview').locator('[data-path="region"]').scrollIntoViewIfNeeded();
    await screenshot(page, `builder-media-preview-ar-${width}`);
    await page
      .getByTestId('builder-preview')
      .locator('[data-path="region"]')
      .screenshot({ path: join(SCREENSHOTS, `builder-media-preview-ar-${width}-part.png`) });
    await expectAccessible(page, `the builder with the Arabic preview at ${width} width`);

    // The toolbar's Media lists the file for the survey's other uses (pulldata CSV files too).
    await page.getByTestId('builder-media-open').click();
    await page.getByTestId('builder-media').getByTestId('builder-media-file').filter({ hasText: 'turkana.png' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('builder-media').waitFor({ state: 'detached' });

    // The upload raised the survey's version on the server: the unsaved choice image still saves (no
    // 'changed elsewhere' dialog); clearing it again saves the survey back as it was.
    for (const step of ['save', 'clear'] as const) {
      if (step === 'clear') {
        await choices.getByTestId('choice-image').first().fill('');
        await choices.getByTestId('choice-image').first().blur();
      }
      await page.getByTestId('builder-save').click();
      await page.getByTestId('builder-unsaved').waitFor({ state: 'detached', timeout: 30_000 });
    }
    await page.context().close();
  }, 150_000);
});
