// Webhooks on Survey Data: a project manager reads the demo webhook's log, adds one for the demo survey to a receiver on this machine
// (the server runs with WEBHOOK_ALLOW_PRIVATE), copies the secret shown once, reviews a submission and
// reads the delivery log: the receiver's first refusal, then - sent again from the log - its success,
// the request signed with that secret. Then the webhook is removed. Axe over each state, in English at
// desktop width, in Arabic (mirrored) and German at phone width; screenshots in
// tests/e2e/screenshots/webhooks-*.png, to be looked at.
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_NAME, DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { startReceiver, type Receiver } from '../support/receiver';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';
import { apiAs, apiCall } from './fill.support';

let browser: Browser;
let rx: Receiver;
beforeAll(async () => {
  browser = await launch();
  rx = await startReceiver();
});
afterAll(async () => {
  await browser?.close();
  await rx?.close();
});

async function openData(page: Page): Promise<string> {
  await signIn(page, 'manager@demo.test');
  await page.waitForURL('**/workspace', { timeout: 30_000 });
  await chooseProject(page, DEMO_SURVEY_PROJECT);
  await page.goto('/survey/survey-data');
  const picker = page.getByTestId('survey-picker');
  await expect.poll(() => picker.locator('option').allTextContents(), { timeout: 30_000 }).toContain(DEMO_SURVEY_NAME);
  await picker.selectOption({ label: DEMO_SURVEY_NAME });
  await page.getByTestId('data-row').first().waitFor({ timeout: 30_000 });
  return picker.inputValue();
}

describe.each([
  ['en', DESKTOP],
  ['ar', PHONE],
  ['de', PHONE],
] as const)('webhooks in %s at %o', (lang, viewport) => {
  it('adds a webhook, shows its secret once, logs a refused and a resent delivery, removes it', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl() });
    await context.addInitScript((l) => localStorage.setItem('fs.language', l), lang);
    const page = await context.newPage();
    const name = `webhooks-${lang}-${viewport.width < 500 ? 'phone' : 'desktop'}`;
    const path = `/e2e/${lang}/${Math.random().toString(36).slice(2, 8)}`;
    try {
      const surveyId = await openData(page);
      expect((await page.locator('html').getAttribute('dir')) ?? 'ltr').toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.getByTestId('open-webhooks').click();
      const dialog = page.getByTestId('webhooks-dialog');
      await dialog.waitFor();
      // The demo's own webhook: disabled after a day of failures, its log telling the story.
      const demoHook = dialog.getByTestId('webhook-row').filter({ hasText: 'cases.example.org' });
      await demoHook.getByTestId('webhook-enable').waitFor();
      await demoHook.getByTestId('webhook-log-open').click();
      await expect.poll(() => dialog.getByTestId('webhook-delivery').count()).toBe(3);
      await screenshot(page, `${name}-demo-log`);
      await expectAccessible(page, `${name} the demo webhook's log`);
      await dialog.getByTestId('webhook-log-back').click();
      await dialog.getByTestId('webhook-url').fill(rx.url(path));
      await dialog.getByTestId('webhook-event-submission.reviewed').click();
      await dialog.getByTestId('webhook-add').click();
      const secret = await dialog.getByTestId('webhook-secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await dialog
        .getByTestId('webhook-row')
        .filter({ hasText: rx.url(path) })
        .waitFor();
      await screenshot(page, `${name}-added`);
      await expectAccessible(page, `${name} added`);

      const rows = await apiAs<{ submissions: { id: string; reviewStatus: number }[] }>(
        page,
        `/api/DataCollection/getSubmissions?SurveyId=${surveyId}&PageSize=1`,
      );
      const submission = rows.submissions[0]!;
      const other = submission.reviewStatus === 3 ? 2 : 3;
      // A review of a submission is the event; the receiver refuses the first one the first time.
      let refused = false;
      rx.answer((r) => {
        const review = r.path === path && (JSON.parse(r.body) as { data: { reviewStatus: number } }).data.reviewStatus === other;
        if (review && !refused) {
          refused = true;
          return { status: 503, body: 'busy, try later' };
        }
        return { status: 200, body: 'thanks' };
      });
      expect((await apiCall(page, '/api/DataCollection/reviewSubmission', { json: { id: submission.id, status: other } })).isSuccess).toBe(
        true,
      );
      // Put back as it was for the other browser files on this server (a second event, sent as well).
      expect(
        (await apiCall(page, '/api/DataCollection/reviewSubmission', { json: { id: submission.id, status: submission.reviewStatus } }))
          .isSuccess,
      ).toBe(true);

      await dialog
        .getByTestId('webhook-row')
        .filter({ hasText: rx.url(path) })
        .getByTestId('webhook-log-open')
        .click();
      const log = dialog.getByTestId('webhook-log');
      const reviewed = log.getByTestId('webhook-delivery').last();
      await reviewed.getByText('HTTP 503').waitFor({ timeout: 30_000 });
      await reviewed.getByText('busy, try later').waitFor();
      await screenshot(page, `${name}-log-refused`);
      await expectAccessible(page, `${name} log with a refused attempt`);

      await reviewed.getByTestId('webhook-redeliver').click();
      await reviewed.getByText('HTTP 200').waitFor({ timeout: 30_000 });
      await expect.poll(() => reviewed.getByTestId('webhook-attempt').count()).toBe(2);
      await screenshot(page, `${name}-log-delivered`);
      await expectAccessible(page, `${name} log delivered`);

      // What arrived is signed with the secret the dialog showed, and says the review as it was set.
      const sent = rx.received
        .filter((r) => r.path === path)
        .map((r) => ({
          id: r.headers['webhook-id'],
          payload: new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
            type: string;
            data: { id: string; reviewStatus: number };
          },
        }));
      const changed = sent.filter((r) => r.payload.data.reviewStatus === other);
      expect(changed).toHaveLength(2);
      expect(changed[0]!.payload).toMatchObject({ type: 'submission.reviewed', data: { id: submission.id } });
      expect(changed[1]!.id).toBe(changed[0]!.id);
      expect(sent.filter((r) => r.payload.data.reviewStatus === submission.reviewStatus)).toHaveLength(1);

      await dialog.getByTestId('webhook-log-back').click();
      await dialog
        .getByTestId('webhook-row')
        .filter({ hasText: rx.url(path) })
        .getByTestId('webhook-remove')
        .click();
      await expect
        .poll(() =>
          dialog
            .getByTestId('webhook-row')
            .filter({ hasText: rx.url(path) })
            .count(),
        )
        .toBe(0);
    } finally {
      rx.answer(() => ({ status: 200, body: 'ok' }));
      await context.close();
    }
  });
});
