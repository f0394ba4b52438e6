// axe-core in the real page: every screen and dialog must have zero critical and zero serious violations
// (WCAG 2.2 AA rules), checked against what Chromium rendered. The source is evaluated through the
// DevTools protocol rather than added as a <script>: the product's Content-Security-Policy forbids
// inline scripts (as it should), and a script tag would be refused.
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { screenshot } from './browser';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe over the page (or the part `include` selects) and returns the critical and serious findings. */
export async function seriousViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  // Evaluated rather than added as a <script>: the app's CSP refuses inline scripts, as it should.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours are read as drawn: a button caught in its 200 ms colour transition (a toggle just pressed)
  // would be judged on a blend of its two states. Finite transitions and animations end first. Two
  // frames go by before they are listed: a change rendered just now (a button enabled as its rows
  // arrive) starts its transition only at the next style recalculation.
  await page.evaluate(() =>
    Promise.race([new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))), new Promise((r) => setTimeout(r, 200))]),
  );
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 2_000)),
    ]),
  );
  const results = (await page.evaluate(
    ([sel]) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
      return axe.run(sel ? { include: [sel] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        resultTypes: ['violations'],
      });
    },
    [include ?? null] as const,
  )) as AxeResults;
  return results.violations
    .filter((v: Result) => v.impact === 'critical' || v.impact === 'serious')
    .map((v: Result) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/**
 * Fails with a readable list when the page has a critical or serious violation. `where` names the state
 * checked. With AXE_REPORT=<file> the findings are appended to that file instead of failing, so one run
 * lists every screen's violations rather than stopping at the first.
 */
export async function expectAccessible(page: Page, where: string, include?: string): Promise<void> {
  const found = await seriousViolations(page, include);
  const report = process.env.AXE_REPORT;
  if (report && found.length > 0) {
    appendFileSync(report, `${JSON.stringify({ where, url: page.url(), width: page.viewportSize()?.width, found })}\n`);
    return;
  }
  if (found.length > 0) {
    const lines = found.map((f) => `  ${f.impact} ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');
    throw new Error(`axe found ${found.length} critical/serious violation(s) on ${where}:\n${lines}`);
  }
}

/** A screenshot to look at and the axe check of the same state: every screen test's one step. */
export async function look(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await expectAccessible(page, `${name} at ${page.viewportSize()?.width ?? '?'} px`);
}
