// What the builder's browser tests share: the demo owner in the demo project's Survey Tools, a second
// tab with the same session, drags with a real pointer, and the outline's order.
import type { Browser, Page } from 'playwright-core';
import { newPage, signIn } from './browser';

export const WIDE = { width: 1280, height: 900 };

/** Signs in as the demo owner and chooses 'Household Needs Assessment 2026'. */
export async function openSurveyTools(browser: Browser, viewport = WIDE): Promise<Page> {
  const { page } = await newPage(browser, { viewport });
  await signIn(page, 'organization@demo.test');
  await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
  await page.getByTestId('card').filter({ hasText: 'East Africa Emergency Response' }).getByRole('button').first().click();
  await page.waitForURL('**/project-selection');
  await page.getByTestId('row').filter({ hasText: 'Household Needs Assessment 2026' }).click();
  await page.waitForURL('**/dashboard');
  await page.goto('/survey/survey-tools');
  await page
    .getByTestId('row')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(async (e: unknown) => {
      await page.screenshot({ path: 'tests/e2e/screenshots/debug-tools.png' });
      throw e;
    });
  return page;
}

/** Another tab of the same browser with the first one's session (sessionStorage is per tab). */
export async function sameSessionTab(page: Page): Promise<Page> {
  const stored = await page.evaluate(() => sessionStorage.getItem('fs.session'));
  const other = await page.context().newPage();
  await other.addInitScript((s) => {
    if (s && !sessionStorage.getItem('fs.session')) sessionStorage.setItem('fs.session', s);
  }, stored);
  return other;
}

/** A pointer drag in small steps, as dnd-kit's pointer sensor needs to start and follow it. */
export async function drag(page: Page, from: ReturnType<Page['getByTestId']>, to: ReturnType<Page['getByTestId']>): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

export const outlineNames = (page: Page): Promise<string[]> =>
  page.getByTestId('outline-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));

export const row = (page: Page, name: string) => page.locator(`[data-testid="outline-row"][data-name="${name}"]`);

/** An API call with the tab's session, as the app makes it. */
export async function apiAs<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const s = JSON.parse(sessionStorage.getItem('fs.session')!) as { token: string; organizationId: string };
    const res = await fetch(`/api${p}`, { headers: { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId } });
    return ((await res.json()) as { data: unknown }).data;
  }, path) as Promise<T>;
}
