// Browser helpers of the offline tests: persistent profiles (the service worker, its caches and
// IndexedDB survive a closed browser), the demo survey filled with the fewest answers it accepts, and
// waiting for a notice.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, PHONE, SCREENSHOTS } from './browser';

export const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** A browser profile on disk: close it and open it again to play "the phone was switched off". */
export class Profile {
  readonly dir = mkdtempSync(join(tmpdir(), 'fieldsurvey-profile-'));
  context: BrowserContext | undefined;

  constructor(private readonly baseURL: string) {}

  async open(opts: { offline?: boolean } = {}): Promise<Page> {
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

  async dispose(): Promise<void> {
    await this.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);
export const question = (page: Page, name: string) => page.getByTestId(`question-${name}`);

/** The demo survey with only what it requires: consent, name, region and district, one member, one need. */
export async function fillMinimal(page: Page, name: string): Promise<void> {
  await byId(page, 'root:consent').check();
  await byId(page, 'root:respondent_name').fill(name);
  await question(page, 'region').locator('[data-choice=turkana]').click();
  await question(page, 'district').locator('[data-choice=lodwar]').click();
  await byId(page, 'root:household_size').fill('1');
  await question(page, 'member_name').locator('textarea, input').first().fill(`${name} senior`);
  await question(page, 'member_age').locator('input').first().fill('34');
  await question(page, 'priority_needs').locator('[data-choice=food]').click();
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
  // Dialogs fade in: wait for the finite animations (not the spinners) to end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
