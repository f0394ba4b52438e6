// The fill page's other states (spec 001 sections 2 and 4): the preview of a survey in Editing, the
// deadline and the Survey expired modal, a used link, 'Read more', an unknown survey, the
// unsaved-changes prompt, the server's refusals at submit, and the printed form. The survey data is
// the demo survey's, changed in flight where a state needs it.
import { problems, type ProblemCode } from '../../schemas/problems';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from './browser';
import { demoLink, openSurvey, q, type DemoLink } from './fill.support';
import { parse } from '../../engine/expression/index';
import type { SurveyItem } from '../../engine/survey/index';

let browser: Browser;
let link: DemoLink;
beforeAll(async () => {
  browser = await launch();
  link = await demoLink(browser);
});
afterAll(() => browser?.close());

/** Serves the survey data with some members changed. */
async function withData(page: Page, change: Record<string, unknown>): Promise<void> {
  await page.route('**/api/Survey/GetPreviewData**', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response: res, json: { ...body, data: { ...body.data, ...change } } });
  });
}

async function page(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page: p } = await newPage(browser);
  return { page: p, close: () => context.close() };
}

describe('survey states', () => {
  it("asks for the device's location once the form has been painted, not over an empty page", async () => {
    const { page: p, close } = await page();
    // The demo survey records where it was filled. What the respondent saw when the page asked: a frame
    // painted since the form was put in, or not yet (the permission prompt over an empty page).
    await p.addInitScript(() => {
      const w = window as unknown as { __asked?: boolean; __painted?: boolean };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="survey-form"]')) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (w.__painted = true), 0));
      }).observe(document, { childList: true, subtree: true });
      const ask = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
      navigator.geolocation.getCurrentPosition = (ok, fail, options) => {
        w.__asked ??= w.__painted === true;
        ask(ok, fail, options);
      };
    });
    await openSurvey(p, link.path);
    const asked = await p
      .waitForFunction(() => (window as unknown as { __asked?: boolean }).__asked, null, { timeout: 15_000 })
      .catch(() => null);
    expect(asked, 'the location was asked for before the form had been painted').not.toBeNull();
    await close();
  });

  it('previews a survey in Editing with its banner and without buttons', async () => {
    const { page: p, close } = await page();
    await withData(p, { surveyStatusId: 0 });
    await openSurvey(p, link.path);
    expect(await p.getByTestId('fill-preview-banner').textContent()).toBe('This is a preview of your survey draft');
    expect(await p.getByTestId('fill-submit').count()).toBe(0);
    expect(await p.getByTestId('save-draft').count()).toBe(0);
    await close();
  });

  it("shows the deadline as 'MMMM Do, YYYY' and opens Survey expired past it", async () => {
    const { page: p, close } = await page();
    await withData(p, { endDate: '2026-01-05T12:00:00.000Z', isExpired: true });
    await openSurvey(p, link.path);
    expect(await p.getByTestId('fill-deadline').textContent()).toBe('Deadline: January 5th, 2026');
    await p.getByTestId('fill-expired').waitFor();
    expect(await p.getByTestId('fill-expired').textContent()).toContain(
      'The survey has expired and can no longer be submitted. Please contact the survey creator for more information.',
    );
    await close();
  });

  it('shows no deadline line for a survey without a deadline', async () => {
    const { page: p, close } = await page();
    await openSurvey(p, link.path);
    expect(await p.getByTestId('fill-title').count()).toBe(1);
    expect(await p.getByTestId('fill-deadline').count()).toBe(0);
    await close();
  });

  it('tells a used single-use link so', async () => {
    const { page: p, close } = await page();
    await withData(p, { alreadySubmitted: true, canSubmitSurvey: false });
    await p.goto(link.path);
    await p.getByTestId('fill-already').waitFor();
    expect(await p.getByText('You have already submitted this survey!').count()).toBe(1);
    await close();
  });

  it("opens a long description with 'Read more'", async () => {
    const { page: p, close } = await page();
    const description = `${'A long description of the survey. '.repeat(12)}The end.`;
    await withData(p, { description });
    await openSurvey(p, link.path);
    await p.getByTestId('fill-read-more-open').click();
    await p.getByTestId('fill-read-more').waitFor();
    expect(await p.getByTestId('fill-read-more').textContent()).toContain('The end.');
    await close();
  });

  it('names an unknown survey', async () => {
    const { page: p, close } = await page();
    await p.goto('/public-survey/multiple-link/00000000-0000-4000-8000-000000000000');
    await p.getByTestId('fill-unavailable').waitFor();
    expect(await p.getByText('This survey could not be found').count()).toBe(1);
    await close();
  });
});

describe('what the page loads', () => {
  const scripts = (p: Page) =>
    p.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((n) => n.endsWith('.js')),
    );

  it('runs the survey on the parse trees the server sends, without the expression parser or the router', async () => {
    const { page: p, close } = await page();
    await openSurvey(p, link.path);
    expect(await q(p, 'respondent_name').count()).toBe(0);
    await q(p, 'consent').locator('input').check();
    await q(p, 'respondent_name').waitFor();
    const loaded = await scripts(p);
    expect(loaded.filter((n) => /\/assets\/(parse-syntax|App)-/.test(n))).toEqual([]);
    await close();
  });

  it('loads RE2 for a survey whose constraint calls regex(), and judges a hostile answer at once', async () => {
    const source = "regex(., '(a+)+b')";
    const { page: p, close } = await page();
    await p.route('**/api/Survey/GetPreviewData**', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { surveyItems: SurveyItem[]; expressionTrees: Record<string, unknown> } };
      const visit = (items: SurveyItem[]): void => {
        for (const item of items) {
          if (item.surveyItem.name === 'respondent_name') item.surveyItem.constraint = source;
          visit(item.innerItems);
        }
      };
      visit(body.data.surveyItems);
      body.data.expressionTrees = { ...body.data.expressionTrees, [source]: parse(source).root };
      await route.fulfill({ response: res, json: body });
    });
    await openSurvey(p, link.path);
    await q(p, 'consent').locator('input').check();
    const started = Date.now();
    await q(p, 'respondent_name')
      .locator('textarea')
      .fill(`${'a'.repeat(40)}!`);
    await q(p, 'respondent_name').locator('textarea').blur();
    await q(p, 'respondent_name').locator('[data-testid="field-error"]').waitFor();
    expect(Date.now() - started).toBeLessThan(5000);
    // The constraint's own verdict, not 'Error evaluating...': RE2 was there before the form showed.
    expect(await q(p, 'respondent_name').locator('[data-testid="field-error"]').textContent()).toBe('Sorry, this response is invalid.');
    expect((await scripts(p)).filter((n) => /\/assets\/parse-syntax-/.test(n))).toEqual([]);
    await q(p, 'respondent_name').locator('textarea').fill('aaab');
    await q(p, 'respondent_name').locator('textarea').blur();
    await expect.poll(() => q(p, 'respondent_name').locator('[data-testid="field-error"]').count()).toBe(0);
    await close();
  });

  it('loads the parser for survey data that came without trees (cached by an older version)', async () => {
    const { page: p, close } = await page();
    await withData(p, { expressionTrees: null });
    await openSurvey(p, link.path);
    await q(p, 'consent').locator('input').check();
    await q(p, 'respondent_name').waitFor();
    expect((await scripts(p)).some((n) => n.includes('/assets/parse-syntax-'))).toBe(true);
    await close();
  });
});

describe('leaving with unsaved answers', () => {
  it('asks before an in-app navigation and before the tab closes', async () => {
    const { page: p, close } = await page();
    await p.goto('/auth/login');
    await p.getByTestId('login-email').waitFor();
    // An in-app navigation to the survey (a history entry in react-router's own format), so that
    // going back stays inside the app, as from a data collector's task list.
    await p.evaluate((path) => {
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: 'fill', idx }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, link.path);
    await p.getByTestId('survey-form').waitFor();
    await q(p, 'consent').locator('input').check();
    await p.goBack();
    await p.getByTestId('fill-leave').waitFor();
    await p.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(p.url()).pathname).toBe(link.path);
    expect(await q(p, 'consent').locator('input').isChecked()).toBe(true);
    const asked = new Promise<string>((resolve) =>
      p.once('dialog', (d) => {
        resolve(d.type());
        void d.accept();
      }),
    );
    await p.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await close();
  });
});

describe('refusals at submit', () => {
  /** The server refuses the submission with this problem, as its envelope carries it: code and message. */
  async function submitWith(p: Page, code: ProblemCode): Promise<void> {
    const { status, message } = problems[code];
    await p.route('**/api/DataCollection/SubmitSurvey', (route) =>
      route.fulfill({ status, json: { isSuccess: false, data: null, message, errors: [], code } }),
    );
    await openSurvey(p, link.path);
    await q(p, 'consent').locator('input').check();
    await q(p, 'respondent_name').locator('textarea').fill('Amina');
    await q(p, 'region').locator('input[value=turkana]').check();
    await q(p, 'district').locator('input[value=lodwar]').check();
    await q(p, 'household_size').locator('input').fill('1');
    await q(p, 'members[1]/member_name').locator('textarea').fill('Amina');
    await q(p, 'members[1]/member_age').locator('input').fill('30');
    await q(p, 'priority_needs').locator('input[value=food]').check();
    await p.getByTestId('fill-submit').click();
  }

  it('shows the already-submitted screen when the server says the link was used', async () => {
    const { page: p, close } = await page();
    await submitWith(p, 'alreadySubmitted');
    await p.getByTestId('fill-already').waitFor();
    await close();
  });

  it('opens Survey expired when the survey ended meanwhile', async () => {
    const { page: p, close } = await page();
    await submitWith(p, 'surveyExpired');
    await p.getByTestId('fill-expired').waitFor();
    await close();
  });

  it("shows any other refusal's message with its errors", async () => {
    const { page: p, close } = await page();
    await submitWith(p, 'surveyNotOpen');
    await expect.poll(() => p.getByTestId('fill-submit-error').textContent()).toBe('This survey is not open for submissions.');
    await close();
  });
});

describe('printing', () => {
  it('prints the questions without the buttons', async () => {
    const { page: p, close } = await page();
    await p.addInitScript(() => {
      window.print = () => void ((window as unknown as { printed: boolean }).printed = true);
    });
    await openSurvey(p, link.path);
    await q(p, 'consent').locator('input').check();
    await p.getByTestId('fill-print').click();
    expect(await p.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
    await p.emulateMedia({ media: 'print' });
    expect(await p.getByTestId('fill-submit').isVisible()).toBe(false);
    expect(await p.getByTestId('fill-print').isVisible()).toBe(false);
    expect(await q(p, 'respondent_name').isVisible()).toBe(true);
    await screenshot(p, 'fill-print');
    await close();
  });
});

describe('Export survey', () => {
  it("downloads the survey as '{survey name}.xlsx' for a signed-in member, and is not offered to respondents", async () => {
    const { page: p, close } = await page();
    await openSurvey(p, link.path);
    expect(await p.getByTestId('fill-export').count()).toBe(0);
    await signIn(p, 'manager@demo.test');
    await p.waitForURL((u) => u.pathname === '/workspace', { timeout: 30_000 });
    await openSurvey(p, link.path);
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('fill-export').click()]);
    expect(download.suggestedFilename()).toBe('Household Needs Assessment - Round 1.xlsx');
    const bytes = await readFile((await download.path())!);
    // An .xlsx is a zip archive holding the workbook.
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/workbook.xml'))).toBe(true);
    await close();
  });
});
