// The outbox in a real Chromium with the real service worker and a server this file can stop: the demo
// survey opened once works offline, a submission made offline waits on the device, stays there while
// the server is down, is stored exactly once when the server is back (however often it is sent), and
// an outbox file rescues submissions from one device to another.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/index';
import { OwnServer } from './offline-server';
import { Profile, consent, fillMinimal, notice, openSurveyOnline, screen, surveyIdOf } from './offline-pages';

let srv: OwnServer;
let path: string;
const profiles: Profile[] = [];
const files: string[] = [];
const newProfile = () => {
  const p = new Profile(srv.url);
  profiles.push(p);
  return p;
};

beforeAll(async () => {
  srv = new OwnServer();
  await srv.start();
  path = srv.demoSurveyPath();
}, 180_000);

afterAll(async () => {
  for (const p of profiles) await p.dispose();
  for (const f of files) rmSync(f, { force: true });
  await srv?.dispose();
});

const waiting = (page: Page, n: number, timeout = 20_000) =>
  page.locator(`[data-testid="outbox-indicator"][data-waiting="${n}"]`).waitFor({ timeout });
const indicator = (page: Page, online: boolean, timeout = 20_000) =>
  page.locator(`[data-testid="online-indicator"][data-online="${online}"]`).waitFor({ timeout });

/** Closes the notices (on a phone they cover the banner) until none is left. */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-testid^="toast-"]');
  for (let i = 0; i < 5 && (await toasts.count()) > 0; i++) {
    for (const close of await toasts.locator('button').all()) await close.click({ timeout: 2_000 }).catch(() => undefined);
    await toasts
      .first()
      .waitFor({ state: 'detached', timeout: 3_000 })
      .catch(() => undefined);
  }
}

async function exportOutbox(page: Page, name: string): Promise<string> {
  await dismissToasts(page);
  await page.getByTestId('outbox-indicator').click();
  await page.getByTestId('outbox-dialog').waitFor();
  const download = page.waitForEvent('download');
  await page.getByTestId('outbox-export').click();
  const file = join(tmpdir(), `${name}-${Date.now()}.json`);
  await (await download).saveAs(file);
  files.push(file);
  await page.keyboard.press('Escape');
  await page.getByTestId('outbox-dialog').waitFor({ state: 'detached' });
  return file;
}

async function importOutbox(page: Page, file: string): Promise<void> {
  // On a phone the notices cover the banner, where the outbox button is.
  await dismissToasts(page);
  await page.getByTestId('outbox-indicator').click();
  await page.getByTestId('outbox-dialog').waitFor();
  await page.getByTestId('outbox-import-file').setInputFiles(file);
}

describe('offline submissions', () => {
  let exported: string;

  it('opens, fills and queues with no network; waits while the server is down; is stored once when it is back', async () => {
    const profile = newProfile();
    const page = await profile.open();
    await openSurveyOnline(page, path);
    // The demo data's own submissions are there already (npm start seeds them).
    const start = await srv.submissionCount(surveyIdOf(path));

    await profile.context!.setOffline(true);
    await notice(page, 'We are offline now.');
    await indicator(page, false);
    await page.reload();
    await page.getByTestId('fill-page').waitFor();
    await notice(page, 'You are viewing cached data.');
    await indicator(page, false);
    await dismissToasts(page);
    await page.getByTestId('works-offline-info').click();
    await page.getByText('Form works offline!').waitFor();
    await screen(page, 'offline-works-offline-modal-360');
    await page.keyboard.press('Escape');

    await fillMinimal(page, 'Amina Offline');
    await page.getByTestId('fill-submit').click();
    await page.getByTestId('queued-dialog').waitFor();
    expect(await page.getByTestId('queued-countdown').textContent()).toMatch(/^The form will reload in (10|9) seconds\.$/);
    await screen(page, 'offline-countdown-360');

    // The countdown ends in a reload (offline still): an empty form, and the submission waiting.
    await page.getByTestId('queued-dialog').waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('fill-page').waitFor();
    expect(await consent(page).isChecked()).toBe(false);
    await waiting(page, 1);
    await dismissToasts(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screen(page, 'offline-outbox-indicator-360');

    exported = await exportOutbox(page, 'outbox-a');
    const file = JSON.parse(readFileSync(exported, 'utf8')) as { format: string; entries: { state: string; surveyId: string }[] };
    expect(file.format).toBe('fieldsurvey-outbox');
    expect(file.entries).toMatchObject([{ state: 'queued', surveyId: surveyIdOf(path) }]);

    // The network is back but the server is not: nothing leaves.
    await srv.stop();
    // Two probes that found no server once the network is back (one at once, one a poll later): the
    // outbox has had its chance to send and must not have.
    let unanswered = 0;
    const probes = new Promise<void>((resolve) => {
      const count = (r: { url(): string }) => {
        if (r.url().includes('/CheckOnlineStatus') && ++unanswered >= 2) resolve();
      };
      profile.context!.on('requestfailed', count);
      profile.context!.on('response', (res) => {
        if (!res.ok()) count(res);
      });
    });
    await profile.context!.setOffline(false);
    await probes;
    await waiting(page, 1);
    await indicator(page, false);
    await page.getByTestId('outbox-indicator').click();
    await page.getByTestId('outbox-entry').first().waitFor();
    expect(await page.getByTestId('outbox-entry').getAttribute('data-state')).toBe('queued');
    await screen(page, 'offline-outbox-dialog-360');
    await page.keyboard.press('Escape');

    await srv.start();
    await notice(page, 'We are back online.', 40_000);
    await notice(page, 'Data has been synced.', 40_000);
    await waiting(page, 0);
    await indicator(page, true);
    expect(await srv.submissionCount(surveyIdOf(path))).toBe(start + 1);

    // The very same entry sent again (imported back from the file): still one stored submission.
    await importOutbox(page, exported);
    await notice(page, 'Data has been synced.', 40_000);
    await waiting(page, 0);
    expect(await srv.submissionCount(surveyIdOf(path))).toBe(start + 1);
    await profile.close();
  }, 240_000);

  it('an outbox downloaded on one device is sent from a fresh one, once', async () => {
    const before = await srv.submissionCount(surveyIdOf(path));
    const phone = newProfile();
    const page = await phone.open();
    await openSurveyOnline(page, path);
    await phone.context!.setOffline(true);
    await fillMinimal(page, 'Broken Phone');
    await page.getByTestId('fill-submit').click();
    await page.getByTestId('queued-dialog').waitFor();
    await page.getByRole('button', { name: 'Reload now' }).click();
    await page.getByTestId('fill-page').waitFor();
    await waiting(page, 1);
    const rescued = await exportOutbox(page, 'outbox-broken-phone');
    await phone.close(); // the phone is gone, its outbox never sent

    const fresh = newProfile();
    const other = await fresh.open();
    await openSurveyOnline(other, path);
    await importOutbox(other, rescued);
    await notice(other, 'Data has been synced.', 40_000);
    expect(await srv.submissionCount(surveyIdOf(path))).toBe(before + 1);

    await other.keyboard.press('Escape');
    await importOutbox(other, rescued);
    await notice(other, 'Data has been synced.', 40_000);
    expect(await srv.submissionCount(surveyIdOf(path))).toBe(before + 1);
    await fresh.close();
  }, 180_000);

  it('a submission the server refuses needs attention, keeps the message and is not retried', async () => {
    // An outbox file whose one entry has no answers at all: the server's validation refuses it.
    const id = randomUUID();
    const file = join(tmpdir(), `outbox-refused-${id}.json`);
    files.push(file);
    const entries = [
      ['submission.id', id],
      ['surveyId', surveyIdOf(path)],
      ['submission.dataCollectionType', '0'],
      ['submission.isAnonymous', 'true'],
      ['submission.linkUuid', path.split('/')[2]!],
    ];
    writeFileSync(
      file,
      JSON.stringify({
        format: 'fieldsurvey-outbox',
        version: 1,
        exportedAt: new Date().toISOString(),
        entries: [
          {
            id,
            surveyId: surveyIdOf(path),
            title: 'Household Needs Assessment - Round 1',
            entries,
            createdAt: Date.now(),
            state: 'queued',
          },
        ],
      }),
    );
    const before = await srv.submissionCount(surveyIdOf(path));
    const profile = newProfile();
    const page = await profile.open();
    await page.goto(path);
    await page.getByTestId('fill-page').waitFor();
    await importOutbox(page, file);
    await notice(page, 'A submission was refused by the server and needs your attention.', 40_000);
    await page.locator('[data-testid="outbox-entry"][data-state="attention"]').waitFor();
    expect(await page.getByTestId('outbox-refusal').textContent()).toContain(
      'Error: Please provide at least one piece of information before submitting.',
    );
    await screen(page, 'offline-outbox-refused-360');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(12_000); // two automatic sync ticks
    expect(await page.locator('[data-testid="outbox-indicator"]').getAttribute('data-attention')).toBe('1');
    expect(await srv.submissionCount(surveyIdOf(path))).toBe(before);
    await profile.close();
  }, 120_000);

  it('sign-in still works with the service worker installed, and its page opens offline', async () => {
    const profile = newProfile();
    const page = await profile.open();
    await page.goto('/auth/login');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    await page.getByTestId('login-email').fill('organization@demo.test');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'), { timeout: 30_000 });
    // The screen after sign-in finishes loading its code first: cut off mid-load, it would be a failed
    // chunk, not the offline sign-in page, that this test looks at.
    await page.waitForLoadState('networkidle');
    await profile.context!.setOffline(true);
    await page.goto('/auth/login');
    await page.locator('#root > *').first().waitFor();
    expect(await page.title()).toBe('Field Survey');
    await profile.close();
  }, 120_000);
});
