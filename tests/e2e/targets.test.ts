// Targets in the browser: a project manager works out a sample in the calculator (1,000 households at
// 95 %, ±5 %: 278, with the formula shown), splits it across two location groups in proportion to their
// households, saves it as the demo survey's target and finds it on /targets with its progress per
// location group. Axe over each screen at desktop and phone width; screenshots in
// tests/e2e/screenshots/targets-*.png, to be looked at.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_NAME, DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, chooseProject, launch, screenshot, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const device = (v: { width: number }) => (v.width < 500 ? 'phone' : 'desktop');

describe.each([DESKTOP, PHONE])('targets at %o', (viewport) => {
  it('computes a sample, saves it as a target and shows its progress', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
    const page = await context.newPage();
    const shot = (name: string) => screenshot(page, `targets-${name}-${device(viewport)}`);
    try {
      await signIn(page, 'manager@demo.test');
      await page.waitForURL('**/workspace', { timeout: 30_000 });
      await chooseProject(page, DEMO_SURVEY_PROJECT);

      // The calculator: nothing until the population is given; the figures of Krejcie and Morgan's table.
      await page.goto('/targets/samplesizecalculator');
      await page.getByTestId('calc-incomplete').waitFor();
      await page.getByTestId('calc-population').fill('1000');
      await expect.poll(() => page.getByTestId('calc-with-fpc').textContent()).toBe('278');
      expect(await page.getByTestId('calc-without-fpc').textContent()).toBe('385');
      const formula = (await page.getByTestId('calc-formula').textContent()) ?? '';
      expect(formula).toContain('n₀ = z² × p × (1 − p) / e² = 1.96² × 0.5 × 0.5 / 0.05² = 384.15');
      expect(formula).toContain('(1 + 383.15 / 1,000)');
      // A population unknown: no correction.
      await page.getByTestId('calc-unknown').click();
      await expect.poll(() => page.getByTestId('calc-required').textContent()).toBe('385');
      await page.getByTestId('calc-unknown').click();
      await expect.poll(() => page.getByTestId('calc-required').textContent()).toBe('278');

      // Split across two location groups, 600 and 400 households: 167 and 111.
      const strata = page.getByTestId('calc-stratum');
      await strata.first().waitFor();
      for (const [i, households] of [
        [0, '600'],
        [1, '400'],
      ] as const) {
        await strata.nth(i).locator('label').first().click();
        await strata.nth(i).getByTestId('calc-stratum-population').fill(households);
      }
      await expect.poll(() => strata.nth(0).getByTestId('calc-stratum-sample').textContent()).toBe('167 responses');
      expect(await strata.nth(1).getByTestId('calc-stratum-sample').textContent()).toBe('111 responses');
      await page.getByTestId('calc-method-equal').click();
      await expect.poll(() => strata.nth(0).getByTestId('calc-stratum-sample').textContent()).toBe('139 responses');
      await page.getByTestId('calc-method-proportional').click();
      await expect.poll(() => strata.nth(0).getByTestId('calc-stratum-sample').textContent()).toBe('167 responses');
      await shot('calculator');
      await expectAccessible(page, '/targets/samplesizecalculator', '[data-testid="sample-size-calculator"]');

      // Save as target: the form carries the figures; saving lands on /targets.
      await page.getByTestId('calc-save').click();
      await page.waitForURL('**/targets/edit-samplesize**');
      await page.getByTestId('target-from-calculator').waitFor();
      await page.getByTestId('target-survey').selectOption({ label: DEMO_SURVEY_NAME });
      await expect.poll(() => page.getByTestId('target-total').inputValue()).toBe('278');
      const inputs = page.getByTestId('target-stratum-input');
      expect([await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()]).toEqual(['167', '111']);
      expect(await page.getByTestId('target-strata-sum').textContent()).toBe('Location groups together: 278 of 278');
      await shot('edit');
      await expectAccessible(page, '/targets/edit-samplesize', '[data-testid="target-edit"]');
      await page.getByTestId('target-save').click();

      await page.waitForURL((u) => u.pathname === '/targets');
      const card = page.getByTestId('target-card').filter({ hasText: DEMO_SURVEY_NAME });
      await card.getByTestId('target-source').filter({ hasText: 'From the calculator' }).waitFor();
      expect(await card.getByTestId('target-progress').textContent()).toMatch(/^\d+ of 278$/);
      const bars = card.getByTestId('target-stratum');
      expect(await bars.count()).toBe(2);
      expect(await bars.nth(0).textContent()).toMatch(/of 167/);
      expect(await bars.nth(0).getByRole('progressbar').count()).toBe(1);
      await shot('list');
      await expectAccessible(page, '/targets', '[data-testid="targets-page"]');
    } finally {
      await context.close();
    }
  });
});
