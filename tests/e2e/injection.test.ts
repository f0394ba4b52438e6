// What survey authors write is text. Script-injection payloads (the families of
// OWASP's XSS filter-evasion cheat sheet) are put into every author field the fill page shows - labels,
// hints, choice labels, section names and descriptions, constraint messages, the survey's name and
// description - and into a survey's name as Survey Tools and the builder show it; a published survey
// whose name, questions, choices and answers are payloads is opened in the data table, the submission
// view and the dashboard's charts (hovered for their tooltips), with the CSP bypassed so that escaping
// alone must hold. E-mails are tested through SMTP in tests/api/security/content/markup-mail.test.ts. No payload may run:
// no dialog opens, no marker is set on window, and the characters are shown as written. The CSP is the
// second wall, not the first: the payloads would stay text without it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildSurvey, compileSurvey, encodeAnswers, q, section, toFormEntries, type SurveyModel } from '../../engine/survey/index';
import { previewOf } from '../bench/fill-surveys';
import { entriesToParts, multipart } from '../support/multipart';
import { DESKTOP, PHONE, baseUrl, chooseProject, launch, newPage, signIn } from './browser';
import { openSurveyTools } from './builder.support';

const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '<svg/onload=window.__xss=3>',
  '<body onload=window.__xss=4>',
  '<iframe src="javascript:window.top.__xss=5"></iframe>',
  '<a href="javascript:window.__xss=6">x</a>',
  '[click me](javascript:window.__xss=7)',
  '[click me](JaVaScRiPt:window.__xss=8)',
  '<span style="color:red" onmouseover="window.__xss=9">hover</span>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=10>',
  '"><script>window.__xss=11</script>',
  "'><img src=x onerror=window.__xss=12>",
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=13>',
  '<details open ontoggle=window.__xss=14>',
  '{{constructor.constructor("window.__xss=15")()}}',
  '${7*7}<x onclick=window.__xss=16>',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens watchers for dialogs and the marker; returns what ran. */
async function watch(page: Page): Promise<() => Promise<{ dialogs: string[]; marker: unknown }>> {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return async () => ({ dialogs, marker: await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss) });
}

function hostileSurvey() {
  const p = (i: number) => PAYLOADS[i % PAYLOADS.length]!;
  const items = PAYLOADS.map((payload, i) =>
    i % 3 === 0
      ? q
          .select_one(`s${i}`)
          .label(payload)
          .hint(p(i + 1))
          .choices({ name: `a${i}`, label: p(i + 2) }, { name: `b${i}`, label: p(i + 3) })
      : q
          .text(`t${i}`)
          .label(payload)
          .hint(p(i + 1))
          .constraint(". = 'never'", p(i + 4)),
  );
  const model = buildSurvey({ name: PAYLOADS[0]!, description: PAYLOADS[1]! }, [
    section('sec', ...items)
      .label(PAYLOADS[2]!)
      .hint(PAYLOADS[3]!),
  ]);
  return previewOf(model);
}

describe('author content is text', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const)(
    'on the fill page (%s): no payload runs, every one is shown as written',
    async (_, viewport) => {
      const { context, page } = await newPage(browser, viewport ? { viewport } : {});
      const ran = await watch(page);
      const data = hostileSurvey();
      await page.route('**/api/Survey/GetPreviewData**', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ isSuccess: true, data, message: '', errors: [] }),
        }),
      );
      await page.goto(`/public-survey/multiple-link/${data.id}`);
      await page.locator('[data-path="t1"]').waitFor({ timeout: 60_000 });
      // Typing a wrong answer shows the constraint messages; hovering and clicking what looks clickable.
      for (const input of await page.locator('.fs-q input[type="text"]').all()) {
        await input.fill('x', { timeout: 5000 }).catch(() => undefined);
        await page.keyboard.press('Tab');
      }
      for (const link of await page.locator('.fs-q a').all()) await link.click({ modifiers: ['Alt'] }).catch(() => undefined);
      await page
        .locator('.fs-q span')
        .first()
        .hover()
        .catch(() => undefined);
      // A long form renders what is on screen: every question is read while it is.
      let text = '';
      for (let i = 0; i < 30; i++) {
        text += await page.locator('body').innerText();
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(100);
      }
      // '${...}' is a label reference (it shows an answer), not text; links are checked below.
      const missing = PAYLOADS.filter((x) => !x.startsWith('[') && !x.includes('${') && !text.includes(x.slice(0, 20)));
      expect(missing).toEqual([]);
      expect(await page.locator('.fs-q script, .fs-q img[src="x"], .fs-q iframe, .fs-q svg[onload], .fs-q details').count()).toBe(0);
      const hrefs = await page.locator('.fs-q a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      for (const h of hrefs) expect(h).toMatch(/^(https?:|mailto:|tel:)/);
      expect(await ran()).toEqual({ dialogs: [], marker: undefined });
      await context.close();
    },
    120_000,
  );

  it('in Survey Tools and the builder: a survey named with a payload', async () => {
    const page = await openSurveyTools(browser);
    const ran = await watch(page);
    const name = `${PAYLOADS[1]} ${Date.now()}`;
    const created = await page.evaluate(async (n) => {
      const s = JSON.parse(sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')!) as {
        token: string;
        organizationId: string;
        currentProjectId: string;
      };
      const res = await fetch('/api/Survey/CreateSurvey', {
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: s.currentProjectId, name: n, description: '<script>window.__xss=99</script>' }),
      });
      return (await res.json()) as { isSuccess: boolean; data: { id?: string; surveyId?: string } };
    }, name);
    expect(created.isSuccess).toBe(true);
    await page.reload();
    await page.getByText(name).first().waitFor({ timeout: 30_000 });
    const id = created.data.id ?? created.data.surveyId;
    await page.goto(`/survey/builder/${id}`);
    await page.getByText(PAYLOADS[1]!).first().waitFor({ timeout: 30_000 });
    expect(await ran()).toEqual({ dialogs: [], marker: undefined });
    await page.context().close();
  }, 120_000);

  describe('in the data screens and the dashboard: a published survey and an answer made of payloads', () => {
    let hostile: { surveyId: string; name: string; submissionId: string };

    /** The demo owner with the demo project chosen, the CSP bypassed: escaping alone must hold. */
    async function ownerPage(viewport: { width: number; height: number }): Promise<Page> {
      const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: baseUrl(), bypassCSP: true });
      const page = await context.newPage();
      await signIn(page, 'organization@demo.test');
      await page.waitForURL('**/admin-workspaces', { timeout: 30_000 });
      await chooseProject(page, 'Household Needs Assessment 2026');
      return page;
    }

    const api = <T>(page: Page, method: string, path: string, body?: unknown): Promise<T> =>
      page.evaluate(
        async ([m, p, b]) => {
          const s = JSON.parse(sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')!) as {
            token: string;
            organizationId: string;
          };
          const res = await fetch(`/api${p}`, {
            method: m,
            headers: {
              authorization: `Bearer ${s.token}`,
              'organization-id': s.organizationId,
              ...(b === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(b === undefined ? {} : { body: JSON.stringify(b) }),
          });
          const json = (await res.json()) as { isSuccess: boolean; data: unknown; errors?: unknown };
          if (!json.isSuccess) throw new Error(`${p}: ${JSON.stringify(json)}`);
          return json.data;
        },
        [method, path, body] as const,
      ) as Promise<T>;

    beforeAll(async () => {
      const page = await ownerPage(DESKTOP);
      const s = JSON.parse((await page.evaluate(() => sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')))!) as {
        currentProjectId: string;
      };
      const name = `${PAYLOADS[1]} ${Date.now()}`;
      const created = await api<{ id: string; version: number }>(page, 'POST', '/Survey/CreateSurvey', {
        projectId: s.currentProjectId,
        name,
        description: PAYLOADS[0],
      });
      const current = await api<SurveyModel>(page, 'POST', '/Survey/GetById', { SurveyId: created.id });
      const lang = current.surveyLanguageMaps[0]!;
      const built = buildSurvey(
        { name, languages: [{ code: 'en', languageId: lang.languageId, name: 'English' }], idFor: () => randomUUID() },
        [
          q
            .select_one('region')
            .label(PAYLOADS[2]!)
            .choices({ name: 'north', label: PAYLOADS[3]! }, { name: 'south', label: PAYLOADS[12]! }),
          q
            .select_multiple('needs')
            .label(PAYLOADS[13]!)
            .choices({ name: 'water', label: PAYLOADS[9]! }, { name: 'food', label: PAYLOADS[5]! }),
          q.text('story').label(PAYLOADS[10]!).hint(PAYLOADS[11]!),
          q.integer('people').label(PAYLOADS[14]!),
        ],
      );
      await api(page, 'POST', '/Survey/SaveSurvey', {
        surveyId: created.id,
        version: created.version,
        model: { ...current, surveyItems: built.surveyItems },
      });
      await api(page, 'POST', '/DataCollection/PublishSurvey', { surveyId: created.id });
      const details = await api<{ publicLinkUuid: string }>(page, 'GET', `/Survey/GetSurveyDetails?surveyId=${created.id}`);
      // Submitted as the fill page would, through the public link, by a stranger.
      const model = await api<SurveyModel>(page, 'GET', `/Survey/GetPreviewData?surveyId=${created.id}`);
      const form = compileSurvey(model);
      const answers = { region: 'north', needs: 'water food', story: PAYLOADS.join(' '), people: 4 };
      const encoded = encodeAnswers(form.bindings, answers, { surveyId: created.id, userId: null });
      const entries = toFormEntries({
        id: randomUUID(),
        surveyId: created.id,
        userId: null,
        taskId: null,
        messageReceiverId: null,
        dataCollectionType: 0,
        startTime: new Date().toISOString(),
        isAnonymous: true,
        linkUuid: details.publicLinkUuid,
        languageId: null,
        geolocation: null,
        ...encoded,
      });
      const { payload, headers } = multipart(entriesToParts(entries));
      const res = await fetch(`${baseUrl()}/api/DataCollection/SubmitSurvey`, { method: 'POST', headers, body: new Uint8Array(payload) });
      const sent = (await res.json()) as { isSuccess: boolean; data: { id: string } };
      expect(sent, JSON.stringify(sent)).toMatchObject({ isSuccess: true });
      hostile = { surveyId: created.id, name, submissionId: sent.data.id };
      await page.context().close();
    }, 180_000);

    it.each([
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const)(
      'the data table and the submission view (%s)',
      async (_, viewport) => {
        const page = await ownerPage(viewport);
        const ran = await watch(page);
        await page.goto('/survey/survey-data');
        await page.getByTestId('survey-picker').waitFor({ timeout: 30_000 });
        await expect
          .poll(() => page.getByTestId('survey-picker').locator('option').allTextContents(), { timeout: 30_000 })
          .toContain(hostile.name);
        await page.getByTestId('survey-picker').selectOption({ label: hostile.name });
        await page.getByTestId('data-row').first().waitFor({ timeout: 30_000 });
        // Columns are virtualized: the table is scrolled across so that every question's column is drawn.
        let table = '';
        const scroller = page.getByTestId('data-scroller');
        for (let i = 0; i < 12; i++) {
          table += await scroller.innerText();
          await scroller.evaluate((el) => el.scrollBy(300, 0));
          await page.waitForTimeout(100);
        }
        expect(table).toContain(PAYLOADS[2]!.slice(0, 20));
        expect(table).toContain(PAYLOADS[3]!.slice(0, 20));
        for (const cell of await page.locator('[data-testid=survey-data] td').all())
          await cell.hover({ timeout: 2000 }).catch(() => undefined);
        // Back to the first columns (the row's Open link), as a user scrolls back: columns out of view are not drawn.
        await scroller.evaluate((el) => el.scrollTo(0, 0));
        await page.getByTestId('open-submission').first().click();
        await page.waitForURL(`**/survey/submission/${hostile.submissionId}`);
        await page.getByTestId('submission-view').waitFor({ timeout: 30_000 });
        await page.waitForTimeout(1500);
        const view = await page.getByTestId('submission-view').innerText();
        for (const label of [PAYLOADS[2]!, PAYLOADS[10]!, PAYLOADS[3]!]) expect(view).toContain(label.slice(0, 20));
        expect(
          await page
            .locator(
              '[data-testid=submission-view] script, [data-testid=submission-view] img[src="x"], [data-testid=submission-view] iframe, [data-testid=survey-data] img[src="x"]',
            )
            .count(),
        ).toBe(0);
        expect(await ran()).toEqual({ dialogs: [], marker: undefined });
        await page.context().close();
      },
      120_000,
    );

    it('the dashboard charts, their tables and tooltips', async () => {
      const page = await ownerPage(DESKTOP);
      const ran = await watch(page);
      await page.goto('/dashboard');
      await page.getByTestId('report-survey').waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.getByTestId('report-survey').locator('option').allTextContents(), { timeout: 30_000 })
        .toContain(hostile.name);
      await page.getByTestId('report-survey').selectOption({ label: hostile.name });
      await page.getByTestId('report-goal-text').waitFor({ timeout: 30_000 });
      await page.getByTestId('report-q-region').waitFor({ timeout: 30_000 });
      const dashboard = page.getByTestId('dashboard');
      // Every chart hovered across its width: the tooltips hold category and series names.
      for (const chart of await page.locator('[data-testid=dashboard] svg').all()) {
        const box = await chart.boundingBox();
        if (!box) continue;
        for (let x = 0.1; x < 1; x += 0.2) await page.mouse.move(box.x + box.width * x, box.y + box.height * 0.6);
      }
      await page.waitForTimeout(300);
      const text = await dashboard.innerText();
      expect(text).toContain(PAYLOADS[2]!.slice(0, 20));
      const labels = await page
        .locator('[data-testid=dashboard] [role=img]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      expect(labels.join(' ')).toContain(PAYLOADS[3]!.slice(0, 20));
      for (const name of ['region', 'needs']) {
        const table = page.getByTestId(`report-q-${name}-table`);
        if (await table.count()) await table.click();
      }
      expect(await dashboard.innerText()).toContain(PAYLOADS[3]!.slice(0, 20));
      expect(await page.locator('body script:not([src]), body img[src="x"], body iframe, body svg[onload], body details').count()).toBe(0);
      expect(await ran()).toEqual({ dialogs: [], marker: undefined });
      await page.context().close();
    }, 120_000);
  });
});
