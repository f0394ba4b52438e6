// A survey kept on the device and changed on the server meanwhile: the page opened from the cache says
// 'This survey has been updated.' once the network brings the newer version (spec 000 section 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/database';
import { OwnServer } from './offline-server';
import { Profile, consent, notice, openSurveyOnline, surveyIdOf } from './offline-pages';

let srv: OwnServer;
let profile: Profile | undefined;

beforeAll(async () => {
  srv = new OwnServer();
  await srv.start();
}, 180_000);

afterAll(async () => {
  await profile?.dispose();
  await srv?.dispose();
});

describe('a survey updated while the device was offline', () => {
  it("opens from the cache, then says 'This survey has been updated.' when the network is back", async () => {
    const path = srv.demoSurveyPath();
    profile = new Profile(srv.url);
    const page = await profile.open();
    await openSurveyOnline(page, path);

    await profile.context!.setOffline(true);
    await page.reload();
    await page.getByTestId('fill-page').waitFor();
    await notice(page, 'You are viewing cached data.');

    // The organization edits the survey while the collector has no network (the builder's change,
    // written straight into the stopped server's database).
    await srv.stop();
    const database = await openPglite(srv.dataDir);
    await database.query('update surveys set description = description || $2, version = version + 1 where id = $1', [
      surveyIdOf(path),
      ' Revised in November.',
    ]);
    await database.close();
    await srv.start();

    await profile.context!.setOffline(false);
    await notice(page, 'This survey has been updated.', 40_000);
    await profile.close();
  }, 240_000);
});

describe("a survey link's page on a repeat visit", () => {
  it("comes from the worker's kept copy with the server's security headers, and the form works", async () => {
    const path = srv.demoSurveyPath();
    const again = new Profile(srv.url);
    try {
      const page = await again.open();
      await openSurveyOnline(page, path);
      // Kept once the worker has the page's files: the next visits are answered by the worker at once.
      await expect
        .poll(async () => page.evaluate(async () => (await caches.keys()).some((k) => k.includes('fill-document'))), { timeout: 30_000 })
        .toBe(true);
      const next = await again.context!.newPage();
      const res = await next.goto(path);
      expect(res?.fromServiceWorker()).toBe(true);
      const headers = res!.headers();
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      await next.getByTestId('fill-page').waitFor();
    } finally {
      await again.close();
    }
  }, 240_000);
});

describe('a repeat visit online, the survey kept on the device', () => {
  it("asks for the survey before the page has drawn anything, and says 'This survey has been updated.' when the server's copy changed", async () => {
    const path = srv.demoSurveyPath();
    const again = new Profile(srv.url);
    try {
      const page = await again.open();
      await openSurveyOnline(page, path);
      await page.close();

      // The organization edits the survey after this device kept it.
      await srv.stop();
      const database = await openPglite(srv.dataDir);
      await database.query('update surveys set description = description || $2, version = version + 1 where id = $1', [
        surveyIdOf(path),
        ' Revised in December.',
      ]);
      await database.close();
      await srv.start();

      const next = await again.context!.newPage();
      // When the page first put anything on screen, and whether a spinner ever showed before the form.
      await next.addInitScript(() => {
        const w = window as unknown as { drawnAt?: number; spinner?: boolean };
        new MutationObserver((_, observer) => {
          const root = document.getElementById('root');
          if ((root?.childElementCount ?? 0) === 0) return;
          w.drawnAt ??= performance.now();
          if (root!.querySelector('[aria-busy="true"]')) w.spinner = true;
          if (root!.querySelector('[data-testid="fill-page"]')) observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const res = await next.goto(path);
      expect(res?.fromServiceWorker()).toBe(true);
      await next.getByTestId('fill-page').waitFor();
      const { asked, drawnAt, spinner } = await next.evaluate(() => ({
        asked: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((e) => /getpreviewdata/i.test(e.name))
            .map((e) => e.startTime),
        ),
        drawnAt: (window as unknown as { drawnAt: number }).drawnAt,
        spinner: (window as unknown as { spinner?: boolean }).spinner === true,
      }));
      // The worker answers from its cache: the request runs beside the page's start, not after its mount,
      // and the survey is there for the first render: the form shows at once, never a spinner first.
      expect(asked).toBeLessThan(drawnAt);
      expect(spinner).toBe(false);
      // The worker's word that the network brought another version came before the page listened, and is not lost.
      await notice(next, 'This survey has been updated.', 40_000);
    } finally {
      await again.close();
    }
  }, 240_000);
});

describe("the fill page's code cache", () => {
  it('is written on the first visit, in a hidden frame that goes, so that the repeat visit starts without writing it', async () => {
    const path = srv.demoSurveyPath();
    const again = new Profile(srv.url);
    try {
      const page = await again.open();
      const seen: { url: string; hidden: boolean; tabIndex: number; inert: boolean }[] = [];
      let gone = false;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) return;
        void frame.frameElement().then(
          async (el) => {
            const [hidden, tabIndex, inert] = await el.evaluate(
              (f: HTMLIFrameElement) => [f.hidden && !f.checkVisibility(), f.tabIndex, f.inert] as const,
            );
            seen.push({ url: frame.url(), hidden, tabIndex, inert });
          },
          () => undefined,
        );
      });
      page.on('framedetached', (frame) => {
        if (frame.url().includes('/fill-code-cache')) gone = true;
      });
      await openSurveyOnline(page, path);
      await expect.poll(() => gone, { timeout: 60_000 }).toBe(true);
      expect(seen).toEqual([
        { url: expect.stringMatching(/\/fill-code-cache\?module=%2Fassets%2Ffill-[\w-]+\.js$/), hidden: true, tabIndex: -1, inert: true },
      ]);
      // The respondent's page itself is untouched: the form is there and answers.
      await consent(page).check();
      expect(await consent(page).isChecked()).toBe(true);
      await page.close();

      // The repeat visit, traced: V8 compiles the 'fill' file's module but writes no code cache for it (it
      // did before: 648 KB written on the main thread before the form's first paint).
      const next = await again.context!.newPage();
      const cdp = await again.context!.newCDPSession(next);
      const events: { name: string; args?: { data?: { url?: string } } }[] = [];
      cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', { categories: 'v8', transferMode: 'ReportEvents' });
      const res = await next.goto(path);
      expect(res?.fromServiceWorker()).toBe(true);
      await next.getByTestId('fill-page').waitFor();
      await next.waitForTimeout(1500);
      await cdp.send('Tracing.end');
      await complete;
      const ofFill = (name: string) => events.filter((e) => e.name === name && /\/assets\/fill-[\w-]+\.js$/.test(e.args?.data?.url ?? ''));
      expect(ofFill('v8.compileModule').length).toBeGreaterThan(0);
      expect(ofFill('v8.produceModuleCache')).toEqual([]);
    } finally {
      await again.close();
    }
  }, 240_000);
});
