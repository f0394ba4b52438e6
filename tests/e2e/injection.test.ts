// Issue 21 point 5: what survey authors write is text. Script-injection payloads (the families of
// OWASP's XSS filter-evasion cheat sheet) are put into every author field the fill page shows - labels,
// hints, choice labels, section names and descriptions, constraint messages, the survey's name and
// description - and into a survey's name as Survey Tools and the builder show it. No payload may run:
// no dialog opens, no marker is set on window, and the characters are shown as written. The CSP is the
// second wall, not the first: the payloads would stay text without it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSurvey, q, section } from '../../engine/survey/index';
import { previewOf } from '../bench/fill-surveys';
import { launch, newPage, PHONE } from './browser';
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
      ? q.select_one(`s${i}`).label(payload).hint(p(i + 1)).choices({ name: `a${i}`, label: p(i + 2) }, { name: `b${i}`, label: p(i + 3) })
      : q.text(`t${i}`).label(payload).hint(p(i + 1)).constraint(". = 'never'", p(i + 4)),
  );
  const model = buildSurvey({ name: PAYLOADS[0]!, description: PAYLOADS[1]! }, [section('sec', ...items).label(PAYLOADS[2]!).hint(PAYLOADS[3]!)]);
  return previewOf(model);
}

describe('author content is text', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const)('on the fill page (%s): no payload runs, every one is shown as written', async (_, viewport) => {
    const { context, page } = await newPage(browser, viewport ? { viewport } : {});
    const ran = await watch(page);
    const data = hostileSurvey();
    await page.route('**/api/Survey/GetPreviewData**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ isSuccess: true, data, message: '', errors: [] }) }));
    await page.goto(`/public-survey/multiple-link/${data.id}`);
    await page.locator('[data-path="t1"]').waitFor({ timeout: 60_000 });
    // Typing a wrong answer shows the constraint messages; hovering and clicking what looks clickable.
    for (const input of await page.locator('.fs-q input[type="text"]').all()) {
      await input.fill('x', { timeout: 5000 }).catch(() => undefined);
      await page.keyboard.press('Tab');
    }
    for (const link of await page.locator('.fs-q a').all()) await link.click({ modifiers: ['Alt'] }).catch(() => undefined);
    await page.locator('.fs-q span').first().hover().catch(() => undefined);
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
  }, 120_000);

  it('in Survey Tools and the builder: a survey named with a payload', async () => {
    const page = await openSurveyTools(browser);
    const ran = await watch(page);
    const name = `${PAYLOADS[1]} ${Date.now()}`;
    const created = await page.evaluate(async (n) => {
      const s = JSON.parse(sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')!) as { token: string; organizationId: string; currentProjectId: string };
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
});
