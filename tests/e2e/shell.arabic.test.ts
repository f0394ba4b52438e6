// The signed-in interface in Arabic, right to left: chosen through the language switcher, the main
// screens of an organization's day (workspaces, project selection, the dashboard, survey tools, survey
// data, members, tasks) at 1280 and 360 px carry <html lang="ar" dir="rtl">, speak Arabic, keep the
// sidebar on the right, run off neither edge, and axe finds nothing critical or serious. Screenshots:
// tests/e2e/screenshots/arabic-*.png, looked at.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, chooseLanguage, chooseProject, launch, newPage, screenshot, signIn } from './browser';
import { DEMO_SURVEY_NAME, DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Each screen, and what shows once it is drawn beyond its heading. */
const screens: [path: string, name: string, ready?: string][] = [
  ['/admin-workspaces', 'workspaces'],
  ['/project-selection', 'project-selection'],
  ['/dashboard', 'dashboard', '[data-testid=report-collectors-chart] svg'],
  ['/survey/survey-tools', 'survey-tools'],
  ['/survey/survey-data', 'survey-data'],
  ['/members', 'members'],
  ['/task-management/collection', 'tasks'],
];
const ARABIC = /[\u0600-\u06FF]/;

async function check(page: Page, name: string, width: number) {
  expect(
    await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })),
    `${name} <html lang dir>`,
  ).toEqual({ lang: 'ar', dir: 'rtl' });
  // Nothing wider than the window: a mirrored layout pushing content off the left edge would scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} overflows`).toBeLessThanOrEqual(width + 1);
  await screenshot(page, name);
  await expectAccessible(page, name);
}

describe('the interface in Arabic', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`mirrors the main screens at ${device} width`, { timeout: 240_000 }, async () => {
      const { context, page } = await newPage(browser, { viewport });
      await page.goto('/auth/login');
      await chooseLanguage(page, 'العربية');
      await expect.poll(() => page.getByTestId('login-submit').textContent()).toBe('تسجيل الدخول');
      await check(page, `arabic-login-${device}`, viewport.width);
      await signIn(page, 'organization@demo.test');
      await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
      await page.getByTestId('profile-menu').waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      await chooseProject(page, DEMO_SURVEY_PROJECT);
      for (const [path, name, ready] of screens) {
        await page.goto(path);
        const heading = page.locator('main').getByRole('heading').first();
        await heading.waitFor({ timeout: 30_000 });
        // Other browser files add surveys to the demo project meanwhile: the one with submissions is chosen.
        if (name === 'dashboard') await page.getByTestId('report-survey').selectOption({ label: DEMO_SURVEY_NAME });
        if (ready) await page.locator(ready).first().waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        expect(await page.locator('main').innerText(), `${name} in Arabic`).toMatch(ARABIC);
        if (device === 'desktop') {
          // The sidebar stands at the start of the line, which is the right in Arabic.
          const nav = await page.getByRole('navigation').first().boundingBox();
          expect(nav!.x, `${name} sidebar`).toBeGreaterThan(viewport.width / 2);
        }
        await check(page, `arabic-${name}-${device}`, viewport.width);
      }
      if (device === 'phone') {
        // The menu drawer slides in from the right.
        await page.getByRole('button', { name: 'فتح القائمة' }).click();
        const drawer = page.getByRole('dialog', { name: 'القائمة الرئيسية' });
        await drawer.waitFor();
        await expect.poll(async () => (await drawer.boundingBox())?.x ?? -1).toBeGreaterThan(0);
        const box = (await drawer.boundingBox())!;
        expect(box.x + box.width).toBeGreaterThanOrEqual(viewport.width - 1);
        await check(page, `arabic-menu-${device}`, viewport.width);
      }
      await context.close();
    });
  }
});
