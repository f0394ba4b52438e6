// Drafts and the autosaved form in a real Chromium: saved with no network, still there after the browser
// was closed and opened again on the same profile (the phone switched off), loaded back, discarded,
// and removed once their submission is stored.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnServer } from './offline-server';
import { Profile, consent, fillMinimal, notice, openSurveyOnline, respondentName, screen } from './offline-pages';

let srv: OwnServer;
let path: string;
let profile: Profile;

beforeAll(async () => {
  srv = new OwnServer();
  await srv.start();
  path = srv.demoSurveyPath();
  profile = new Profile(srv.url);
}, 180_000);

afterAll(async () => {
  await profile?.dispose();
  await srv?.dispose();
});

async function reopenOffline(): Promise<Page> {
  await profile.close();
  const page = await profile.open({ offline: true });
  await page.goto(path);
  await page.getByTestId('fill-page').waitFor();
  return page;
}

async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.locator('[data-testid^="toast-"] button').all()) await close.click().catch(() => undefined);
}

describe('drafts offline', () => {
  it('are checked, saved with no network, kept across a browser restart and loaded back', async () => {
    await profile.reset();
    let page = await profile.open();
    await openSurveyOnline(page, path);
    await profile.context!.setOffline(true);
    await page.reload();
    await page.getByTestId('fill-page').waitFor();

    // The rule "one answer other than note, calculate and hidden" is the page's hasAnyAnswer; the demo
    // survey's default interview date counts as one, so that rule is covered by the unit tests.
    await consent(page).check();
    await respondentName(page).fill('Tent 14 family');
    await page.getByTestId('save-draft').click();
    await page.getByTestId('save-draft-dialog').waitFor();
    await page.getByTestId('draft-save').click();
    await page.getByText('Please enter a name for this draft').waitFor();
    await page.getByTestId('draft-title').fill('Tent 14');
    await page.getByTestId('draft-note').fill('x'.repeat(120));
    expect((await page.getByTestId('draft-note').inputValue()).length).toBe(100);
    await page.getByTestId('draft-note').fill('Come back after 4 pm, the father works mornings');
    await page.getByTestId('draft-save').click();
    await notice(page, 'Your answers have been saved in your local device');
    // Saving resets the form.
    expect(await consent(page).isChecked()).toBe(false);

    page = await reopenOffline();
    await dismissToasts(page);
    await page.getByTestId('see-drafts').click();
    await page.getByTestId('drafts-dialog').waitFor();
    const item = page.getByTestId('draft-item');
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain('Come back after 4 pm');
    await screen(page, 'offline-drafts-modal-360');
    await page.getByTestId('draft-open').click();
    await page.getByTestId('drafts-dialog').waitFor({ state: 'detached' });
    expect(await consent(page).isChecked()).toBe(true);
    expect(await respondentName(page).inputValue()).toBe('Tent 14 family');
    expect(await page.getByTestId('draft-editing').textContent()).toBe('Draft: Tent 14');
    // Off-screen questions size themselves as they render: scroll to the end until it stays there.
    for (let i = 0; i < 3; i++)
      await page.evaluate(() => new Promise((r) => (window.scrollTo(0, document.documentElement.scrollHeight), setTimeout(r, 150))));
    await screen(page, 'offline-draft-loaded-360');

    // Saved again, it stays one draft, with its title and note kept.
    await page.getByTestId('save-draft').click();
    expect(await page.getByTestId('draft-title').inputValue()).toBe('Tent 14');
    expect(await page.getByTestId('draft-note').inputValue()).toBe('Come back after 4 pm, the father works mornings');
    await page.getByTestId('draft-save').click();
    await notice(page, 'Your answers have been saved in your local device');
    await page.getByTestId('see-drafts').click();
    expect(await page.getByTestId('draft-item').count()).toBe(1);
    await page.keyboard.press('Escape');
  }, 180_000);

  it('a form in progress comes back after the browser died', async () => {
    let page = await reopenOffline();
    await consent(page).check();
    await respondentName(page).fill('Unsaved Umar');
    await page.waitForTimeout(1_500); // the autosave's pause
    page = await reopenOffline();
    await page.getByTestId('restore-dialog').waitFor();
    await screen(page, 'offline-restore-360');
    await page.getByTestId('restore-accept').click();
    await respondentName(page).waitFor();
    expect(await respondentName(page).inputValue()).toBe('Unsaved Umar');

    // Started over instead, it is gone for good.
    page = await reopenOffline();
    await page.getByTestId('restore-dialog').waitFor();
    await page.getByTestId('restore-discard').click();
    expect(await consent(page).isChecked()).toBe(false);
    page = await reopenOffline();
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId('restore-dialog').count()).toBe(0);
  }, 180_000);

  it('a draft is discarded on request, and removed once its submission is stored', async () => {
    const page = await reopenOffline();
    await profile.context!.setOffline(false);
    await dismissToasts(page);
    await page.getByTestId('see-drafts').click();
    await page.getByTestId('draft-open').click();
    await fillMinimal(page, 'Tent 14 family');
    await page.getByTestId('fill-submit').click();
    await notice(page, 'Survey submitted successfully.');
    await page
      .getByTestId('fill-page')
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await page.getByTestId('fill-page').waitFor();
    await page.getByTestId('see-drafts').click();
    await page.getByTestId('drafts-dialog').waitFor();
    await page.getByText('No saved drafts yet.').waitFor();
    await page.keyboard.press('Escape');
    // A click while the dialog is still closing lands on its backdrop, not on the form (a busy machine's race):
    // its positioner stays over the page until its exit animation ends.
    await page.getByTestId('drafts-dialog').waitFor({ state: 'hidden' });
    await page.locator('[data-scope=dialog][data-part=positioner]').waitFor({ state: 'detached' });

    await consent(page).check();
    await respondentName(page).fill('To be thrown away');
    await page.getByTestId('save-draft').click();
    await page.getByTestId('draft-title').fill('Mistake');
    await page.getByTestId('draft-save').click();
    await notice(page, 'Your answers have been saved in your local device');
    await page.getByTestId('see-drafts').click();
    await page.getByTestId('draft-discard').click();
    await notice(page, 'Draft discarded');
    await page.getByText('No saved drafts yet.').waitFor();
  }, 180_000);
});
