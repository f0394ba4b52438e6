// From the fill page to the dashboard, the survey data's whole loop in the browser: a survey of its own is published in the
// demo project; three respondents fill it through its public link (one with a photo, two located by the
// browser); the owner finds the three in Survey Data, filters them by an answer (chips, keyboard only),
// opens one - its photo, its GPS point on the map, the coordinates as text -, approves it, exports the
// filtered table as XLSX and reads it back with ExcelJS, sees the dashboard's counts go from 0 to 3 and
// follow the same filter, with the GPS points on a map, and reads the data feed with a token made in the
// feed dialog, then revokes it. The CSP is NOT bypassed: Leaflet must work under the real policy.
// Screenshots at 1280 and 360 px: tests/e2e/screenshots/data-loop-*.png.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSurvey, q as question, type SurveyModel } from '../../engine/survey/index';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';
import { q, solidPng } from './fill.support';

let browser: Browser;
const pageErrors: string[] = [];
const survey = { id: '', name: `Data loop ${Date.now()}`, path: '' };

const RESPONDENTS = [
  { name: 'Amina', age: '34', region: 'north', at: { latitude: 3.95, longitude: 41.86 }, photo: true },
  { name: 'Bashir', age: '19', region: 'south', at: { latitude: 2.33, longitude: 40.12 }, photo: false },
  { name: 'Chidi', age: '52', region: 'north', at: null, photo: false },
] as const;

/** The API with the page's session, as the app calls it. */
const api = <T>(page: Page, method: string, path: string, body?: unknown): Promise<T> =>
  page.evaluate(
    async ([m, p, b]) => {
      const s = JSON.parse(sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')!) as {
        token: string;
        organizationId: string;
      };
      const res = await fetch(`/api${p}`, {
        method: m,
        headers: {
          authorization: `Bearer ${s.token}`,
          'organization-id': s.organizationId,
          ...(b === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      const json = (await res.json()) as { isSuccess: boolean; data: unknown };
      if (!json.isSuccess) throw new Error(`${p}: ${JSON.stringify(json)}`);
      return json.data;
    },
    [method, path, body] as const,
  ) as Promise<T>;

async function ownerPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), acceptDownloads: true });
  const page = await context.newPage();
  // A script error or a CSP refusal (Leaflet's styles, the tiles) would show here.
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
  await signIn(page, 'organization@demo.test');
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await chooseProject(page, 'Household Needs Assessment 2026');
  return page;
}

async function openTable(page: Page): Promise<void> {
  await page.goto('/survey/survey-data');
  await page.getByTestId('survey-picker').waitFor({ timeout: 30_000 });
  await expect
    .poll(() => page.getByTestId('survey-picker').locator('option').allTextContents(), { timeout: 30_000 })
    .toContain(survey.name);
  await page.getByTestId('survey-picker').selectOption({ label: survey.name });
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByTestId('report-survey').waitFor({ timeout: 30_000 });
  await expect
    .poll(() => page.getByTestId('report-survey').locator('option').allTextContents(), { timeout: 30_000 })
    .toContain(survey.name);
  await page.getByTestId('report-survey').selectOption({ label: survey.name });
  await page.getByTestId('report-goal-text').waitFor({ timeout: 30_000 });
}

const reached = async (page: Page) =>
  Number((await page.getByTestId('report-goal-text').textContent())?.match(/^(\d+) of 15 submissions/)?.[1] ?? -1);
const total = async (page: Page) => (await page.getByTestId('data-total').textContent()) ?? '';

/** Adds the answer filter "Age from <n>" with the keyboard only: Tab to each control, type, Enter. */
async function filterAgeFrom(page: Page, prefix: string, from: string): Promise<void> {
  await page.getByTestId(`${prefix}-question`).focus();
  await page.getByTestId(`${prefix}-question`).selectOption({ label: 'Age' });
  await page.keyboard.press('Tab'); // the condition
  await page.keyboard.press('Tab'); // "From"
  await page.keyboard.type(from);
  await page.keyboard.press('Tab'); // "To"
  await page.keyboard.press('Tab'); // "Add filter"
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(`${prefix}-add`);
  await page.keyboard.press('Enter');
  await page.getByTestId(`${prefix}-chips`).getByText(`Age from ${from}`).waitFor();
}

beforeAll(async () => {
  browser = await launch();
  const page = await ownerPage(DESKTOP);
  const s = JSON.parse((await page.evaluate(() => sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')))!) as {
    currentProjectId: string;
  };
  const created = await api<{ id: string; version: number }>(page, 'POST', '/Survey/CreateSurvey', {
    projectId: s.currentProjectId,
    name: survey.name,
    description: 'From the fill page to the dashboard',
  });
  const current = await api<SurveyModel>(page, 'POST', '/Survey/GetById', { SurveyId: created.id });
  const lang = current.surveyLanguageMaps[0]!;
  const built = buildSurvey(
    { name: survey.name, languages: [{ code: 'en', languageId: lang.languageId, name: 'English' }], idFor: () => randomUUID() },
    [
      question.text('respondent').required().label('Name'),
      question.integer('age').required().label('Age'),
      question
        .select_one('region')
        .required()
        .label('Region')
        .choices({ name: 'north', label: 'North' }, { name: 'south', label: 'South' }),
      question.geopoint('place').label('Place'),
      question.image('photo').label('Photo of the site'),
    ],
  );
  await api(page, 'POST', '/Survey/SaveSurvey', {
    surveyId: created.id,
    version: created.version,
    model: { ...current, surveyItems: built.surveyItems },
  });
  await api(page, 'POST', '/DataCollection/PublishSurvey', { surveyId: created.id });
  const details = await api<{ publicLinkUuid: string }>(page, 'GET', `/Survey/GetSurveyDetails?surveyId=${created.id}`);
  survey.id = created.id;
  survey.path = `/public-survey/${details.publicLinkUuid}/${created.id}`;
  await page.context().close();
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

async function fill(r: (typeof RESPONDENTS)[number]): Promise<void> {
  const context: BrowserContext = await browser.newContext({ viewport: PHONE, locale: 'en-US', baseURL: baseUrl() });
  if (r.at) {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ ...r.at, accuracy: 10 });
  }
  const page = await context.newPage();
  await page.goto(survey.path);
  await page.getByTestId('survey-form').waitFor({ timeout: 30_000 });
  await q(page, 'respondent').locator('textarea').fill(r.name);
  await q(page, 'age').locator('input').fill(r.age);
  await q(page, 'region').locator(`input[value=${r.region}]`).check();
  if (r.at) {
    await q(page, 'place').getByTestId('gps-locate').click();
    await expect.poll(() => q(page, 'place').locator('input').first().inputValue(), { timeout: 15_000 }).toBe(String(r.at.latitude));
  }
  if (r.photo) {
    await q(page, 'photo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: solidPng(640, 400, [200, 120, 40]) });
    await q(page, 'photo').getByTestId('file-name').waitFor();
  }
  await page.getByTestId('fill-submit').click();
  await page.getByTestId('fill-thanks').waitFor({ timeout: 30_000 });
  await context.close();
}

describe('from the fill page to the dashboard', () => {
  it('submits three answers, finds, filters, opens, approves, exports and counts them', { timeout: 300_000 }, async () => {
    const page = await ownerPage(DESKTOP);
    await openDashboard(page);
    await expect.poll(() => reached(page)).toBe(0);

    for (const r of RESPONDENTS) await fill(r);

    // The table: the three, then filtered by an answer (age from 30: Amina and Chidi).
    await openTable(page);
    await expect.poll(() => total(page), { timeout: 30_000 }).toBe('3 submissions');
    await filterAgeFrom(page, 'answer-filter', '30');
    await expect.poll(() => total(page)).toBe('2 submissions');
    const names = await page.getByTestId('data-scroller').innerText();
    expect(names).toContain('Amina');
    expect(names).toContain('Chidi');
    expect(names).not.toContain('Bashir');
    // A choice filter beside it: north and from 30 is still the two.
    await page.getByTestId('answer-filter-question').selectOption({ label: 'Region' });
    await page.getByTestId('answer-filter-choices').getByText('North').click();
    await page.getByTestId('answer-filter-add').click();
    await page.getByTestId('answer-filter-chips').getByText('Region is one of North').waitFor();
    await expect.poll(() => total(page)).toBe('2 submissions');
    await expectAccessible(page, 'the data table with answer filters', '[data-testid=survey-data]');
    await screenshot(page, 'data-loop-table-filters-desktop');
    // A chip removed with the keyboard: the region filter goes, the age filter stays.
    await page.getByRole('button', { name: 'Remove filter: Region is one of North' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('answer-filter-chips').locator('li').count()).toBe(1);
    await expect.poll(() => total(page)).toBe('2 submissions');

    // Amina's submission: the photo, the map under the real CSP, the coordinates as text; approved.
    await page.getByTestId('data-search').fill('Amina');
    await expect.poll(() => total(page)).toBe('1 submission');
    await page.getByTestId('open-submission').click();
    await page.getByTestId('submission-view').waitFor({ timeout: 30_000 });
    const map = page.getByTestId('submission-map');
    await map.waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
      await screenshot(page, 'data-loop-debug');
      throw new Error(`${String(e)}\n${pageErrors.join('\n')}`);
    });
    expect(await map.getAttribute('data-map-mode')).toBe('plain');
    await page.locator('[data-testid=submission-map] path.leaflet-interactive, [data-testid=submission-map] path').first().waitFor();
    // Leaflet's stylesheet applies under the CSP: its panes are positioned by it alone.
    expect(await map.locator('.leaflet-map-pane').evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
    await expect.poll(() => page.getByTestId('submission-places').textContent()).toContain('Place: 3.950000, 41.860000');
    await expect
      .poll(() =>
        page.locator('[data-testid=submission-view] img').evaluateAll((imgs) => imgs.some((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await page.getByTestId('review-status').selectOption('1');
    await page.getByTestId('review-comment').fill('Photo and place checked');
    await page.getByTestId('review-save').click();
    await expect.poll(() => page.getByTestId('audit-trail').textContent()).toContain('Photo and place checked');
    await screenshot(page, 'data-loop-submission-desktop');
    await expectAccessible(page, 'a submission with photo, map and review trail', '[data-testid=submission-view]');

    // Back in the table, filtered again, and its export read back.
    await openTable(page);
    await filterAgeFrom(page, 'answer-filter', '30');
    await expect.poll(() => total(page)).toBe('2 submissions');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    const sheet = wb.getWorksheet('submissions')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.rowCount).toBe(3);
    const rows = [2, 3].map((i) => Object.fromEntries(header.map((h, j) => [String(h), sheet.getRow(i).getCell(j + 1).value])));
    // Headers are the question labels, as the table shows them.
    expect(rows.map((r) => r.Name).sort()).toEqual(['Amina', 'Chidi']);
    expect(rows.find((r) => r.Name === 'Amina')!._review_status).toBe('Approved');
    expect([null, '']).toContain(rows.find((r) => r.Name === 'Chidi')!._review_status);

    // The dashboard: 3 now; the same answer filter gives 2; the GPS points on a map, and as a table.
    await openDashboard(page);
    await expect.poll(() => reached(page)).toBe(3);
    const gps = page.getByTestId('report-q-place');
    await gps.getByTestId('report-q-place-map').waitFor({ timeout: 30_000 });
    await expect.poll(() => gps.locator('.leaflet-overlay-pane path').count()).toBeGreaterThanOrEqual(2);
    await filterAgeFrom(page, 'report-filter', '30');
    await expect.poll(() => reached(page)).toBe(2);
    await gps.getByTestId('report-q-place-table').click();
    expect(await gps.getByTestId('report-q-place-rows').locator('tbody tr').count()).toBe(1);
    await gps.getByTestId('report-q-place-graph').click();
    await gps.getByTestId('report-q-place-map').waitFor();
    await expectAccessible(page, 'the dashboard with filters and a GPS map', '[data-testid=dashboard]');
    await screenshot(page, 'data-loop-dashboard-desktop');

    // The data feed: a token made in the dialog reads the filtered CSV; revoked, it reads nothing.
    await openTable(page);
    await filterAgeFrom(page, 'answer-filter', '30');
    await page.getByTestId('open-feed').click();
    await page.getByTestId('feed-name').fill('Browser test');
    await page.getByTestId('feed-create').click();
    const token = await page.getByTestId('feed-token').inputValue();
    const csvUrl = await page.getByTestId('feed-csv-url').inputValue();
    expect(csvUrl).toContain('Filter=age%3Agte%3A30');
    await expectAccessible(page, 'the feed dialog', '[data-testid=feed-dialog]');
    await screenshot(page, 'data-loop-feed-desktop');
    const feed = await fetch(csvUrl, { headers: { authorization: `Bearer ${token}` } });
    expect(feed.status).toBe(200);
    const csv = await feed.text();
    expect(csv.trim().split('\r\n')).toHaveLength(3);
    expect(csv).toContain('"Amina"');
    await page.getByTestId('feed-revoke').click();
    await page.getByTestId('feed-token-row').getByText('Revoked').waitFor();
    expect((await fetch(csvUrl, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    await page.context().close();
  });

  it('shows the filtered table, the submission with its map and the dashboard at phone width', { timeout: 180_000 }, async () => {
    const page = await ownerPage(PHONE);
    await openTable(page);
    await expect.poll(() => total(page), { timeout: 30_000 }).toBe('3 submissions');
    await filterAgeFrom(page, 'answer-filter', '30');
    await expect.poll(() => total(page)).toBe('2 submissions');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the data table with answer filters at 360 px', '[data-testid=survey-data]');
    await screenshot(page, 'data-loop-table-filters-phone');

    await page.getByTestId('data-search').fill('Amina');
    await expect.poll(() => total(page)).toBe('1 submission');
    await page.getByTestId('open-submission').click();
    await page.getByTestId('submission-map').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('audit-trail').textContent()).toContain('Photo and place checked');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'a submission at 360 px', '[data-testid=submission-view]');
    await screenshot(page, 'data-loop-submission-phone');

    await openDashboard(page);
    await expect.poll(() => reached(page)).toBe(3);
    await page.getByTestId('report-q-place-map').waitFor({ timeout: 30_000 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the dashboard at 360 px', '[data-testid=dashboard]');
    await screenshot(page, 'data-loop-dashboard-phone');
    await page.context().close();
  });
});
