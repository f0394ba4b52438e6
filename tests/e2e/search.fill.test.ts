// search() choices on the public fill page: an XLSForm whose select reads its choices from a
// CSV attached to the survey - search('towns', 'matches', 'county', ${county}) - is imported, its CSV
// uploaded, published, and filled through its public link: the towns offered are the CSV's rows of the
// county answered, they change with it, and the submission goes through. axe-clean; screenshots at
// 360 and 1280 px (tests/e2e/screenshots/search-fill-*.png).
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { expectAccessible } from './axe';
import { baseUrl, launch, signIn } from './browser';
import { apiCall as call, openSurvey, q, screenshots } from './fill.support';

let browser: Browser;
let manager: BrowserContext;
let admin: Page;
let projectId: string;

/** The form as an author writes it in Excel: the choice row of 'towns' names the CSV's columns. */
async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('survey').addRows([
    ['type', 'name', 'label', 'appearance'],
    ['select_one counties', 'county', 'County', ''],
    ['select_one towns', 'town', 'Town', "search('towns', 'matches', 'county', ${county})"],
  ]);
  wb.addWorksheet('choices').addRows([
    ['list_name', 'name', 'label'],
    ['counties', 'kiambu', 'Kiambu'],
    ['counties', 'mombasa', 'Mombasa'],
    ['towns', 'code', 'town'],
  ]);
  wb.addWorksheet('settings').addRows([['form_title'], [`Towns by county ${Date.now()}`]]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const TOWNS = 'code,town,county\nthk,Thika,kiambu\nrui,Ruiru,kiambu\nmsa,Mombasa Island,mombasa\nnyl,Nyali,mombasa\n';

let surveyId: string;

async function imported(): Promise<string> {
  const r = await call<{ surveyId: string }>(admin, '/api/DataCollection/importXlsForm', {
    file: {
      name: 'towns.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      base64: (await workbook()).toString('base64'),
    },
    fields: { ProjectId: projectId },
  });
  expect(r.isSuccess, JSON.stringify(r).slice(0, 800)).toBe(true);
  return r.data.surveyId;
}

async function attachTowns(): Promise<void> {
  const uploaded = await call(admin, '/api/DataCollection/uploadSurveyMedia', {
    file: { name: 'towns.csv', type: 'text/csv', base64: Buffer.from(TOWNS).toString('base64') },
    fields: { SurveyId: surveyId },
  });
  expect(uploaded.isSuccess, JSON.stringify(uploaded).slice(0, 800)).toBe(true);
}

async function publishedLink(): Promise<string> {
  const published = await call(admin, '/api/DataCollection/PublishSurvey', { json: { surveyId } });
  expect(published.isSuccess, JSON.stringify(published).slice(0, 800)).toBe(true);
  const list = await call<{ surveys: { id: string; publicLink: string }[] }>(
    admin,
    `/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${projectId}&surveyStatuses=1`,
    null,
  );
  return list.data.surveys.find((s) => s.id === surveyId)!.publicLink;
}

const offered = (page: Page) => q(page, 'town').locator('[role=radiogroup] label').allInnerTexts();

beforeAll(async () => {
  browser = await launch();
  manager = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US' });
  admin = await manager.newPage();
  await signIn(admin, 'manager@demo.test');
  await admin.waitForURL((u) => u.pathname === '/workspace', { timeout: 30_000 });
  const projects = await call<{ id: string; name: string }[] | { projects: { id: string; name: string }[] }>(
    admin,
    '/api/Projects/getProjectsOfOrganization',
    null,
  );
  const list = Array.isArray(projects.data) ? projects.data : projects.data.projects;
  projectId = list.find((p) => p.name === DEMO_SURVEY_PROJECT)!.id;
}, 120_000);
afterAll(async () => {
  await manager?.close();
  await browser?.close();
});

describe('search() choices in the builder', () => {
  it('publishing names the file to attach; once attached, the preview offers its rows', async () => {
    surveyId = await imported();
    await admin.goto(`/survey/builder/${surveyId}`);
    const preview = admin.getByTestId('builder-preview');
    await preview.getByTestId('survey-form').waitFor({ timeout: 60_000 });
    await admin.getByTestId('builder-publish').click();
    const problems = admin.getByTestId('builder-problems');
    await problems.waitFor();
    expect(await problems.getByTestId('builder-problem').allInnerTexts()).toEqual([
      expect.stringMatching(/town.*The file .towns\.csv. is not attached to the survey: attach it under Media files\./),
    ]);
    await expectAccessible(admin, 'builder, publish refused for a missing CSV');
    await admin.screenshot({ path: 'tests/e2e/screenshots/search-builder-problems-1280.png' });
    await admin.setViewportSize({ width: 360, height: 800 });
    await admin.screenshot({ path: 'tests/e2e/screenshots/search-builder-problems-360.png' });
    await admin.setViewportSize({ width: 1280, height: 850 });
    await problems.getByRole('button', { name: 'Close' }).last().click();

    await attachTowns();
    await admin.reload();
    await preview.getByTestId('survey-form').waitFor({ timeout: 60_000 });
    await q(admin, 'county').locator('input[value=kiambu]').check();
    await expect.poll(() => q(admin, 'town').locator('[role=radiogroup] label').allInnerTexts()).toEqual(['Thika', 'Ruiru']);
  }, 120_000);
});

describe('search() choices on the public link', () => {
  it("offers the CSV's towns of the county answered, follows the answer, and submits", async () => {
    const link = await publishedLink();
    const context = await browser.newContext({ viewport: { width: 1280, height: 850 }, baseURL: baseUrl(), locale: 'en-US' });
    const page = await context.newPage();
    await openSurvey(page, link);

    await q(page, 'county').locator('input[value=kiambu]').check();
    await expect.poll(() => offered(page)).toEqual(['Thika', 'Ruiru']);
    await q(page, 'county').locator('input[value=mombasa]').check();
    await expect.poll(() => offered(page)).toEqual(['Mombasa Island', 'Nyali']);
    await q(page, 'town').locator('input[value=nyl]').check();
    await expectAccessible(page, 'search() choices, filled');
    await screenshots(page, 'search-fill-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshots(page, 'search-fill-360');

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/DataCollection/SubmitSurvey')),
      page.getByTestId('fill-submit').click(),
    ]);
    expect(response.status(), (await response.text()).slice(0, 800)).toBe(200);
    await page.getByTestId('fill-thanks').waitFor();
    await context.close();
  }, 120_000);
});
