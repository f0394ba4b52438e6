// The project's overview pages: /relationships (the counts of respondents, targets, tasks and surveys,
// each a way into its page) and /quick-actions (the common actions the caller's role may take), and
// /survey/data/{id} opening Survey Data on that survey. Axe over each at desktop width in English and
// phone width in German and Arabic; screenshots in tests/e2e/screenshots/relationships-*.png and
// quick-actions-*.png, to be looked at.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_NAME, DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { look } from './axe';
import { DESKTOP, PHONE, baseUrl, chooseProject, launch, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['en', DESKTOP],
  ['de', PHONE],
  ['ar', PHONE],
] as const)('the overview in %s at %o', (lang, viewport) => {
  it('counts, links, quick actions and a survey opened in Survey Data', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl() });
    await context.addInitScript((l) => localStorage.setItem('fs.language', l), lang);
    const page = await context.newPage();
    const size = viewport.width < 500 ? 'phone' : 'desktop';
    try {
      await signIn(page, 'manager@demo.test');
      await page.waitForURL('**/workspace', { timeout: 30_000 });
      await chooseProject(page, DEMO_SURVEY_PROJECT);
      await page.goto('/relationships');
      await page.getByTestId('relationships-people').waitFor();
      expect(Number((await page.getByTestId('relationships-submissions').textContent())?.replace(/\D/g, '') || NaN)).toBeGreaterThan(0);
      await look(page, `relationships-${lang}-${size}`);
      await page.getByTestId('relationships-targets').getByRole('link').click();
      await page.waitForURL('**/targets');

      await page.goto('/quick-actions');
      await page.getByTestId('quick-action-exportData').waitFor();
      await look(page, `quick-actions-${lang}-${size}`);
      await page.getByTestId('quick-action-importRespondents').getByRole('link').click();
      await page.waitForURL('**/beneficiaries/table');

      const surveyId = await page.evaluate(async (name) => {
        const s = JSON.parse(sessionStorage.getItem('fs.session')!) as { token: string; organizationId: string; currentProjectId: string };
        const res = await fetch(`/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${s.currentProjectId}`, {
          headers: { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId },
        });
        const body = (await res.json()) as { data: { surveys: { id: string; name: string }[] } };
        return body.data.surveys.find((x) => x.name === name)!.id;
      }, DEMO_SURVEY_NAME);
      await page.goto(`/survey/data/${surveyId}`);
      await page.waitForURL(`**/survey/survey-data?survey=${surveyId}`);
    } finally {
      await context.close();
    }
  });

  it('shows a guest only what a guest may do', { timeout: 60_000 }, async () => {
    if (lang !== 'en') return;
    const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl() });
    const page = await context.newPage();
    try {
      await signIn(page, 'guest@demo.test');
      await page.waitForURL('**/workspace', { timeout: 30_000 });
      await chooseProject(page, DEMO_SURVEY_PROJECT);
      await page.goto('/quick-actions');
      await page.getByTestId('quick-action-exportData').waitFor();
      expect(await page.getByTestId('quick-action-newSurvey').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
