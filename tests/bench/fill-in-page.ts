// The fill page's "interactive" taken by the page itself, beside fill-page.bench.ts's figure
// driven by Playwright. At CPU 4x the driver's own steps (its injected script compiled in the slowed
// renderer, finding the box, scrolling it into view, checking it and reading it back, typing, reading
// the value back: each a round trip to a busy renderer) cost 0.7-0.8 s on a page with no script at all
// (the bench's control page): most of the repeat visit's 1 s. Here a script installed before the page's
// own does what a person does as soon as a frame has shown them the form: ticks the consent box if there
// is one, then types '1' into the first text field once it is drawn (document.execCommand('insertText'),
// which fires the trusted beforeinput and input events a keystroke does, so React's onChange takes it),
// and the figure is the task after the first frame that shows the '1' still in the field, from the
// navigation's start. The selectors are interactive()'s.
//
// The page hands its figure over in a console message, not through page.waitForFunction: that call's first
// check, sent as the page commits, makes the renderer compile Playwright's injected script (a 330 KB
// DevTools message, 40-140 ms of the 4x-slowed main thread in a trace) while the page's own modules wait
// to run, a cost no respondent pays and the figure is meant to leave out. A console message costs the
// page a call and the driver an event. The title says it too, for a browser with no Runtime domain to
// hear console messages (bare-chromium.ts).
import type { Page } from 'playwright-core';
import type { BarePage } from './bare-chromium';

const CHECKBOX = '.fs-q input[type="checkbox"]';
/** What the page's console message (and its title, for bare-chromium.ts) starts with, before its figure. */
const MARK = 'bench-interactive ';
const FIELD = '.fs-q input[type="text"], .fs-q input[inputmode], .fs-q textarea';

/**
 * The init script: only on an address asking for it ('bench-in-page'), so the driven runs are untouched.
 * `field` and `checkbox` say what to look for (another page's, for ODK Web Forms: odk-web-forms.ts).
 */
export function typeFirstField(field = FIELD, checkbox: string | null = CHECKBOX): string {
  return `if (location.search.includes('bench-in-page')) (() => {
  const afterFrame = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  let ticked = false;
  let typed = false;
  const type = (field) => {
    typed = true;
    field.focus();
    document.execCommand('insertText', false, '1');
    const landed = () => field.isConnected && field.value.includes('1');
    const report = () => {
      const figure = ${JSON.stringify(MARK)} + performance.now();
      console.info(figure);
      document.title = figure;
    };
    const done = () => (landed() ? afterFrame(report) : requestAnimationFrame(done));
    done();
  };
  const look = () => {
    if (typed) return;
    const consent = ${checkbox === null ? 'null' : `document.querySelector(${JSON.stringify(checkbox)})`};
    if (consent && !ticked && consent.checkVisibility()) {
      ticked = true;
      afterFrame(() => { consent.click(); look(); });
      return;
    }
    const field = document.querySelector(${JSON.stringify(field)});
    if (field && field.checkVisibility() && !field.disabled) afterFrame(() => { if (!typed && field.isConnected) type(field); else look(); });
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'style', 'class'] });
})();`;
}

export const TYPE_FIRST_FIELD = typeFirstField();

/** The address asking the init script to measure. */
const inPageAddress = (path: string): string => `${path}${path.includes('?') ? '&' : '?'}bench-in-page=1`;

/**
 * Installs `__afterPaint(check, done)` in the page, for the answers timed there (fill-page.bench.ts's
 * answerDriver, odk-web-forms.ts's answerOdkDriver): a frame callback and the task after it (a message's task
 * runs once the frame it follows has been painted) take the time, and `done(time)` is called only if
 * `check()` then holds; otherwise the next frame is tried. Calls while a frame is awaited are dropped.
 */
export const AFTER_PAINT = `globalThis.__afterPaint ??= (() => {
  let waiting = false;
  const afterPaint = (check, done) => {
    if (waiting) return;
    waiting = true;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const end = performance.now();
        waiting = false;
        if (check()) done(end);
        else afterPaint(check, done);
      };
      channel.port2.postMessage(null);
    });
  };
  return afterPaint;
})();`;

/** What AFTER_PAINT installs, as the page's functions see it. */
export type AfterPaint = (check: () => boolean, done: (time: number) => void) => void;

/** Navigates to the address (asking for the in-page measurement) and returns the page's own figure, in ms. */
export async function interactiveInPage(page: Page, path: string, script = TYPE_FIRST_FIELD): Promise<number> {
  await page.addInitScript(script);
  const message = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(MARK), timeout: 120_000 });
  message.catch(() => undefined); // a failed navigation throws below; the waiter's own timeout is not a second failure
  await page.goto(inPageAddress(path), { waitUntil: 'commit', timeout: 120_000 });
  return Math.round(Number((await message).text().slice(MARK.length)));
}

/** The same visit in a browser with nothing attached but the throttling (bare-chromium.ts): navigates and returns the page's figure, in ms. */
export async function interactiveBare(page: BarePage, url: string): Promise<number> {
  await page.navigate(inPageAddress(url));
  return Math.round(Number(await page.waitForTitle(MARK, 120_000)));
}
