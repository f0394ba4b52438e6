// Every validation text of spec 001 section 5 where the respondent should see it: the submit rules
// above the submit button (and as a toast), the questions' own texts under the questions, required
// ones only after a submit attempt, constraint messages in the survey's language.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot } from './browser';
import { chooseSurveyLanguage, demoLink, openSurvey, q, solidPng, tinyPdf, type DemoLink } from './fill.support';

let browser: Browser;
let link: DemoLink;
beforeAll(async () => {
  browser = await launch();
  link = await demoLink(browser);
});
afterAll(() => browser?.close());

const errorOf = (page: Page, path: string) => q(page, path).getByTestId('field-error');
const submitError = (page: Page) => page.getByTestId('fill-submit-error');

async function fresh(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser);
  await openSurvey(page, link.path);
  return { page, close: () => context.close() };
}

async function requiredAnswers(page: Page): Promise<void> {
  await q(page, 'consent').locator('input').check();
  await q(page, 'respondent_name').locator('textarea').fill('Amina');
  await q(page, 'region').locator('input[value=turkana]').check();
  await q(page, 'district').locator('input[value=lodwar]').check();
  await q(page, 'priority_needs').locator('input[value=food]').check();
}

describe('the submit rules', () => {
  it("refuses an empty form with 'Please provide at least one piece of information'", async () => {
    const { page, close } = await fresh();
    await page.getByTestId('fill-submit').click();
    await expect
      .poll(() => submitError(page).textContent())
      .toBe('Error: Please provide at least one piece of information before submitting.');
    expect(await page.getByTestId('toast-error').textContent()).toContain(
      'Error: Please provide at least one piece of information before submitting.',
    );
    await close();
  });

  it('shows required errors only after a submit attempt, and scrolls to the first', async () => {
    const { page, close } = await fresh();
    await q(page, 'consent').locator('input').check();
    await q(page, 'respondent_name').locator('textarea').click();
    await q(page, 'phone').locator('input').click();
    expect(await page.getByTestId('field-error').count()).toBe(0);
    await page.getByTestId('fill-submit').click();
    await expect.poll(() => submitError(page).textContent()).toBe('Error: Please make sure you have filled all the required fields.');
    expect(await errorOf(page, 'respondent_name').textContent()).toBe('This field is required');
    expect(await errorOf(page, 'region').textContent()).toBe('You must select one');
    expect(await errorOf(page, 'district').textContent()).toBe('You must select one');
    expect(await errorOf(page, 'household_size').textContent()).toBe('This field is required');
    expect(await errorOf(page, 'priority_needs').textContent()).toBe('You must select at least one');
    // The page scrolled to the first question in error and put the cursor in it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-path]')?.getAttribute('data-path')))
      .toBe('respondent_name');
    // Scrolled smoothly into the middle of the screen.
    await expect
      .poll(async () => {
        const box = await q(page, 'respondent_name').boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 850;
      })
      .toBe(true);
    await screenshot(page, 'fill-required-errors');
    // Answering clears the question's error.
    await q(page, 'respondent_name').locator('textarea').fill('Amina');
    await expect.poll(() => errorOf(page, 'respondent_name').count()).toBe(0);
    await close();
  });

  it("names constraint failures with the questions' own messages", async () => {
    const { page, close } = await fresh();
    await requiredAnswers(page);
    await q(page, 'household_size').locator('input').fill('0');
    await q(page, 'phone').locator('input').fill('123');
    await q(page, 'monthly_income').locator('input').fill('250000');
    await q(page, 'interview_date').locator('input').fill('2099-01-01');
    await q(page, 'respondent_name').locator('textarea').click();
    // Left questions show their errors before any submit attempt; required ones do not.
    await expect.poll(() => errorOf(page, 'household_size').textContent()).toBe('A household has between 1 and 30 members.');
    expect(await errorOf(page, 'phone').textContent()).toBe('Invalid phone number');
    expect(await errorOf(page, 'monthly_income').textContent()).toBe('Please enter an amount below 100,000.');
    expect(await errorOf(page, 'interview_date').textContent()).toBe('The interview date cannot be in the future.');
    await page.getByTestId('fill-submit').click();
    await expect
      .poll(() => submitError(page).textContent())
      .toBe('Error: Please check the constraints of the questions and provide the correct answers.');
    await close();
  });

  it("asks for every ranking: 'All rankings must be selected'", async () => {
    const { page, close } = await fresh();
    await requiredAnswers(page);
    await q(page, 'household_size').locator('input').fill('1');
    await q(page, 'members[1]/member_name').locator('textarea').fill('Amina');
    await q(page, 'members[1]/member_age').locator('input').fill('30');
    await q(page, 'need_ranking').locator('button[data-choice=water]').click();
    await page.getByTestId('fill-submit').click();
    await expect.poll(() => errorOf(page, 'need_ranking').textContent()).toBe('All rankings must be selected');
    await close();
  });

  it('refuses blocked and oversized files and non-images for a photo', async () => {
    const { page, close } = await fresh();
    await requiredAnswers(page);
    const file = q(page, 'registration_document').locator('input[type=file]');
    await file.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect
      .poll(() => q(page, 'registration_document').getByTestId('field-error').textContent())
      .toBe('File type not allowed or potentially harmful.');
    await file.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([tinyPdf(), Buffer.alloc(5_100_000)]) });
    await expect
      .poll(() => q(page, 'registration_document').getByTestId('field-error').textContent())
      .toBe('File size exceeds the 5MB limit.');
    await q(page, 'shelter_photo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect
      .poll(() => q(page, 'shelter_photo').getByTestId('field-error').textContent())
      .toBe('File type not allowed or potentially harmful.');
    // A good photo replaces the message with its preview.
    await q(page, 'shelter_photo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'shelter.png', mimeType: 'image/png', buffer: solidPng(400, 300) });
    await q(page, 'shelter_photo').getByTestId('file-name').waitFor();
    expect(await q(page, 'shelter_photo').getByTestId('field-error').count()).toBe(0);
    await close();
  });
});

describe('choice filters', () => {
  it('offer the districts of the chosen region and clear one that no longer fits', async () => {
    const { page, close } = await fresh();
    await q(page, 'consent').locator('input').check();
    await q(page, 'region').locator('input[value=mandera]').check();
    expect(
      await q(page, 'district')
        .locator('input')
        .evaluateAll((l) => l.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(['elwak', 'rhamu']);
    await q(page, 'district').locator('input[value=elwak]').check();
    await q(page, 'region').locator('input[value=turkana]').check();
    expect(
      await q(page, 'district')
        .locator('input')
        .evaluateAll((l) => l.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(['lodwar', 'kakuma']);
    expect(await q(page, 'district').locator('input:checked').count()).toBe(0);
    await close();
  });
});

describe('Arabic', () => {
  it('lays the form out right to left and speaks Arabic in its messages', async () => {
    const { page, close } = await fresh();
    await chooseSurveyLanguage(page, 'Arabic');
    expect(await page.getByTestId('survey-form').getAttribute('dir')).toBe('rtl');
    expect(
      await q(page, 'consent')
        .locator('label')
        .first()
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('rtl');
    expect(await q(page, 'consent').locator('label').first().textContent()).toContain('أوافق على المشاركة في هذا الاستبيان.');
    await q(page, 'consent').locator('input').check();
    await q(page, 'household_size').locator('input').fill('0');
    await q(page, 'respondent_name').locator('textarea').click();
    await expect.poll(() => errorOf(page, 'household_size').textContent()).toBe('تضم الأسرة ما بين 1 و30 فردًا.');
    // The label reference follows the language too.
    await q(page, 'respondent_name').locator('textarea').fill('أمينة');
    expect(await q(page, 'household_size').locator('label').textContent()).toContain('كم عدد الأشخاص الذين يعيشون في أسرة أمينة؟');
    await screenshot(page, 'fill-arabic-errors');
    await close();
  });
});
