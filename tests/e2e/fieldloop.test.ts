// The whole field loop (members, tasks, collecting, offline) in real Chromium, on a server of this file's own that mails through
// a real SMTP server (tests/support/smtp.ts): a project manager adds a data collector, who receives the
// invitation and sets a password; the manager assigns a task; the collector signs in, finds it on
// /mytasks, opens it, loses the network, fills and submits it (the outbox keeps it with its TaskId),
// gets the network back; the task turns Completed and the manager finds the submission on Survey Data.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/index';
import { DEMO_SURVEY_NAME } from '../../fixtures/demo/surveys';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';
import { DESKTOP, PHONE, chooseProject, launch, screenshot, signIn } from './browser';
import { OwnServer } from './offline-server';
import { fillMinimal } from './offline-pages';

const PROJECT = 'Household Needs Assessment 2026';
let browser: Browser;
let smtp: SmtpPeer;
let srv: OwnServer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  srv = new OwnServer({ SMTP_URL: smtp.url });
  await srv.start();
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await srv?.dispose();
  await smtp?.close();
});

async function pageAt(viewport: { width: number; height: number }): Promise<Page> {
  // The collector goes offline: the service worker keeps the form.
  const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: srv.url, serviceWorkers: 'allow' });
  return context.newPage();
}

async function managerIn(project: string): Promise<Page> {
  const page = await pageAt(DESKTOP);
  await signIn(page, 'manager@demo.test', DEMO_PASSWORD);
  await page.waitForURL('**/workspace', { timeout: 30_000 });
  await chooseProject(page, project);
  return page;
}

/** A multi-select of the add-member form, as members.test.ts drives it. */
async function choose(page: Page, field: string, text: string): Promise<void> {
  await page.getByTestId(`field-${field}`).click();
  await page.getByTestId(`field-${field}`).fill(text);
  await page.getByRole('option', { name: text, exact: true }).click();
  await page.getByTestId('field-fullName').click();
}

/** The set-password link of the invitation that reached the SMTP server for this address. */
async function invitationLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = smtp.mails.find((m) => m.to.includes(email) && /set-password\?token=/.test(m.raw));
        link = mail ? (/(https?:\/\/\S+set-password\?token=[\w-]+)/.exec(mail.raw)?.[1] ?? '') : '';
        return link;
      },
      { timeout: 30_000, interval: 300 },
    )
    .not.toBe('');
  const url = new URL(link);
  return url.pathname + url.search;
}

it('adds a collector by invitation, assigns a task, and gets it completed offline', { timeout: 420_000 }, async () => {
  const stamp = Date.now();
  const email = `field.loop.${stamp}@demo.test`;
  const password = 'Field-Loop-2026!';
  const name = `Loop Agent ${stamp}`;
  const respondent = `Loop Respondent ${stamp}`;

  // The manager adds the collector through the add-member dialog of /members.
  const mgr = await managerIn(PROJECT);
  await mgr.goto('/members');
  await mgr.getByTestId('row').first().waitFor({ timeout: 30_000 });
  await mgr.getByTestId('toolbar-add').click();
  await mgr.getByTestId('field-fullName').fill(name);
  await mgr.getByTestId('field-email').fill(email);
  await choose(mgr, 'languages', 'English');
  await mgr.getByTestId('field-gender').selectOption({ label: 'Female' });
  await choose(mgr, 'locationId', 'Kenya');
  await mgr.getByTestId('field-roleId').selectOption({ label: 'Data Collector' });
  await mgr.getByTestId('member-submit').click();
  await mgr.getByText(`Member ${name} has been added successfully.`).waitFor({ timeout: 30_000 });

  // The invitation arrives by SMTP; the collector sets a password.
  const collector = await pageAt(PHONE);
  await collector.goto(await invitationLink(email));
  await collector.getByTestId('set-password-form').waitFor({ timeout: 30_000 });
  await collector.getByTestId('set-password-new').fill(password);
  await collector.getByTestId('set-password-confirm').fill(password);
  await collector.getByTestId('set-password-submit').click();
  await collector.waitForURL('**/auth/login', { timeout: 30_000 });

  // The manager assigns the demo survey to the new collector (the API the assign dialog calls).
  const assigned = await mgr.evaluate(
    async ({ surveyName, collectorName }) => {
      const s = JSON.parse(sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session')!) as {
        token: string;
        organizationId: string;
        currentProjectId: string;
      };
      const h = { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId, 'content-type': 'application/json' };
      const surveys = (await (
        await fetch(`/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${s.currentProjectId}`, { headers: h })
      ).json()) as { data: { surveys: { id: string; name: string; surveyStatusId: number }[] } };
      const survey = surveys.data.surveys.find((x) => x.name === surveyName && x.surveyStatusId === 1);
      const dcs = (await (await fetch(`/api/Task/getEnumeratorNamesByProject?ProjectId=${s.currentProjectId}`, { headers: h })).json()) as {
        data: { id: string; name: string }[];
      };
      const dc = dcs.data.find((d) => d.name === collectorName);
      if (!survey || !dc) return `survey ${String(!!survey)}, collector ${String(!!dc)}`;
      const res = await fetch('/api/Task/createTask', {
        method: 'POST',
        headers: h,
        body: JSON.stringify({ surveyId: survey.id, dataCollectorIds: [dc.id], collectionType: 1, note: 'Field loop' }),
      });
      return res.ok ? 'ok' : `createTask ${res.status}`;
    },
    { surveyName: DEMO_SURVEY_NAME, collectorName: name },
  );
  expect(assigned).toBe('ok');

  // The collector signs in and finds the task.
  await signIn(collector, email, password);
  await collector.waitForURL('**/mytasks', { timeout: 30_000 });
  const row = collector.getByTestId('mytasks-row').filter({ hasText: DEMO_SURVEY_NAME }).first();
  await row.waitFor({ timeout: 30_000 });
  expect(await row.getByTestId('task-status').textContent()).toBe('Assigned');
  await row.getByTestId('mytasks-go').click();
  await collector.waitForURL(/\/public-survey\/en\/[0-9a-f-]{36}\?taskId=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await collector.getByTestId('fill-page').waitFor({ timeout: 30_000 });

  // No signal: the submission waits in the outbox and the page goes back to /mytasks.
  await collector.context().setOffline(true);
  await fillMinimal(collector, respondent);
  await collector.getByTestId('fill-submit').click();
  await collector.getByTestId('queued-dialog').waitFor({ timeout: 20_000 });
  await collector.waitForURL('**/mytasks', { timeout: 30_000 });
  await collector.getByTestId('mytasks-offline').waitFor({ timeout: 30_000 });
  await collector.getByTestId('mytasks-donut').locator('svg').first().waitFor();
  await screenshot(collector, 'tasks-fieldloop-offline-phone');

  // The signal returns: the outbox sends it and the task turns Completed.
  await collector.context().setOffline(false);
  await collector.getByTestId('mytasks-tab-completed').click();
  const done = collector.getByTestId('mytasks-row').filter({ hasText: DEMO_SURVEY_NAME }).first();
  await expect
    .poll(async () => (await done.count()) > 0 && (await done.getByTestId('task-status').textContent()) === 'Completed', {
      timeout: 60_000,
      interval: 1_000,
    })
    .toBe(true);
  await screenshot(collector, 'tasks-fieldloop-completed-phone');

  // The manager finds the submission on Survey Data.
  await mgr.goto('/survey/survey-data');
  await mgr.getByTestId('survey-picker').waitFor({ timeout: 30_000 });
  await expect
    .poll(() => mgr.getByTestId('survey-picker').locator('option').allTextContents(), { timeout: 30_000 })
    .toContain(DEMO_SURVEY_NAME);
  await mgr.getByTestId('survey-picker').selectOption({ label: DEMO_SURVEY_NAME });
  await mgr.getByTestId('data-row').first().waitFor({ timeout: 30_000 });
  await mgr.getByTestId('data-search').fill(respondent);
  await expect.poll(() => mgr.getByTestId('data-total').textContent(), { timeout: 30_000 }).toBe('1 submission');
  await mgr.context().close();
  await collector.context().close();
});
