// The fill page's own toasts (src/app/fillToasts.tsx) as a respondent meets them at both widths:
// an empty submit says why in an error toast, top right (top left in Arabic), above the form; it is a
// status in a live region, its close button has a name and closes it from the keyboard; axe finds nothing
// serious with it open. Screenshots of the viewport: fill-toast-{phone,desktop}[-rtl].png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { look } from './axe';
import { DESKTOP, PHONE, launch, newPage } from './browser';
import { chooseSurveyLanguage, demoLink, openSurvey, type DemoLink } from './fill.support';

let browser: Browser;
let link: DemoLink;
beforeAll(async () => {
  browser = await launch();
  link = await demoLink(browser);
});
afterAll(() => browser?.close());

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('at %s width', (size, viewport) => {
  it('an empty submit shows an error toast on top of the page, closable from the keyboard, in either direction', async () => {
    const { context, page } = await newPage(browser, { viewport });
    await openSurvey(page, link.path);
    for (const dir of ['ltr', 'rtl'] as const) {
      if (dir === 'rtl') await chooseSurveyLanguage(page, 'Arabic');
      await page.getByTestId('fill-submit').click();
      const toast = page.getByTestId('toast-error').first();
      await toast.waitFor();
      expect(await toast.getAttribute('role')).toBe('status');
      expect(await toast.evaluate((e) => e.closest('[aria-live="polite"]') !== null)).toBe(true);
      const box = (await toast.boundingBox())!;
      // In the viewport, at the top, on the side the page's language starts its lines at the end of.
      expect(box.y).toBeLessThan(100);
      const centre = (box.x + box.width / 2) / viewport.width;
      if (size === 'desktop') expect(dir === 'ltr' ? centre > 0.5 : centre < 0.5).toBe(true);
      await look(page, `fill-toast-${size}${dir === 'rtl' ? '-rtl' : ''}`);
      const close = toast.getByRole('button');
      expect(await close.getAttribute('aria-label')).toBe(dir === 'ltr' ? 'Close' : 'إغلاق');
      await close.focus();
      await page.keyboard.press('Enter');
      await toast.waitFor({ state: 'detached' });
      // Whatever else was said (the offline notices) goes too, before the next language's toast.
      for (const other of await page.locator('[data-testid^="toast-"] button').all()) await other.click().catch(() => undefined);
    }
    await context.close();
  });
});
