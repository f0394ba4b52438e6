// Browser helpers of the offline tests: persistent profiles (the service worker, its caches and
// IndexedDB survive a closed browser), the demo survey filled with the fewest answers it accepts, and
// waiting for a notice.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { BROWSER_ARGS, CHROMIUM, PHONE, SCREENSHOTS, animationsSettled } from './browser';

/** A browser profile on disk: close it and open it again to play "the phone was switched off". */
export class Profile {
  readonly dir = mkdtempSync(join(tmpdir(), 'fieldsurvey-profile-'));
  context: BrowserContext | undefined;

  constructor(private readonly baseURL: string) {}

  async open(opts: { offline?: boolean } = {}): Promise<Page> {
    // A browser a failed attempt left running holds the profile's lock: its retry could not start one.
    await this.close();
    this.context = await chromium.launchPersistentContext(this.dir, {
      executablePath: CHROMIUM,
      headless: true,
      args: BROWSER_ARGS,
      baseURL: this.baseURL,
      viewport: PHONE,
      locale: 'en-US',
      acceptDownloads: true,
    });
    if (opts.offline) await this.context.setOffline(true);
    return this.context.pages()[0] ?? (await this.context.newPage());
  }

  async close(): Promise<void> {
    await this.context?.close();
    this.context = undefined;
  }

  /** The phone as new: no service worker, caches, drafts or form in progress (a test's retry starts here). */
  async reset(): Promise<void> {
    await this.close();
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  async dispose(): Promise<void> {
    await this.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The frame of the question at an instance path ('members[1]/member_age'), as the fill tests find it. */
export const q = (page: Page, path: string) => page.locator(`[data-path="${path}"]`);
export const consent = (page: Page) => q(page, 'consent').locator('input');
export const respondentName = (page: Page) => q(page, 'respondent_name').locator('textarea');

/** The demo survey with only what it requires: consent, name, region and district, one member, one need. */
export async function fillMinimal(page: Page, name: string): Promise<void> {
  await consent(page).check();
  await respondentName(page).fill(name);
  await q(page, 'region').locator('input[value=turkana]').check();
  await q(page, 'district').locator('input[value=lodwar]').check();
  await q(page, 'household_size').locator('input').fill('1');
  await q(page, 'members[1]/member_name').locator('textarea').fill(`${name} senior`);
  await q(page, 'members[1]/member_age').locator('input').fill('34');
  await q(page, 'priority_needs').locator('input[value=food]').check();
}

/** Waits for a toast with exactly this text. */
export async function notice(page: Page, text: string, timeout = 20_000): Promise<void> {
  await page.locator('[data-testid^="toast-"]').filter({ hasText: text }).first().waitFor({ timeout });
}

/** The demo survey, once its page has kept it for offline use. */
export async function openSurveyOnline(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('fill-page').waitFor();
  await notice(page, 'Data has been downloaded.', 60_000);
}

export const surveyIdOf = (path: string): string => path.split('/').pop()!;

/** What the phone's screen shows (dialogs sit in the viewport, not at the top of a long page). */
export async function screen(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await animationsSettled(page);
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
