// Published field forms (fixtures/xlsforms) as a respondent meets them: each is imported through
// the API as a manager would import it, published, opened through its public link, filled completely and
// submitted. One has a repeat the respondent sizes (PhilSA's photos), one a choice filter chain
// (pyxform's cascading select), one a constraint, a label reference and a relevance that
// names a choice spelled differently in the choices sheet, as the published form does (ODK's French school
// census). axe checks every filled form. The other field forms are rendered: on their public link
// (the WHO verbal autopsy instrument among them, axe-clean), or, where our publish checks refuse them, in
// the builder's preview with the refusal's reason checked. Screenshots tests/e2e/screenshots/xlsform-fill-*.png.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { expectAccessible } from './axe';
import { baseUrl, launch, signIn } from './browser';
import { apiCall as call, openSurvey, q, screenshots, solidPng } from './fill.support';

let browser: Browser;
let manager: BrowserContext;
let admin: Page;
let projectId: string;

async function importFixture(file: string): Promise<string> {
  const imported = await call<{ surveyId: string; report: unknown[] }>(admin, '/api/DataCollection/importXlsForm', {
    file: { name: file, base64: readFileSync(`fixtures/xlsforms/${file}`).toString('base64') },
    fields: { ProjectId: projectId },
  });
  expect(imported.isSuccess, JSON.stringify(imported).slice(0, 800)).toBe(true);
  return imported.data.surveyId;
}

/** Imports a fixture as a new survey, publishes it and returns its public link. */
async function publishFixture(file: string): Promise<string> {
  const surveyId = await importFixture(file);
  const published = await call(admin, '/api/DataCollection/PublishSurvey', { json: { surveyId } });
  expect(published.isSuccess, JSON.stringify(published).slice(0, 800)).toBe(true);
  return linkOf(surveyId);
}

async function linkOf(surveyId: string): Promise<string> {
  const list = await call<{ surveys: { id: string; publicLink: string }[] }>(
    admin,
    `/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${projectId}&surveyStatuses=1`,
    null,
  );
  const survey = list.data.surveys.find((s) => s.id === surveyId);
  if (!survey) throw new Error(`${surveyId}: the published survey is not listed`);
  return survey.publicLink;
}

/** A respondent's page on the public link; geolocation granted (the GPS questions locate). */
async function respondent(link: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 850 },
    baseURL: baseUrl(),
    locale: 'en-US',
    bypassCSP: true,
  });
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 14.5995, longitude: 120.9842, accuracy: 8 });
  const page = await context.newPage();
  await openSurvey(page, link);
  return { context, page };
}

async function submit(page: Page, name: string): Promise<void> {
  await expectAccessible(page, `${name}, filled`);
  await screenshots(page, `xlsform-fill-${name}`);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/DataCollection/SubmitSurvey')),
    page.getByTestId('fill-submit').click(),
  ]);
  expect(response.status(), (await response.text()).slice(0, 800)).toBe(200);
  await page.getByTestId('fill-thanks').waitFor();
  await expectAccessible(page, `${name}, submitted`);
}

async function photo(page: Page, path: string): Promise<void> {
  await q(page, path)
    .locator('input[type=file]')
    .setInputFiles({ name: `${path.replace(/\W+/g, '-')}.png`, mimeType: 'image/png', buffer: solidPng(640, 480) });
  await q(page, path).getByTestId('file-name').waitFor();
}

async function locate(page: Page, path: string): Promise<void> {
  await q(page, path).getByTestId('gps-locate').click();
  await expect.poll(() => q(page, path).locator('input').first().inputValue(), { timeout: 15_000 }).toBe('14.5995');
}

beforeAll(async () => {
  browser = await launch();
  manager = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US' });
  admin = await manager.newPage();
  await signIn(admin, 'manager@demo.test');
  await admin.waitForURL((u) => u.pathname === '/workspace', { timeout: 30_000 });
  const projects = await call<{ id: string; name: string }[] | { projects: { id: string; name: string }[] }>(
    admin,
    '/api/Projects/getProjectsOfOrganization',
    null,
  );
  const list = Array.isArray(projects.data) ? projects.data : projects.data.projects;
  projectId = list.find((p) => p.name === DEMO_SURVEY_PROJECT)!.id;
}, 120_000);
afterAll(async () => {
  await manager?.close();
  await browser?.close();
});

describe('published XLSForms, filled and submitted through the public link', () => {
  it("PhilSA's disaster incidence form: a repeat of photos the respondent adds to, a GPS point, hidden metadata", async () => {
    const { context, page } = await respondent(await publishFixture('philsa-disaster-incidence.xlsx'));
    await q(page, 'event_name').locator('textarea').fill('Typhoon Kristine, Naga City');
    await q(page, 'incident_type').locator('input[value=flood]').check();
    await locate(page, 'location');
    await photo(page, 'primary_photo');
    // As in ODK Collect, the repeat opens with one photo; the respondent adds a second.
    const instances = page.getByTestId('section-photogroup').getByTestId('repeat-instance');
    expect(await instances.count()).toBe(1);
    await page.getByTestId('repeat-add-photogroup').click();
    await expect.poll(() => instances.count()).toBe(2);
    await photo(page, 'photogroup[1]/photo');
    await photo(page, 'photogroup[2]/photo');
    await q(page, 'remarks').locator('textarea').fill('Water up to the first floor on the main road.');
    await submit(page, 'philsa');
    await context.close();
  }, 180_000);

  it("pyxform's cascading select: each list filtered by the answer before", async () => {
    const { context, page } = await respondent(await publishFixture('choice_filter_test.xlsx'));
    await q(page, 'state').locator('input[value=washington]').check();
    // Only Washington's counties are offered, then only King's cities (a King county is in Texas too).
    await expect
      .poll(() =>
        q(page, 'county')
          .locator('input[type=radio]')
          .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      )
      .toEqual(['king', 'pierce']);
    await q(page, 'county').locator('input[value=king]').check();
    await expect
      .poll(() =>
        q(page, 'city')
          .locator('input[type=radio]')
          .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      )
      .toEqual(['dumont', 'finney', 'seattle', 'redmond']);
    await q(page, 'city').locator('input[value=redmond]').check();
    await submit(page, 'cascading-select');
    await context.close();
  }, 120_000);

  it("ODK's French school census: a constraint, a label that names an earlier answer, a photo and a GPS point", async () => {
    const { context, page } = await respondent(await publishFixture('odk-recensement-etablissements-scolaires.xlsx'));
    await q(page, 'nom_etablissement').locator('textarea').fill('Lycée Victor Hugo');
    await expect.poll(() => q(page, 'photo_etablissement').locator('label').first().textContent()).toContain('Lycée Victor Hugo');
    await photo(page, 'photo_etablissement');
    await locate(page, 'emplacement_etablissement');
    await q(page, 'nombre_eleves').locator('input').fill('0');
    await q(page, 'nombre_eleves').locator('input').blur();
    await expect.poll(() => q(page, 'nombre_eleves').textContent()).toContain('La valeur doit être un nombre positif');
    await q(page, 'nombre_eleves').locator('input').fill('842');
    await q(page, 'niveaux_enseignes').locator('input[value="collège"]').check();
    await q(page, 'niveaux_enseignes').locator('input[value="lycée"]').check();
    // The form's relevance asks for 'lycee' while the choice is 'lycée': as in ODK Collect, the follow-up stays hidden.
    expect(await q(page, 'options_proposees').count()).toBe(0);
    await submit(page, 'recensement');
    await context.close();
  }, 120_000);
});

/**
 * The field forms that publish as they are, and those whose publishing our checks refuse, with why: the
 * socio-economic survey computes a label with jr:itext(instance(...)/root/item[...]) (an XPath our
 * expressions do not read), ODK's every-type form has a select whose choices come from a file.
 */
const FIELD_FORMS: Record<string, RegExp | null> = {
  'who-va-2016-v1_5_2.xlsx': null,
  'odk-all-question-types.xlsx': /map \(choices\)/,
  'odk-socio-economic-survey.xlsx': /SEClass \(calculation/,
  'kobo-library-locking-example.xlsx': null,
  'odk-xlsform-offline-clean.xlsx': null,
};

describe('the other field forms render', () => {
  it.each(Object.keys(FIELD_FORMS))(
    '%s: on the public link when it publishes, else in the builder with the reason',
    async (file) => {
      const surveyId = await importFixture(file);
      const published = await call<unknown>(admin, '/api/DataCollection/PublishSurvey', { json: { surveyId } });
      const refusedFor = FIELD_FORMS[file]!;
      if (refusedFor === null) {
        expect(published.isSuccess, JSON.stringify(published).slice(0, 800)).toBe(true);
        const { context, page } = await respondent(await linkOf(surveyId));
        expect(await page.locator('[data-path]').count()).toBeGreaterThan(0);
        await expectAccessible(page, `${file} on its public link`);
        await context.close();
      } else {
        expect(published.isSuccess).toBe(false);
        expect((published.errors ?? []).join('\n')).toMatch(refusedFor);
        await admin.goto(`/survey/builder/${surveyId}`);
        await admin.getByTestId('builder-preview').getByTestId('survey-form').waitFor({ timeout: 60_000 });
        expect(await admin.getByTestId('builder-preview').locator('[data-path]').count()).toBeGreaterThan(0);
      }
    },
    180_000,
  );
});

describe("the builder opened on one question of a long form (the report's links)", () => {
  it('scrolls its virtual outline to a question near the end of the WHO instrument, selects and focuses it', async () => {
    const surveyId = await importFixture('who-va-2016-v1_5_2.xlsx');
    await admin.goto(`/survey/builder/${surveyId}?question=Id10481`);
    const row = admin.locator('[data-testid="outline-row"][data-name="Id10481"]');
    await row.waitFor({ timeout: 60_000 });
    expect(await admin.getByTestId('builder-outline').getAttribute('data-virtual')).toBe('true');
    await expect.poll(() => row.getByTestId('outline-select').getAttribute('aria-current')).toBe('true');
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.closest('[data-testid="outline-row"]')?.getAttribute('data-name')))
      .toBe('Id10481');
    const box = await row.boundingBox();
    expect(box && box.y >= 0 && box.y < (admin.viewportSize()?.height ?? 720)).toBe(true);
  }, 180_000);
});
