// A survey's media files in the browser: the demo manager makes a survey, opens its
// 'Media files' from Survey Tools' row menu, uploads a pulldata() CSV and a PNG and sees both listed,
// then tries an .html file and sees the server's refusal. A CSV uploaded on the page is what pulldata()
// reads on the survey's public fill page. axe at laptop and phone width; screenshots
// tests/e2e/screenshots/survey-media-*.png.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSurvey, q, type SurveyModel } from '../../engine/survey/index';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, animationsSettled, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const CSV = Buffer.from('name,price\nmaize,120\nbeans,250\n');
const HTML = Buffer.from('<!DOCTYPE html><html><body>hi</body></html>');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo manager in the demo project, with a new survey of its own (so the file list starts empty). */
async function managerWithSurvey(viewport: { width: number; height: number }): Promise<{ page: Page; id: string; name: string }> {
  const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, 'manager@demo.test');
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: 30_000 });
  await page.waitForFunction(
    () => !!JSON.parse((sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')) || '{}').organizationId,
    undefined,
    { timeout: 30_000 },
  );
  // Settled, so the app's own session writes are done before the project is set beside them; a poll that
  // never goes quiet must not fail the test.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await chooseProject(page, 'Household Needs Assessment 2026');
  const name = `Market prices ${Date.now()}`;
  const id = await page.evaluate(async (n) => {
    const s = JSON.parse(sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')!) as {
      token: string;
      organizationId: string;
      currentProjectId: string;
    };
    const res = await fetch('/api/Survey/CreateSurvey', {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId, 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: s.currentProjectId, name: n }),
    });
    const body = (await res.json()) as { data: { id?: string; surveyId?: string } };
    return body.data.id ?? body.data.surveyId ?? '';
  }, name);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return { page, id, name };
}

/** A call of the API with the page's session, as the app makes it; refuses what the server refuses. */
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

/**
 * The upload button back from its loading state (it stays busy until the list is refreshed), pressed
 * earlier it does nothing; and the pointer off it, so axe measures its resting colours, not the theme's
 * hover shade (blue at 90%, a little under 4.5:1 with white: a theme matter, reported apart).
 */
async function uploadReady(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('survey-media-upload').isEnabled()).toBe(true);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
  await animationsSettled(page);
}

const listed = (page: Page) =>
  page.getByTestId('survey-media-row').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));

describe('a survey’s media files', () => {
  it('are reached from Survey Tools, uploaded, listed and refused when not allowed, at laptop width', { timeout: 150_000 }, async () => {
    const { page, id, name } = await managerWithSurvey(DESKTOP);
    await page.goto('/survey/survey-tools');
    await page.getByTestId('screen-search').fill(name);
    const row = page.getByTestId('row').filter({ hasText: name });
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('row-menu').click();
    await page.getByTestId('menu-media').click();
    await page.waitForURL(`**/survey/media/${id}`);
    await expect.poll(() => page.getByTestId('survey-media-title').textContent()).toBe(name);
    await page.getByTestId('survey-media-empty').getByText('No files').waitFor();
    expect(await page.getByTestId('survey-media-limits').textContent()).toMatch(/Image \(png, jpg, jpeg, gif, webp\): up to 5 MB/);
    expect(await page.getByTestId('survey-media-csv-note').textContent()).toContain('pulldata(');
    // The file input is named by its visible label.
    await page.getByLabel('File to attach').waitFor();
    await uploadReady(page);
    await expectAccessible(page, 'the media page, empty', '[data-testid=survey-media]');

    await page.getByTestId('survey-media-file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: CSV });
    await page.getByTestId('survey-media-upload').click();
    await expect
      .poll(() =>
        page
          .getByTestId('survey-media-done')
          .textContent()
          .catch(() => ''),
      )
      .toContain('prices.csv has been uploaded');
    await page.getByTestId('toast-success').first().waitFor();
    await page.getByTestId('survey-media-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    // Keyboard: the upload button pressed with Enter.
    await uploadReady(page);
    await page.getByTestId('survey-media-upload').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => listed(page)).toEqual(expect.arrayContaining(['prices.csv', 'logo.png']));
    const cells = await page.getByTestId('survey-media-row').filter({ hasText: 'prices.csv' }).locator('td').allTextContents();
    expect(cells[1]).toBe('CSV');
    expect(cells[3]).toMatch(/^Download/);

    // The download link carries the session and gives back the bytes uploaded.
    const download = page.waitForEvent('download');
    await page.getByTestId('survey-media-row').filter({ hasText: 'prices.csv' }).getByRole('link').click();
    expect((await download).suggestedFilename()).toBe('prices.csv');

    await page.getByTestId('survey-media-file').setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: HTML });
    await page.getByTestId('survey-media-upload').click();
    const refusal = page.getByTestId('survey-media-problem');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.getAttribute('role')).toBe('alert');
    // Said from the refusal's reason (surveyMedia.refusals.kind), not the server's English sentence.
    expect(await refusal.textContent()).toContain('This kind of file cannot be attached.');
    expect(await listed(page)).toHaveLength(2);
    await uploadReady(page);
    await expectAccessible(page, 'the media page with files and a refusal', '[data-testid=survey-media]');
    await screenshot(page, 'survey-media-desktop');

    // One way back (the shell's, from the route table), and it returns to Survey Tools.
    expect(await page.getByRole('button', { name: 'Back to Survey Tools' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /back/i }).count()).toBe(0);
    await page.getByTestId('back-button').click();
    await page.waitForURL('**/survey/survey-tools');
    await page.context().close();
  });

  it('fits a phone and stays accessible', { timeout: 120_000 }, async () => {
    const { page, id, name } = await managerWithSurvey(PHONE);
    // Survey Tools' row menu at 360 px, opened from the keyboard.
    await page.goto('/survey/survey-tools');
    await page.getByTestId('screen-search').fill(name);
    const row = page.getByTestId('row').filter({ hasText: name });
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('row-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('menu-media').waitFor();
    await screenshot(page, 'survey-media-menu-phone');
    await page.getByTestId('menu-media').click();
    await page.waitForURL(`**/survey/media/${id}`);
    await page.getByTestId('survey-media-empty').getByText('No files').waitFor({ timeout: 30_000 });
    await page
      .getByTestId('survey-media-file')
      .setInputFiles({ name: 'a rather long file name for the prices list.csv', mimeType: 'text/csv', buffer: CSV });
    await page.getByTestId('survey-media-upload').click();
    await page.getByTestId('survey-media-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('survey-media-file').setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: HTML });
    await page.getByTestId('survey-media-upload').click();
    await page.getByTestId('survey-media-problem').waitFor({ timeout: 30_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await uploadReady(page);
    await expectAccessible(page, 'the media page at phone width', '[data-testid=survey-media]');
    await screenshot(page, 'survey-media-phone');
    await page.context().close();
  });

  it('feed pulldata(): the CSV uploaded on the page is looked up on the public fill page', { timeout: 150_000 }, async () => {
    const { page, id, name } = await managerWithSurvey(DESKTOP);
    // The questions saved before the upload: the upload raises the survey's version.
    const current = await api<SurveyModel & { version: number }>(page, 'POST', '/Survey/GetById', { SurveyId: id });
    const built = buildSurvey(
      {
        name,
        languages: [{ code: 'en', languageId: current.surveyLanguageMaps[0]!.languageId, name: 'English' }],
        idFor: () => randomUUID(),
      },
      [
        q.text('item').label('Item'),
        q.calculate('price').calculation("pulldata('prices', 'price', 'name', ${item})"),
        q.note('shown').label('Price: ${price}'),
      ],
    );
    const { version: _v, ...model } = current;
    await api(page, 'POST', '/Survey/SaveSurvey', {
      surveyId: id,
      version: current.version,
      model: { ...model, surveyItems: built.surveyItems },
      deletedIds: [],
    });
    await page.goto(`/survey/media/${id}`);
    await page.getByTestId('survey-media-empty').getByText('No files').waitFor({ timeout: 30_000 });
    await page.getByTestId('survey-media-file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: CSV });
    await page.getByTestId('survey-media-upload').click();
    await expect.poll(() => listed(page)).toEqual(['prices.csv']);
    await api(page, 'POST', '/DataCollection/PublishSurvey', { surveyId: id });

    // A stranger on the public link: no session, the CSV's rows travel with the survey.
    const stranger = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
    const fill = await stranger.newPage();
    const details = await api<{ publicLinkUuid: string }>(page, 'GET', `/Survey/GetSurveyDetails?surveyId=${id}`);
    await fill.goto(`/public-survey/${details.publicLinkUuid}/${id}`);
    await fill
      .getByTestId('survey-form')
      .waitFor({ timeout: 30_000 })
      .catch(async (e: unknown) => {
        await screenshot(fill, 'survey-media-pulldata-debug');
        throw e;
      });
    await fill.locator('[data-path="item"] textarea').fill('beans');
    await expect.poll(() => fill.locator('[data-path="shown"]').textContent()).toContain('Price: 250');
    await screenshot(fill, 'survey-media-pulldata-fill');
    await stranger.close();
    await page.context().close();
  });
});
