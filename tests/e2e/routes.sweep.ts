// Every built screen of the route table (src/app/routes.ts, all but the 'Coming soon' ones) walked with
// axe-core: at 1280 px in English and at 360 px in German, each in a light state as its user
// first sees it, zero critical and zero serious violations; <html lang dir> follows the interface
// language on every screen, and the fill page, in Arabic, is right to left. A screen added to the table
// joins the walk by itself: the test fails when a built route has no way in here. The Guest's menus hold
// only what a Guest may use (spec 000 sections 2 and 6).
// Declared here and run by two files, one per width (routes.axe.desktop.test.ts,
// routes.axe.phone.test.ts), so the two halves of the longest browser walk run side by side.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, isBuilt } from '../../src/app/routes';
import { expectAccessible } from './axe';
import { DESKTOP, PHONE, baseUrl, launch, navigate, screenshot, signIn } from './browser';
import { apiCall, chooseSurveyLanguage, demoLink, type DemoLink } from './fill.support';
import { DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';

type Who = 'nobody' | 'organization@demo.test' | 'collector@demo.test' | 'multi@demo.test';
interface Visit {
  who: Who;
  /** The address, with the route's parameters filled in. */
  path: (ids: Ids) => string;
  /** What shows once the screen is ready. */
  ready?: string;
}
interface Ids {
  workspaceId: string;
  surveyId: string;
  submissionId: string;
  fillPath: string;
  ticketId: string;
  respondentId: string;
}

const org = 'organization@demo.test' as const;
const at = (path: string, who: Who = org, ready?: string): Visit => ({ who, path: () => path, ...(ready ? { ready } : {}) });
/** How each built route is reached; a route missing here fails the first test. */
const visits: Record<string, Visit> = {
  '/auth/login': at('/auth/login', 'nobody', 'login-submit'),
  '/auth/registration': at('/auth/registration', 'nobody', 'register-submit'),
  '/auth/forgot-password': at('/auth/forgot-password', 'nobody', 'forgot-send'),
  '/auth/set-password': at('/auth/set-password', 'nobody'),
  '/auth/success': at('/auth/success', 'nobody'),
  '/auth/request': at('/auth/request', 'nobody'),
  '/auth/freeTrial/successful': at('/auth/freeTrial/successful', 'nobody'),
  '/dev/mailbox': at('/dev/mailbox', 'nobody'),
  '/unauthorized': at('/unauthorized', 'nobody'),
  '/404': at('/404', 'nobody', 'page-404'),
  '/500': at('/500', 'nobody'),
  '/public-survey/*': { who: 'nobody', path: (i) => i.fillPath, ready: 'survey-form' },
  '/': at('/'),
  '/organizations': at('/organizations', 'multi@demo.test'),
  '/workspace': at('/workspace'),
  '/admin-workspaces': at('/admin-workspaces'),
  '/workspace/new-work-space': at('/workspace/new-work-space'),
  '/workspace/edit/:id': { who: org, path: (i) => `/workspace/edit/${i.workspaceId}` },
  '/space-selection': at('/space-selection'),
  '/project-selection': at('/project-selection'),
  '/project-selection/create-project': at('/project-selection/create-project'),
  '/project-selection/create-project/:id': at('/project-selection/create-project/1'),
  '/dashboard': at('/dashboard'),
  '/task-management/collection': at('/task-management/collection'),
  '/beneficiaries/table': at('/beneficiaries/table', org, 'respondent-list'),
  '/beneficiaries/respondent/:id': { who: org, path: (i) => `/beneficiaries/respondent/${i.respondentId}`, ready: 'page-respondent' },
  '/targets': at('/targets', org, 'target-card'),
  '/targets/edit-samplesize': at('/targets/edit-samplesize', org, 'target-total'),
  '/targets/samplesizecalculator': at('/targets/samplesizecalculator', org, 'calc-save'),
  '/survey/survey-tools': at('/survey/survey-tools'),
  '/survey/survey-tools/create': at('/survey/survey-tools/create'),
  '/survey/builder/:surveyId': { who: org, path: (i) => `/survey/builder/${i.surveyId}` },
  '/survey/media/:surveyId': { who: org, path: (i) => `/survey/media/${i.surveyId}`, ready: 'survey-media' },
  '/survey/survey-data': at('/survey/survey-data'),
  '/survey/data/*': { who: org, path: (i) => `/survey/data/${i.surveyId}` },
  '/relationships': at('/relationships', org, 'relationships-people'),
  '/quick-actions': at('/quick-actions', org, 'quick-action-exportData'),
  '/survey/submission/*': { who: org, path: (i) => `/survey/submission/${i.submissionId}` },
  // A file link of an export: one that is not there, so the page says so (a link's usual first state is a download).
  '/survey/submission-file/:organizationId/:fileId': {
    who: org,
    path: () => '/survey/submission-file/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000000',
    ready: 'submission-file',
  },
  '/members': at('/members'),
  '/deleted-items': at('/deleted-items'),
  '/user-management': at('/user-management'),
  '/mytasks': at('/mytasks', 'collector@demo.test'),
  '/tasks': at('/tasks'),
  '/admin-user-management': at('/admin-user-management'),
  '/admin-user-management/new-member': at('/admin-user-management/new-member'),
  '/admin-deleted-items': at('/admin-deleted-items'),
  '/admin-organization-management': at('/admin-organization-management'),
  // Without a refused sign-in's payment token the payment pages send the visitor to sign in: that is what is walked.
  '/auth/payment': at('/auth/payment', 'nobody'),
  '/subscription/stripe': at('/subscription/stripe', 'nobody'),
  '/subscription-plans': at('/subscription-plans', org, 'subscription-plans'),
  '/payment-plans': at('/payment-plans'),
  '/admin-payment-plans': at('/admin-payment-plans'),
  '/account-summary': at('/account-summary'),
  '/profile-information': at('/profile-information'),
  '/login-information': at('/login-information'),
  '/tickets': at('/tickets'),
  '/tickets/:id': { who: org, path: (i) => `/tickets/${i.ticketId}`, ready: 'ticket-thread' },
};

/**
 * The walk at the given widths; `guest` adds the Guest's menus. Each width signs its users in once
 * (one tab per user and width).
 */
export function sweepRoutes(widths: readonly (readonly ['desktop', 'en'] | readonly ['phone', 'de'])[], guest: boolean): void {
  const built = routes.filter(isBuilt);
  let browser: Browser;
  let link: DemoLink;
  let ids: Ids;
  // One tab per user and width: without 'remember me' the session lives in the tab's sessionStorage.
  const sessions = new Map<string, { context: BrowserContext; page: Page }>();

  /** One signed-in tab per user and width, its interface language chosen before the app starts. */
  async function pageFor(who: Who, width: 'desktop' | 'phone'): Promise<Page> {
    const key = `${who} ${width}`;
    const known = sessions.get(key);
    if (known) return known.page;
    const context = await browser.newContext({ viewport: width === 'desktop' ? DESKTOP : PHONE, locale: 'en-US', baseURL: baseUrl() });
    const language = width === 'desktop' ? 'en' : 'de';
    await context.addInitScript((lng) => localStorage.setItem('fs.language', lng), language);
    const page = await context.newPage();
    if (who !== 'nobody') {
      await signIn(page, who);
      await page.waitForURL((u) => !u.pathname.startsWith('/auth'), { timeout: 60_000 });
      // Signed in once the shell shows: the session then holds the organization the project list needs.
      await page.getByTestId('profile-menu').waitFor({ timeout: 60_000 });
      if (who === org) await chooseDemoProject(page);
    }
    sessions.set(key, { context, page });
    return page;
  }

  /** Makes the demo project the current one, as choosing it on /project-selection does. */
  async function chooseDemoProject(page: Page): Promise<void> {
    await page.evaluate(async (name) => {
      const store = sessionStorage.getItem('fs.session') ? sessionStorage : localStorage;
      const s = JSON.parse(store.getItem('fs.session')!) as Record<string, unknown> & { token: string; organizationId: string };
      const res = await fetch('/api/Projects/getProjectsOfOrganization', {
        headers: { authorization: `Bearer ${s.token}`, 'organization-id': s.organizationId },
      });
      type P = { id: string; name: string; workspaceId?: string };
      const body = (await res.json()) as { data: P[] | { projects: P[] } };
      const p = (Array.isArray(body.data) ? body.data : body.data.projects).find((x) => x.name === name)!;
      s.currentProjectId = p.id;
      if (p.workspaceId) s.currentWorkspaceId = p.workspaceId;
      store.setItem('fs.session', JSON.stringify(s));
    }, DEMO_SURVEY_PROJECT);
  }

  beforeAll(async () => {
    browser = await launch();
    link = await demoLink(browser);
    const page = await pageFor(org, widths[0]![0]);
    await page.goto('/dashboard');
    const session = await page.evaluate(
      () =>
        JSON.parse(sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session') ?? '{}') as { currentWorkspaceId: string },
    );
    const submissions = await apiCall<{ items?: { id: string }[]; submissions?: { id: string }[] } | { id: string }[]>(
      page,
      `/api/DataCollection/getSubmissions?SurveyId=${link.surveyId}&Page=1&PageSize=5`,
      null,
    );
    const rows = Array.isArray(submissions.data) ? submissions.data : (submissions.data.items ?? submissions.data.submissions ?? []);
    const tickets = await apiCall<{ ticketResponses: { id: string }[] }>(page, '/api/Tickets/getAllTickets?page=1&pageSize=1', null);
    const projectId = await page.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem('fs.session') ?? localStorage.getItem('fs.session') ?? '{}') as { currentProjectId: string })
          .currentProjectId,
    );
    const lists = await apiCall<{ tables: { id: string }[] }>(page, `/api/Beneficiaries/getTables?ProjectId=${projectId}`, null);
    const people = await apiCall<{ beneficiaries: { id: string }[] }>(
      page,
      `/api/Beneficiaries/getBeneficiaries?TableId=${lists.data.tables[0]?.id ?? ''}&PageSize=1`,
      null,
    );
    ids = {
      workspaceId: session.currentWorkspaceId,
      surveyId: link.surveyId,
      submissionId: rows[0]?.id ?? 'none',
      fillPath: link.path,
      ticketId: tickets.data.ticketResponses[0]?.id ?? 'none',
      respondentId: people.data.beneficiaries?.[0]?.id ?? 'none',
    };
  }, 180_000);

  afterAll(async () => {
    for (const s of sessions.values()) await s.context.close();
    await browser?.close();
  });

  describe('the route table', () => {
    it('every built route has a way in here', () => {
      expect(built.map((r) => r.path).filter((p) => !(p in visits))).toEqual([]);
      expect(ids.submissionId).not.toBe('none');
      expect(ids.ticketId).not.toBe('none');
    });
  });

  describe.each(widths)('every built screen at %s width (%s)', (width, language) => {
    it.each(built.map((r) => [r.path] as const))(
      '%s',
      async (path) => {
        const visit = visits[path];
        if (!visit) return; // reported by the test above
        const page = await pageFor(visit.who, width);
        {
          await navigate(page, visit.path(ids));
          if (visit.ready) await page.getByTestId(visit.ready).first().waitFor({ timeout: 30_000 });
          else await page.locator('h1, main, [role=dialog]').first().waitFor({ timeout: 30_000 });
          await page.waitForLoadState('networkidle').catch(() => undefined);
          const name = `sweep${path.replace(/[/:*]+/g, '-')}-${width}`;
          if (path === '/public-survey/*') {
            // The fill page follows the survey language, not the interface's: Arabic, right to left.
            await chooseSurveyLanguage(page, 'Arabic');
            await expect
              .poll(() => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })))
              .toEqual({ lang: 'ar', dir: 'rtl' });
          } else {
            expect(
              await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir || 'ltr' })),
              `${path} <html lang dir>`,
            ).toEqual({ lang: language, dir: 'ltr' });
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} fits the width`).toBeLessThanOrEqual(
            page.viewportSize()!.width + 1,
          );
          await screenshot(page, name);
          await expectAccessible(page, `${path} at ${width} width`);
        }
      },
      90_000,
    );
  });

  if (guest)
    describe("a Guest's menus", () => {
      it('hold only what a Guest may use', async () => {
        const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', baseURL: baseUrl() });
        const page = await context.newPage();
        await signIn(page, 'guest@demo.test');
        await page.waitForURL((u) => u.pathname === '/workspace', { timeout: 60_000 });
        const links = () =>
          page
            .getByRole('navigation')
            .first()
            .locator('a')
            .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        // No management entries: user management, payment plans, deleted items, the admin menu, workspaces to manage.
        for (const href of await links())
          expect([
            '/user-management',
            '/payment-plans',
            '/deleted-items',
            '/admin-workspaces',
            '/admin-user-management',
            '/admin-deleted-items',
            '/account-summary',
            '/profile-information',
            '/login-information',
            '/subscription-plans',
          ]).not.toContain(href);
        await page.getByTestId('profile-menu').click();
        expect((await page.getByRole('menuitem').allTextContents()).map((t) => t.trim())).toEqual(['Tickets', 'Logout']);
        await page.keyboard.press('Escape');
        await chooseDemoProject(page);
        await page.goto('/survey/survey-tools');
        await page.getByRole('button', { name: 'More actions' }).first().click();
        // A Guest reads surveys: the row menu offers no edit, publish, archive or delete.
        expect((await page.getByRole('menuitem').allTextContents()).map((t) => t.trim())).toEqual(['Copy public link']);
        await context.close();
      }, 120_000);
    });
}
