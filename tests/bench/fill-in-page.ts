// The fill page's "interactive" taken by the page itself (issue 22), beside fill-page.bench.ts's figure
// driven by Playwright. At CPU 4x the driver's own steps (its injected script compiled in the slowed
// renderer, finding the box, scrolling it into view, checking it and reading it back, typing, reading
// the value back: each a round trip to a busy renderer) cost 0.7-0.8 s on a page with no script at all
// (the bench's control page): most of the repeat visit's 1 s. Here a script installed before the page's
// own does what a person does as soon as a frame has shown them the form: ticks the consent box if there
// is one, then types '1' into the first text field once it is drawn (document.execCommand('insertText'),
// which fires the trusted beforeinput and input events a keystroke does, so React's onChange takes it),
// and the figure is the task after the first frame that shows the '1' still in the field, from the
// navigation's start. The selectors are interactive()'s.
import type { Page } from 'playwright-core';

const CHECKBOX = '.fs-q input[type="checkbox"]';
const FIELD = '.fs-q input[type="text"], .fs-q input[inputmode], .fs-q textarea';

/** The init script: only on an address asking for it ('bench-in-page'), so the driven runs are untouched. */
export const TYPE_FIRST_FIELD = `if (location.search.includes('bench-in-page')) (() => {
  const afterFrame = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  let ticked = false;
  let typed = false;
  const type = (field) => {
    typed = true;
    field.focus();
    document.execCommand('insertText', false, '1');
    const landed = () => field.isConnected && field.value.includes('1');
    const done = () => (landed() ? afterFrame(() => { window.__interactive = performance.now(); }) : requestAnimationFrame(done));
    done();
  };
  const look = () => {
    if (typed) return;
    const consent = document.querySelector(${JSON.stringify(CHECKBOX)});
    if (consent && !ticked && consent.checkVisibility()) {
      ticked = true;
      afterFrame(() => { consent.click(); look(); });
      return;
    }
    const field = document.querySelector(${JSON.stringify(FIELD)});
    if (field && field.checkVisibility() && !field.disabled) afterFrame(() => { if (!typed && field.isConnected) type(field); else look(); });
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'style', 'class'] });
})();`;

/** Navigates to the address (asking for the in-page measurement) and returns the page's own figure, in ms. */
export async function interactiveInPage(page: Page, path: string): Promise<number> {
  await page.addInitScript(TYPE_FIRST_FIELD);
  const sep = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${sep}bench-in-page=1`, { waitUntil: 'commit', timeout: 120_000 });
  const handle = await page.waitForFunction(() => (window as unknown as { __interactive?: number }).__interactive, null, { timeout: 120_000, polling: 1000 });
  return Math.round((await handle.jsonValue()) as number);
}
