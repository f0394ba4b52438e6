// A respondent fills an XLSForm's geotrace (a point typed with the keyboard alone, then the device's
// location added) and its audio question (a PDF refused, a recording taken) and submits; the line reaches
// the server in ODK's text and the submission view draws it on its map. The line widget is axe-clean at
// 360 and 1280 px; screenshots fill-lines-*.png.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, SCREENSHOTS, launch, newPage, screenshot, signIn } from './browser';
import { apiCall, lastSubmission, openSurvey, q, recordSubmissions, tinyPdf } from './fill.support';

let browser: Browser;
let path: string;
beforeAll(async () => {
  browser = await launch();
  path = await publishForm();
}, 120_000);
afterAll(() => browser?.close());

async function form(title: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('survey').addRows([
    ['type', 'name', 'label', 'required'],
    ['geotrace', 'route', 'The route you walked', 'yes'],
    ['audio', 'voice', 'A voice note', 'yes'],
  ]);
  wb.addWorksheet('settings').addRows([['form_title'], [title]]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function publishForm(): Promise<string> {
  const { context, page } = await newPage(browser);
  await signIn(page, 'manager@demo.test');
  await page.waitForURL((u) => u.pathname === '/workspace', { timeout: 30_000 });
  const projects = await apiCall<{ id: string; name: string }[] | { projects: { id: string; name: string }[] }>(
    page,
    '/api/Projects/getProjectsOfOrganization',
    null,
  );
  const projectId = (Array.isArray(projects.data) ? projects.data : projects.data.projects).find((p) => p.name === DEMO_SURVEY_PROJECT)!.id;
  const imported = await apiCall<{ surveyId: string; report: unknown[] }>(page, '/api/DataCollection/importXlsForm', {
    file: { name: 'walk.xlsx', base64: (await form(`Walk ${randomUUID().slice(0, 8)}`)).toString('base64') },
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

/** One second of silence as a WAV file: what a phone's recorder hands over, in miniature. */
function silentWav(): Buffer {
  const samples = 8000;
  const b = Buffer.alloc(44 + samples);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples, 40);
  b.fill(128, 44);
  return b;
}

const points = (page: Page) => q(page, 'route').getByTestId('line-points').locator('li');

describe('a line and an audio recording', () => {
  it(
    'are filled with the keyboard and the device, submitted, and the line is drawn on the submission map',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await newPage(browser);
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 3.95, longitude: 41.86, accuracy: 12 });
      await recordSubmissions(page);
      await openSurvey(page, path);

      // The first point typed, with the keyboard only: latitude, longitude, then Tab to 'Add this point'.
      const route = q(page, 'route');
      await route.getByLabel('Latitude').focus();
      await page.keyboard.type('3.9');
      await page.keyboard.press('Tab');
      await page.keyboard.type('41.8');
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('line-add');
      await page.keyboard.press('Enter');
      await expect.poll(() => points(page).count()).toBe(1);
      expect(await points(page).first().textContent()).toContain('Point 1: 3.9, 41.8');

      // One point is no line: the submit says so under the question.
      await page.getByTestId('fill-submit').click();
      await expect.poll(() => route.getByTestId('field-error').textContent()).toBe('Please record a line of at least 2 valid points.');

      // The second where the device is.
      await route.getByTestId('line-locate').click();
      await expect.poll(() => points(page).count(), { timeout: 15_000 }).toBe(2);
      expect(await points(page).nth(1).textContent()).toContain('3.95, 41.86');

      // The audio question takes audio only.
      const voice = q(page, 'voice');
      expect(await voice.locator('input[type=file]').getAttribute('accept')).toBe('audio/*');
      await voice.locator('input[type=file]').setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
      await expect.poll(() => voice.getByTestId('field-error').first().textContent()).toBe('File type not allowed or potentially harmful.');
      await voice.locator('input[type=file]').setInputFiles({ name: 'note.wav', mimeType: 'audio/wav', buffer: silentWav() });
      await voice.getByTestId('file-name').waitFor();

      for (const [width, viewport] of [
        [1280, DESKTOP],
        [360, PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await expectAccessible(page, `the line and audio questions at ${width} px`);
        await screenshot(page, `fill-lines-${width}`);
        await route.screenshot({ path: join(SCREENSHOTS, `fill-lines-${width}-widget.png`) });
      }
      await page.setViewportSize(DESKTOP);

      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/DataCollection/SubmitSurvey')),
        page.getByTestId('fill-submit').click(),
      ]);
      expect(response.status(), await response.text()).toBe(200);
      const { id } = ((await response.json()) as { data: { id: string } }).data;
      const sent = await lastSubmission(page);
      const text = sent.find(([k, v]) => k.endsWith('answerDetail.text') && typeof v === 'string' && v.includes(';'));
      expect(text?.[1]).toBe('3.9 41.8;3.95 41.86 0 12');
      await page.getByTestId('fill-thanks').waitFor();

      // The submission view draws the line on the map and lists its points.
      await signIn(page, 'manager@demo.test');
      await page.waitForURL((u) => u.pathname === '/workspace', { timeout: 30_000 });
      await page.goto(`/survey/submission/${id}`);
      await page.locator('[data-testid="submission-map"][data-lines="1"]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('submission-places').textContent()).toContain('A line of 2 points');
      await screenshot(page, 'fill-lines-submission');
      await context.close();
    },
  );
});
