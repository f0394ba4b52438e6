// The route table's rules as a user meets them: which menu entries, profile entries and back buttons
// each role gets, and where the guard sends them (spec 000 sections 2 and 6).
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES, homePathFor, type RoleName } from '../../schemas/roles';
import { routes } from '../../src/app/routes';
import { backTarget, profileMenuEntries, sidebarSections } from '../../src/app/shell/navigation';
import { verdictFor } from '../../src/app/RouteHost';

const route = (path: string) => {
  const r = routes.find((x) => x.path === path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};
const labels = (roles: RoleName[], ws: string | null = null, project: string | null = null) =>
  sidebarSections({ roles, currentWorkspaceId: ws, currentProjectId: project }).flatMap((s) =>
    s.groups.flatMap((g) => g.entries.map((e) => e.path)),
  );

describe('authenticated entry', () => {
  it.each<[RoleName, string]>([
    ['SuperAdmin', '/admin-workspaces'],
    ['Organization', '/admin-workspaces'],
    ['AdminOfOrganization', '/admin-workspaces'],
    ['SeniorProjectManager', '/admin-workspaces'],
    ['DataCollector', '/mytasks'],
    ['ProjectManager', '/workspace'],
    ['JuniorProjectManager', '/workspace'],
    ['Guest', '/workspace'],
  ])('%s goes to %s', (role, path) => expect(homePathFor([role])).toBe(path));
});

describe('the sidebar', () => {
  it('shows the project sidebar once a workspace and a project are chosen', () => {
    const paths = labels(['ProjectManager'], 'w', 'p');
    expect(paths).toEqual([
      '/dashboard',
      '/beneficiaries/table',
      '/targets',
      '/task-management/collection',
      '/survey/survey-tools',
      '/survey/survey-data',
      '/members',
      '/deleted-items',
    ]);
  });

  it('shows admin roles the admin menu, account settings and help centre otherwise', () => {
    expect(labels(['Organization'])).toEqual([
      '/admin-workspaces',
      '/admin-user-management',
      '/admin-organization-management',
      '/admin-deleted-items',
      '/account-summary',
      '/profile-information',
      '/login-information',
      '/subscription-plans',
      '/tickets',
    ]);
    // Account summary and payments are the Organization's alone.
    expect(labels(['SeniorProjectManager'])).toEqual([
      '/admin-workspaces',
      '/admin-user-management',
      '/admin-organization-management',
      '/admin-deleted-items',
      '/profile-information',
      '/login-information',
      '/tickets',
    ]);
  });

  it('gives top-level Workspaces and User management to three roles and Payment plans to four', () => {
    expect(labels(['SuperAdmin'], 'w', 'p')).toEqual(expect.arrayContaining(['/user-management', '/payment-plans', '/workspace']));
    expect(labels(['SeniorProjectManager'], 'w', 'p')).toContain('/payment-plans');
    expect(labels(['SeniorProjectManager'], 'w', 'p')).not.toContain('/workspace');
    expect(labels(['ProjectManager'], 'w', 'p')).not.toContain('/payment-plans');
  });

  it('keeps project deleted items from juniors and guests', () => {
    expect(labels(['JuniorProjectManager'], 'w', 'p')).not.toContain('/deleted-items');
    expect(labels(['Guest'], 'w', 'p')).not.toContain('/deleted-items');
  });

  it('gives a data collector only their tasks', () => {
    expect(labels(['DataCollector'])).toEqual(['/mytasks']);
  });
});

describe('the profile dropdown', () => {
  const entries = (role: RoleName) => profileMenuEntries([role]).map((r) => r.path);
  it('gives the Organization every entry', () => {
    expect(entries('Organization')).toEqual([
      '/account-summary',
      '/profile-information',
      '/login-information',
      '/subscription-plans',
      '/tickets',
    ]);
  });
  it('gives DataCollector and Guest no profile, login or account entries', () => {
    expect(entries('DataCollector')).toEqual([]);
    expect(entries('Guest')).toEqual(['/tickets']);
  });
  it('gives managers profile, login and tickets', () => {
    expect(entries('ProjectManager')).toEqual(['/profile-information', '/login-information', '/tickets']);
  });
});

describe('the back button', () => {
  const s = (roles: RoleName[], orgs = 2) => ({ roles, organizations: Array.from({ length: orgs }) });
  it("says 'Back to projects' on the dashboard and leads to the project list", () => {
    expect(backTarget(route('/dashboard'), s(['ProjectManager']))).toEqual({ label: 'back.projects', to: '/project-selection' });
  });
  it("leads 'Back to workspaces' to /admin-workspaces for admin roles and /workspace for the others", () => {
    for (const role of ADMIN_ROLES) expect(backTarget(route('/project-selection'), s([role]))?.to).toBe('/admin-workspaces');
    for (const role of ['ProjectManager', 'Guest'] as RoleName[])
      expect(backTarget(route('/project-selection'), s([role]))?.to).toBe('/workspace');
  });
  it("says 'Back to dashboard' on survey data and 'Go back' on other survey pages", () => {
    expect(backTarget(route('/survey/survey-data'), s(['ProjectManager']))?.label).toBe('back.dashboard');
    expect(backTarget(route('/survey/survey-tools'), s(['ProjectManager']))).toEqual({ label: 'back.previous', to: -1 });
  });
  it('hides on admin, account and ticket pages', () => {
    for (const p of [
      '/admin-workspaces',
      '/account-summary',
      '/profile-information',
      '/tickets',
      '/organizations',
      '/workspace/new-work-space',
    ])
      expect(backTarget(route(p), s(['Organization'])), p).toBeNull();
  });
  it("offers 'Back to organizations' on the workspace and task pages only to members of several", () => {
    expect(backTarget(route('/workspace'), s(['ProjectManager'], 2))).toEqual({ label: 'back.organizations', to: '/organizations' });
    expect(backTarget(route('/workspace'), s(['ProjectManager'], 1))).toBeNull();
    expect(backTarget(route('/mytasks'), s(['DataCollector'], 1))).toBeNull();
  });
});

describe('the route guard', () => {
  const signedOut = { token: null, organizationId: null, roles: [] };
  const pm = { token: 't', organizationId: 'o', roles: ['ProjectManager'] };
  it('sends signed-out visitors of protected pages to the login page', () => {
    expect(verdictFor(route('/project-selection'), signedOut)).toEqual({ go: '/auth/login' });
    expect(verdictFor(route('/organizations'), signedOut)).toEqual({ go: '/auth/login' });
  });
  it('sends signed-in users away from the sign-in pages', () => {
    expect(verdictFor(route('/auth/login'), pm)).toEqual({ go: '/' });
  });
  it('sends a user without an allowed role to /unauthorized', () => {
    expect(verdictFor(route('/admin-workspaces'), { ...pm, roles: ['DataCollector'] })).toEqual({ go: '/unauthorized' });
    expect(verdictFor(route('/mytasks'), pm)).toEqual({ go: '/unauthorized' });
    expect(verdictFor(route('/project-selection/create-project/:id'), { ...pm, roles: ['Guest'] })).toEqual({ go: '/unauthorized' });
  });
  it('sends a signed-in user without an organization to choose one', () => {
    expect(verdictFor(route('/workspace'), { ...pm, organizationId: null })).toEqual({ go: '/organizations' });
  });
  it('lets anyone see public pages', () => {
    expect(verdictFor(route('/404'), signedOut)).toBe('show');
    expect(verdictFor(route('/dev/mailbox'), signedOut)).toBe('show');
  });
  it('declares every path once', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
