// Chromium through playwright-core: Debian's /usr/bin/chromium with the flags this machine needs.
// Screenshots go to tests/e2e/screenshots/ (not committed) to be looked at.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/index';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = resolve(import.meta.dirname, 'screenshots');
export const DESKTOP = { width: 1280, height: 850 };
export const PHONE = { width: 360, height: 740 };

let claimed: string | undefined;

/**
 * This file's own server. global-setup.ts starts one per worker; a file claims one that no other running
 * file holds (mkdir is atomic; a claim whose process has ended is stale), so two files never share the
 * demo data at once, whatever ids the pool gives its workers.
 */
export function baseUrl(): string {
  if (claimed) return claimed;
  const urls = inject('baseUrls');
  const dir = inject('claimsDir');
  if (!dir || urls.length === 1) return (claimed = urls[0]!);
  const start = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  for (let round = 0; round < 2; round++) {
    for (let k = 0; k < urls.length; k++) {
      const i = (((start + k) % urls.length) + urls.length) % urls.length;
      const claim = join(dir, String(i));
      try {
        mkdirSync(claim);
      } catch {
        const holder = Number(readFileSync(join(claim, 'pid'), { encoding: 'utf8', flag: 'a+' }) || NaN);
        if (round === 0 || isAlive(holder)) continue;
      }
      writeFileSync(join(claim, 'pid'), String(process.pid));
      process.once('exit', () => rmSync(claim, { recursive: true, force: true }));
      return (claimed = urls[i]!);
    }
  }
  throw new Error('every browser test server is claimed by a running file');
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Chromium features the tests turn off besides playwright-core's own. In headless mode each browser
 * window draws the address bar's suggestion pop-ups (chrome://omnibox-popup.top-chrome, two WebUI
 * renderers) although no one can type into them: a context cost about 2.3 s of processor with them and
 * 0.7 s without. Chromium reads one --disable-features, the last, so playwright-core's list is repeated
 * in ours; it is read from its bundle, and a bundle that no longer holds it stops the run, so that no
 * upgrade quietly drops a feature it turns off.
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

function playwrightDisabledFeatures(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib/coreBundle.js'), 'utf8');
  const list = /\bdisabledFeatures = \[([^\]]*)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  const names = [...(list ?? '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]!);
  if (names.length === 0)
    throw new Error("playwright-core's list of disabled Chromium features is not where tests/e2e/browser.ts reads it");
  return names;
}

/** The command line of every test browser (launch() and the offline tests' profiles). */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...playwrightDisabledFeatures(), ...OUR_DISABLED_FEATURES].join(',')}`,
];

/**
 * A browser whose tabs get no service worker unless the test asks for one (`serviceWorkers: 'allow'`, as
 * the offline tests do): installed, the worker precaches the whole product (51 files, 1.8 MB) in every
 * fresh context, which doubled the processor a sign-in costs, for tests that never go offline.
 */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/** A fresh tab; baseURL: a server of the test's own (OwnServer) instead of the shared one. */
export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; locale?: string; baseURL?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    locale: opts.locale ?? 'en-US',
    baseURL: opts.baseURL ?? baseUrl(),
    ...(opts.serviceWorkers ? { serviceWorkers: opts.serviceWorkers } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Goes to an address of the app as a link inside it does (the router's history, no page load), or loads
 * it when the tab shows no app yet. A page load starts the whole front end again, and axe with it: about
 * a second and a half of the page's processor on this machine, twenty times an in-app step.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  // The router marks the history entries it writes (an index); the fill page loaded by its own address
  // runs without the router, and only a page load leaves it.
  const inApp =
    page.url().startsWith('http') &&
    (await page.evaluate(
      () =>
        Boolean(document.getElementById('root')?.firstElementChild) && typeof (history.state as { idx?: unknown } | null)?.idx === 'number',
    ));
  if (!inApp) {
    await page.goto(path);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    return;
  }
  // Settled as a load is: the screen's code and data fetched (no request open for 300 ms) and drawn.
  const open = new Set<Request>();
  const opened = (r: Request) => open.add(r);
  const closed = (r: Request) => open.delete(r);
  page.on('request', opened);
  page.on('requestfinished', closed);
  page.on('requestfailed', closed);
  try {
    await page.evaluate((to) => {
      // The entry as the router writes its own (its key and index), so Back still works after it.
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx };
      history.pushState(state, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state }));
    }, path);
    const deadline = Date.now() + 15_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      if (open.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 300) return;
    }
  } finally {
    page.off('request', opened);
    page.off('requestfinished', closed);
    page.off('requestfailed', closed);
  }
}

/** Lets opening dialogs, toasts and drawers finish their entry animation, so a screenshot shows them as a user does. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 2000)),
    ]),
  );
}

/**
 * The page as drawn, for a person to look at. With E2E_SCREENSHOTS=0 (CI: no one looks) the picture is
 * not taken, a full-page capture being one of the dearest steps of a browser test; the page still
 * settles, so what the test checks next is the same state.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await animationsSettled(page);
  if (process.env.E2E_SCREENSHOTS === '0') return join(SCREENSHOTS, `${name}.png`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Chooses the interface language the way a user does, through the switcher. */
export async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.getByTestId('language-switcher').first().click();
  await page.getByRole('menuitem', { name }).click();
  // The texts load before the switch shows the language; a test that navigates at once would race them.
  await expect.poll(() => page.getByTestId('language-switcher').first().textContent()).toContain(name);
}

/** Signs in through the login form (the ALTCHA widget solves its challenge on submit). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  // A tab that shows the login page already (its language just chosen) signs in from there.
  if (!page.url().endsWith('/auth/login')) await navigate(page, '/auth/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The e-mails the server kept for an address (the development mailbox), newest first. */
export async function mailTo(address: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${baseUrl()}/api/dev/mailbox?to=${encodeURIComponent(address)}`);
  const body = (await res.json()) as { data: { subject: string; text: string }[] };
  return body.data;
}

export async function latestCode(address: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const m = (await mailTo(address))[0]?.text.match(/\b(\d{6})\b/);
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code arrived for ${address}`);
}

/** Makes a project of the signed-in user's organization the current one, as choosing it on /project-selection does. */
export async function chooseProject(page: Page, name: string): Promise<void> {
  await page.evaluate(async (projectName) => {
    const store = sessionStorage.getItem('fs.session') ? sessionStorage : localStorage;
    const s = JSON.parse(store.getItem('fs.session')!) as Record<string, unknown> & { token: string; organizationId: string };
    const res = await fetch('/api/Projects/getProjectsOfOrganization', {
      headers: { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId },
    });
    type P = { id: string; name: string; workspaceId?: string };
    const body = (await res.json()) as { data: P[] | { projects: P[] } };
    const p = (Array.isArray(body.data) ? body.data : body.data.projects).find((x) => x.name === projectName)!;
    s.currentProjectId = p.id;
    if (p.workspaceId) s.currentWorkspaceId = p.workspaceId;
    store.setItem('fs.session', JSON.stringify(s));
  }, name);
}
