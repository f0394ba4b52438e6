// The fill page at an address that cannot submit (the bare '/public-survey/{surveyId}'
// signed out, a wrong link uuid) says the link is not valid before anyone types, instead of a form whose
// submit is a 404. The survey's own link opens the form; a member collecting in person opens the bare one.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from './browser';
import { demoLink, openSurvey, type DemoLink } from './fill.support';

let browser: Browser;
let link: DemoLink;
beforeAll(async () => {
  browser = await launch();
  link = await demoLink(browser);
});
afterAll(() => browser?.close());

describe('an address that cannot submit', () => {
  it.each([
    ['the bare survey id', () => `/public-survey/${link.surveyId}`],
    ['a wrong link uuid', () => `/public-survey/00000000-0000-4000-8000-000000000001/${link.surveyId}`],
  ])('%s, signed out: says the link is not valid, with no form to fill', async (name, path) => {
    const { context, page } = await newPage(browser);
    await page.goto(path());
    await page.getByTestId('fill-invalid-link').waitFor({ timeout: 30_000 });
    expect(await page.getByText('This link is not valid').count()).toBe(1);
    expect(await page.getByTestId('survey-form').count()).toBe(0);
    expect(await page.getByTestId('fill-submit').count()).toBe(0);
    if (name === 'the bare survey id') await screenshot(page, 'fill-invalid-link');
    await context.close();
  });

  it("the survey's own link opens the form", async () => {
    const { context, page } = await newPage(browser);
    await openSurvey(page, link.path);
    expect(await page.getByTestId('fill-invalid-link').count()).toBe(0);
    await context.close();
  });

  it('the bare survey id opens the form for a data collector signed in (in-person collection)', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'collector@demo.test');
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: 30_000 });
    await openSurvey(page, `/public-survey/${link.surveyId}`);
    expect(await page.getByTestId('fill-submit').count()).toBe(1);
    await context.close();
  });
});
