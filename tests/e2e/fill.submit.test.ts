// A respondent fills the demo survey completely (all 21 question types: a repeat sized by an answer,
// the choice filter, calculations, a located GPS point, a scaled photo, a PDF) and submits it. The
// stored answers are then read from the database with the server's own reading code and decoded with
// the survey's codecs; the same submission sent again is answered as a duplicate and stored once.
// Runs on a server of its own on PostgreSQL (fill.server.ts); skipped, loudly, without PostgreSQL.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSurvey, decodeAnswers, type FormValues } from '../../engine/survey/index';
import { openPostgres } from '../../server/db/database';
import { loadAnswerRows } from '../../server/db/queries/submissions';
import { loadSurveyModel } from '../../server/db/queries/surveys';
import { fromAnswerRows } from '../../server/services/answerRows';
import { launch } from './browser';
import { postgresProblem, startOwnServer, type OwnServer } from './fill.server';
import { lastSubmission, openSurvey, q, recordSubmissions, resend, screenshots, solidPng, tinyPdf } from './fill.support';

const problem = await postgresProblem();
if (problem) console.error(`\n!!! SKIPPED: fill.submit needs PostgreSQL (TEST_DATABASE_URL): ${problem}\n`);

let browser: Browser;
let server: OwnServer;
beforeAll(async () => {
  if (problem) return;
  browser = await launch();
  server = await startOwnServer();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function fillEverything(page: Page): Promise<void> {
  await q(page, 'consent').locator('input').check();
  await q(page, 'respondent_name').locator('textarea').fill('Amina Yusuf');
  await q(page, 'phone').locator('input').fill('+254 712 345678');
  await q(page, 'interview_time').locator('input').fill('09:30');
  await q(page, 'arrival').locator('input').fill('2026-10-01T14:00');
  await q(page, 'region').locator('input[value=mandera]').check();
  await q(page, 'district').locator('input[value=elwak]').check();
  await q(page, 'location').getByTestId('gps-locate').click();
  await expect.poll(() => q(page, 'location').locator('input').first().inputValue(), { timeout: 15_000 }).toBe('3.95');

  await q(page, 'household_size').locator('input').fill('2');
  await q(page, 'members[1]/member_name').locator('textarea').fill('Amina');
  await q(page, 'members[1]/member_age').locator('input').fill('34');
  await q(page, 'members[1]/member_sex').locator('input[value=female]').check();
  await q(page, 'members[2]/member_name').locator('textarea').fill('Omar');
  await q(page, 'members[2]/member_age').locator('input').fill('3');
  await q(page, 'members[2]/member_sex').locator('input[value=male]').check();
  await q(page, 'monthly_income').locator('input').fill('120.5');

  for (const need of ['food', 'water', 'shelter']) await q(page, 'priority_needs').locator(`input[value=${need}]`).check();
  // The fourth choice is refused once three are chosen (maxChoices 3).
  expect(await q(page, 'priority_needs').locator('input[value=cash]').isDisabled()).toBe(true);
  for (const need of ['water', 'food', 'shelter']) await q(page, 'need_ranking').locator(`button[data-choice=${need}]`).click();
  await q(page, 'food_security').getByRole('button', { name: '4' }).click();
  await q(page, 'service_rating').locator('[data-cell="health_services:good"]').click();
  await q(page, 'service_rating').locator('[data-cell="water_points:fair"]').click();
  await q(page, 'service_rating').locator('[data-cell="schools:poor"]').click();
  // A chosen cell clicked again is cleared, then chosen again.
  await q(page, 'service_rating').locator('[data-cell="schools:poor"]').click();
  expect(await q(page, 'service_rating').locator('[data-cell="schools:poor"]').isChecked()).toBe(false);
  await q(page, 'service_rating').locator('[data-cell="schools:poor"]').click();
  await q(page, 'assistance').locator('[data-cell="food_aid:received"]').click();
  await q(page, 'assistance').locator('[data-cell="cash_aid:received"]').click();
  await q(page, 'assistance').locator('[data-cell="cash_aid:needed"]').click();
  await q(page, 'shelter_photo')
    .locator('input[type=file]')
    .setInputFiles({ name: 'shelter.png', mimeType: 'image/png', buffer: solidPng(2000, 1200) });
  await q(page, 'shelter_photo').getByTestId('file-name').waitFor();
  await q(page, 'registration_document')
    .locator('input[type=file]')
    .setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await q(page, 'registration_document').getByTestId('file-name').waitFor();
}

describe.skipIf(problem !== null)('filling the demo survey', () => {
  it('stores every answer as the respondent gave it', async () => {
    // The interview date defaults to today when the form opens: the day may turn while the test runs.
    const openedOn = new Date().toISOString().slice(0, 10);
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, baseURL: server.baseUrl });
    const page = await context.newPage();
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 3.95, longitude: 41.86, accuracy: 12 });
    await recordSubmissions(page);
    await openSurvey(page, server.demoLink);
    await fillEverything(page);
    // Label references and the calculation chain, live.
    expect(await q(page, 'summary').textContent()).toContain('Thank you, Amina Yusuf. 1 of 2 household members are under five.');
    expect(await q(page, 'members[2]/member_age').locator('label').textContent()).toContain('Age of Omar');
    expect(await q(page, 'shelter_photo').getByTestId('file-name').textContent()).toMatch(/^shelter\.jpg \(\d+(\.\d)? KB\)$/);
    await screenshots(page, 'fill-complete-desktop');

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/DataCollection/SubmitSurvey')),
      page.getByTestId('fill-submit').click(),
    ]);
    expect(response.status()).toBe(200);
    const stored = ((await response.json()) as { data: { id: string; duplicate: boolean } }).data;
    expect(stored.duplicate).toBe(false);
    const sent = await lastSubmission(page);
    await page.getByTestId('fill-thanks').waitFor();
    expect(await page.getByText('Thank you for filling out this survey!').count()).toBe(1);

    // The same submission again: a duplicate, stored once.
    const again = await resend(sent, server.baseUrl);
    const body = (await again.json()) as { isSuccess: boolean; data: { id: string; duplicate: boolean } };
    expect(body.isSuccess, JSON.stringify(body).slice(0, 600)).toBe(true);
    expect(body.data).toMatchObject({ id: stored.id, duplicate: true });

    // What the database holds, read as the server reads it.
    const database = await openPostgres(server.databaseUrl, 2);
    const row = await database.db
      .selectFrom('submissions')
      .select(['organization_id', 'survey_id', 'client_id'])
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    // Copies of this submission (the demo data's own submissions are in the same survey).
    const copies = await database.db
      .selectFrom('submissions')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('survey_id', '=', row.survey_id)
      .where('client_id', '=', row.client_id)
      .executeTakeFirstOrThrow();
    expect(Number(copies.n)).toBe(1);
    const model = (await loadSurveyModel(database.db, row.organization_id, row.survey_id))!;
    const bindings = compileSurvey(model).bindings;
    const answers = fromAnswerRows(await loadAnswerRows(database.db, row.organization_id, stored.id), bindings, {
      surveyId: row.survey_id,
      userId: null,
    });
    await database.close();
    const { data, problems } = decodeAnswers(bindings, answers);
    expect(problems).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const { shelter_photo, registration_document, ...rest } = data as FormValues & {
      shelter_photo: unknown;
      registration_document: unknown;
    };
    expect([openedOn, today]).toContain(rest.interview_date);
    expect({ ...rest, interview_date: today }).toEqual({
      consent: true,
      form_version: '2026.1',
      respondent_name: 'Amina Yusuf',
      phone: '+254712345678',
      interview_date: today,
      interview_time: '09:30',
      arrival: '2026-10-01 14:00',
      region: 'mandera',
      district: 'elwak',
      location: '3.95 41.86 0 12',
      household_size: 2,
      members: [
        { member_name: 'Amina', member_age: 34, member_sex: 'female', is_child: '0' },
        { member_name: 'Omar', member_age: 3, member_sex: 'male', is_child: '1' },
      ],
      children_under5: '1',
      child_share: '50',
      monthly_income: 120.5,
      priority_needs: 'food water shelter',
      need_ranking: 'water food shelter',
      food_security: 4,
      service_rating: { health_services: 'good', water_points: 'fair', schools: 'poor' },
      assistance: { food_aid: ['received'], cash_aid: ['received', 'needed'] },
    });
    expect(typeof shelter_photo).toBe('string');
    expect(typeof registration_document).toBe('string');
    await context.close();
  });
});
