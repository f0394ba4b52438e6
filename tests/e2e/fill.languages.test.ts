// The respondent's language reaches the engine's own messages: in Arabic, the submit rule,
// the required messages and the toast speak Arabic and read right to left; the language picker names
// each language in its own script; an answer shown in a label is a <bdi> of its own direction. The
// outbox and the offline dialog speak the survey language too (Arabic, with a refused submission), the
// toast sits on the left in a right-to-left page, and a survey in Pashto (a respondent language beyond
// the six, right to left) gets the whole fill page in Pashto. Axe-clean at both widths; screenshots
// fill-languages-*.png.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, animationsSettled, launch, newPage, screenshot, signIn } from './browser';
import { apiCall, chooseSurveyLanguage, demoLink, openSurvey, q, screenshots, type DemoLink } from './fill.support';

let browser: Browser;
let link: DemoLink;
let pashto: string;
beforeAll(async () => {
  browser = await launch();
  link = await demoLink(browser);
  pashto = await publishPashtoSurvey();
}, 120_000);
afterAll(() => browser?.close());

/** A short field form in English and Pashto, as an author writes it in XLSForm. */
async function pashtoForm(title: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('survey').addRows([
    [
      'type',
      'name',
      'label::English (en)',
      'label::Pashto (ps)',
      'hint::English (en)',
      'hint::Pashto (ps)',
      'required',
      // A language not on the product's list: the survey keeps it under this name.
      'label::Local language',
    ],
    ['text', 'respondent_name', 'Your name', 'ستاسو نوم', '', '', 'yes', 'Your name (local)'],
    [
      'integer',
      'household_size',
      'How many people live in your household, ${respondent_name}?',
      'ستاسو په کورنۍ کې څو کسان اوسېږي، ${respondent_name}؟',
      'For example 6',
      'د بېلګې په توګه 6',
      'yes',
    ],
    ['select_one water', 'water_source', 'Main source of drinking water', 'د څښاک اوبو اصلي سرچینه', '', '', 'yes'],
    ['select_multiple needs', 'needs', 'What does your household need most?', 'ستاسو کورنۍ څه ته تر ټولو ډېره اړتیا لري؟', '', '', ''],
    ['date', 'visit_date', 'Date of the visit', 'د لیدنې نېټه', '', '', ''],
  ]);
  wb.addWorksheet('choices').addRows([
    ['list_name', 'name', 'label::English (en)', 'label::Pashto (ps)'],
    ['water', 'well', 'Well', 'څاه'],
    ['water', 'river', 'River', 'سیند'],
    ['water', 'tap', 'Tap', 'نل'],
    ['needs', 'food', 'Food', 'خواړه'],
    ['needs', 'shelter', 'Shelter', 'سرپناه'],
    ['needs', 'health', 'Health care', 'روغتیا پاملرنه'],
  ]);
  wb.addWorksheet('settings').addRows([
    ['form_title', 'default_language'],
    [title, 'English (en)'],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Imports the form into the demo project as a manager does, publishes it, and returns its public link. */
async function publishPashtoSurvey(): Promise<string> {
  const { context, page } = await newPage(browser);
  await signIn(page, 'manager@demo.test');
  await page.waitForURL((u) => u.pathname === '/workspace', { timeout: 30_000 });
  const projects = await apiCall<{ id: string; name: string }[] | { projects: { id: string; name: string }[] }>(
    page,
    '/api/Projects/getProjectsOfOrganization',
    null,
  );
  const projectId = (Array.isArray(projects.data) ? projects.data : projects.data.projects).find((p) => p.name === DEMO_SURVEY_PROJECT)!.id;
  const title = `Water and needs ${randomUUID().slice(0, 8)}`;
  const imported = await apiCall<{ surveyId: string }>(page, '/api/DataCollection/importXlsForm', {
    file: { name: 'water-needs-ps.xlsx', base64: (await pashtoForm(title)).toString('base64') },
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
  await context.close();
  return list.data.surveys.find((s) => s.id === surveyId)!.publicLink;
}

/** An outbox file holding one submission with no answers: the server refuses it, so it needs attention. */
function refusedOutbox(): { name: string; mimeType: string; buffer: Buffer } {
  const id = randomUUID();
  const entries = [
    ['submission.id', id],
    ['surveyId', link.surveyId],
    ['submission.dataCollectionType', '0'],
    ['submission.isAnonymous', 'true'],
    ['submission.linkUuid', link.path.split('/')[2]!],
  ];
  const file = {
    format: 'fieldsurvey-outbox',
    version: 1,
    exportedAt: new Date().toISOString(),
    entries: [
      { id, surveyId: link.surveyId, title: 'Household Needs Assessment - Round 1', entries, createdAt: Date.now(), state: 'queued' },
    ],
  };
  return { name: `outbox-${id}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) };
}

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

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the offline parts in the survey language at %s width', (size, viewport) => {
  it('Arabic: the offline dialog, the outbox with a refused submission, and the toast on the left', async () => {
    const { context, page } = await newPage(browser, { viewport, serviceWorkers: 'allow' });
    await openSurvey(page, link.path);
    await chooseSurveyLanguage(page, 'Arabic');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await page.getByTestId('works-offline-info').click();
    await page.getByText('النموذج يعمل دون اتصال!').waitFor();
    await animationsSettled(page);
    await screenshot(page, `fill-languages-ar-works-offline-${size}`);
    await expectAccessible(page, `the Arabic offline dialog (${size})`);
    await page.getByRole('button', { name: 'فهمت' }).click();
    await page.locator('[data-scope=dialog][data-part=backdrop]').waitFor({ state: 'detached', timeout: 15_000 });

    expect(await page.getByTestId('outbox-indicator').getAttribute('aria-label')).toBe('الإجابات المحفوظة على هذا الجهاز');
    // On a phone the notices ('Data has been downloaded') cover the banner, where the outbox button is.
    for (const close of await page.locator('[data-scope=toast][data-part=close-trigger]').all())
      await close.click({ timeout: 2_000 }).catch(() => undefined);
    await page
      .locator('[data-scope=toast][data-part=root]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await page.getByTestId('outbox-indicator').click();
    const dialog = page.getByTestId('outbox-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().textContent()).toBe('بانتظار الإرسال');
    expect(await dialog.textContent()).toContain('لا شيء بانتظار الإرسال.');
    await page.getByTestId('outbox-import-file').setInputFiles(refusedOutbox());
    await dialog.locator('[data-testid="outbox-entry"][data-state="attention"]').waitFor({ timeout: 40_000 });
    // The state, the server's reason and the buttons, in Arabic.
    const entry = dialog.getByTestId('outbox-entry');
    expect(await entry.textContent()).toContain('تحتاج إلى انتباهك');
    expect(await dialog.getByTestId('outbox-refusal').textContent()).toContain('خطأ: يرجى تقديم معلومة واحدة على الأقل قبل الإرسال.');
    expect(await dialog.getByTestId('outbox-refusal').textContent()).toContain('consent: هذا الحقل مطلوب');
    // The dialog itself reads right to left: its close button on the left.
    expect(await dialog.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    const close = (await dialog.getByRole('button', { name: 'إغلاق' }).boundingBox())!;
    const box = (await dialog.boundingBox())!;
    expect(close.x - box.x).toBeLessThan(box.width / 2);
    expect(await entry.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('حاول مرة أخرى'), 'إزالة']),
    );
    // The refusal's notice says it in Arabic; on a wide screen it sits at the top left, mirrored.
    const notice = page.locator('[data-scope=toast][data-part=root]').filter({ hasText: 'رفض الخادم إرسالًا ويحتاج إلى انتباهك.' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    if (size === 'desktop') {
      const box = (await notice.boundingBox())!;
      expect(box.x + box.width / 2).toBeLessThan(viewport.width / 2);
    }
    await animationsSettled(page);
    await screenshot(page, `fill-languages-ar-outbox-${size}`);
    await expectAccessible(page, `the Arabic outbox with a refused submission (${size})`);
    // Removed from the device: the outbox is empty again and says so in Arabic.
    await entry.getByRole('button', { name: 'إزالة' }).click();
    await page.getByRole('button', { name: 'نعم، أزله' }).click();
    await expect.poll(() => dialog.textContent()).toContain('لا شيء بانتظار الإرسال.');
    await context.close();
  }, 120_000);

  it('Pashto, a respondent language beyond the six: the whole page in Pashto, right to left', async () => {
    const { context, page } = await newPage(browser, { viewport });
    await openSurvey(page, pashto);
    const names = await page.getByTestId('fill-language').locator('option').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['English', 'پښتو', 'Local language']));
    await chooseSurveyLanguage(page, 'Local language');
    await expect.poll(() => q(page, 'respondent_name').textContent()).toContain('Your name (local)');
    await chooseSurveyLanguage(page, 'Pashto');
    await expect
      .poll(() => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })))
      .toEqual({ lang: 'ps', dir: 'rtl' });
    await expect.poll(() => page.getByTestId('fill-submit').textContent()).toBe('سروې ولېږئ');
    expect(await q(page, 'respondent_name').textContent()).toContain('ستاسو نوم');
    expect(await page.getByTestId('outbox-indicator').getAttribute('aria-label')).toBe('په دې وسیله کې ځوابونه');
    expect(await page.getByTestId('online-indicator').textContent()).toContain('آنلاین');
    // A name in Latin letters inside the Pashto label keeps its own direction.
    await q(page, 'respondent_name').locator('textarea, input').first().fill('Gul Bibi');
    await expect.poll(() => q(page, 'household_size').locator('label bdi[data-answer]').first().textContent()).toBe('Gul Bibi');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshots(page, `fill-languages-ps-${size}`);
    await expectAccessible(page, `the fill page in Pashto (${size})`);

    await page.getByTestId('fill-submit').click();
    await page.getByTestId('fill-submit-error').waitFor();
    expect(await page.getByTestId('fill-submit-error').textContent()).toContain(
      'تېروتنه: مهرباني وکړئ ډاډ ترلاسه کړئ چې ټولې اړینې ساحې مو ډکې کړې دي.',
    );
    expect(await page.getByTestId('field-error').allTextContents()).toContain('دا ساحه اړینه ده');
    await screenshots(page, `fill-languages-ps-errors-${size}`);
    await expectAccessible(page, `the fill page in Pashto with errors (${size})`);
    await context.close();
  }, 120_000);
});
