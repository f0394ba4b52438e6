// Every text a respondent reads follows the survey language, in scripts beyond Latin and Arabic:
// a survey in Arabic (its default), Amharic, Hausa and English. The picker names Hausa in Latin letters
// (Boko, as Nigeria and Niger write it, not Ajami) and Amharic in Ge'ez; '[No value]' in a label, the
// submit notice and the already-submitted screen come in the respondent's language; once the survey is
// archived its link says so in the survey's own language (Arabic, right to left). Phone width, axe-clean;
// screenshots fill-scripts-*.png.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { expectAccessible } from './axe';
import { PHONE, launch, newPage, screenshot, signIn } from './browser';
import { apiCall, chooseSurveyLanguage, openSurvey, q, screenshots } from './fill.support';

let browser: Browser;
let survey: { id: string; link: string };
beforeAll(async () => {
  browser = await launch();
  survey = await publishForm();
}, 120_000);
afterAll(() => browser?.close());

/** A short form in four languages, Arabic first, as an author writes it in XLSForm. */
async function form(title: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('survey').addRows([
    ['type', 'name', 'label::Arabic (ar)', 'label::Amharic (am)', 'label::Hausa (ha)', 'label::English (en)', 'required'],
    ['text', 'respondent_name', 'اسمك', 'ስምዎ', 'Sunanka', 'Your name', 'yes'],
    [
      'integer',
      'household_size',
      'كم عدد أفراد أسرتك يا ${respondent_name}؟',
      'የቤተሰብዎ አባላት ስንት ናቸው፣ ${respondent_name}?',
      'Mutane nawa ne a gidanka, ${respondent_name}?',
      'How many people live in your household, ${respondent_name}?',
      'yes',
    ],
  ]);
  wb.addWorksheet('settings').addRows([
    ['form_title', 'default_language'],
    [title, 'Arabic (ar)'],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function asManager<T>(work: (page: Page, projectId: string) => Promise<T>): Promise<T> {
  const { context, page } = await newPage(browser);
  await signIn(page, 'manager@demo.test');
  await page.waitForURL((u) => u.pathname === '/workspace', { timeout: 30_000 });
  const projects = await apiCall<{ id: string; name: string }[] | { projects: { id: string; name: string }[] }>(
    page,
    '/api/Projects/getProjectsOfOrganization',
    null,
  );
  const projectId = (Array.isArray(projects.data) ? projects.data : projects.data.projects).find((p) => p.name === DEMO_SURVEY_PROJECT)!.id;
  try {
    return await work(page, projectId);
  } finally {
    await context.close();
  }
}

async function publishForm(): Promise<{ id: string; link: string }> {
  return asManager(async (page, projectId) => {
    const title = `Household ${randomUUID().slice(0, 8)}`;
    const imported = await apiCall<{ surveyId: string }>(page, '/api/DataCollection/importXlsForm', {
      file: { name: 'household-scripts.xlsx', base64: (await form(title)).toString('base64') },
      fields: { ProjectId: projectId },
    });
    expect(imported.isSuccess, JSON.stringify(imported).slice(0, 800)).toBe(true);
    const { surveyId } = imported.data;
    const published = await apiCall(page, '/api/DataCollection/PublishSurvey', { json: { surveyId } });
    expect(published.isSuccess, JSON.stringify(published).slice(0, 800)).toBe(true);
    const list = await apiCall<{ surveys: { id: string; publicLink: string }[] }>(
      page,
      `/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${projectId}&surveyStatuses=1`,
      null,
    );
    return { id: surveyId, link: list.data.surveys.find((s) => s.id === surveyId)!.publicLink };
  });
}

const htmlLang = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
const toasts = (page: Page) => page.locator('[data-scope=toast][data-part=root]');

describe('a survey in Arabic, Amharic and Hausa, on a phone', () => {
  it('names each language in its own script and says every text in the language picked', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openSurvey(page, survey.link);
    // Opens in the survey's default language, Arabic, right to left.
    await expect.poll(() => htmlLang(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    const names = await page.getByTestId('fill-language').locator('option').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['العربية', 'አማርኛ', 'Hausa', 'English']));

    // An answer the label shows that is not given yet: '[No value]' in Arabic, isolated.
    await expect.poll(() => q(page, 'household_size').locator('label').textContent()).toContain('[لا توجد قيمة]');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshots(page, 'fill-scripts-ar-phone');
    await expectAccessible(page, 'the fill page in Arabic on a phone');
    // Sent without its required answers: the refusal's toast is in Arabic, and goes with the language.
    await page.getByTestId('fill-submit').click();
    await toasts(page).first().waitFor({ timeout: 30_000 });
    // The pointer on it holds it open (zag pauses a toast's timer on hover): only the change may close it.
    await toasts(page).first().hover();

    await chooseSurveyLanguage(page, 'Amharic');
    await expect.poll(() => htmlLang(page)).toEqual({ lang: 'am', dir: 'ltr' });
    await expect.poll(() => toasts(page).count(), { timeout: 10_000 }).toBe(0);
    // The refusal under the form is said again in Amharic, not left in Arabic.
    await expect.poll(() => page.getByTestId('fill-submit-error').textContent()).toMatch(/[\u1200-\u137f]/);
    expect(await page.getByTestId('fill-submit-error').textContent()).not.toMatch(/[\u0600-\u06ff]/);
    await expect.poll(() => q(page, 'household_size').locator('label').textContent()).toContain('[ዋጋ የለም]');
    await expect.poll(() => page.getByTestId('fill-submit').textContent()).toMatch(/[\u1200-\u137f]/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshots(page, 'fill-scripts-am-phone');
    await expectAccessible(page, 'the fill page in Amharic on a phone');

    // Sent: the notice in Amharic, not the server's English.
    await q(page, 'respondent_name').locator('textarea, input').first().fill('Abebe');
    await q(page, 'household_size').locator('input').first().fill('5');
    await page.getByTestId('fill-submit').click();
    await toasts(page).filter({ hasText: 'የዳሰሳ ጥናቱ በተሳካ ሁኔታ ገብቷል።' }).waitFor({ timeout: 30_000 });
    expect(await toasts(page).allTextContents()).not.toContainEqual(expect.stringContaining('Survey submitted successfully.'));
    await context.close();
  }, 180_000);

  it('says a closed survey in its own language, right to left', async () => {
    await asManager(async (page) => {
      const archived = await apiCall(page, '/api/Survey/ArchiveSurvey', { json: { surveyId: survey.id } });
      expect(archived.isSuccess, JSON.stringify(archived).slice(0, 800)).toBe(true);
    });
    // The browser asks for English: the survey's language still wins, as on its open form.
    const { context, page } = await newPage(browser, { viewport: PHONE, locale: 'en-US' });
    await page.goto(survey.link);
    await page.getByTestId('fill-closed').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('fill-closed').getByRole('heading').textContent())
      .toBe('هذا الاستبيان غير مفتوح لتلقي الإجابات.');
    expect(await htmlLang(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await screenshot(page, 'fill-scripts-closed-ar-phone');
    await expectAccessible(page, 'a closed survey in Arabic on a phone');
    await context.close();
  }, 120_000);
});
