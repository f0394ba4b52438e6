// The route table (spec 000 sections 2 and 6, spec 001 section 2), declared once. The router, the
// guard, the sidebar, the profile dropdown and the back button all read it. Pages are lazy chunks.
import type { ComponentType } from 'react';
import {
  ADMIN_ROLES,
  ALL_BUT_COLLECTOR,
  ALL_ROLES,
  MANAGER_ROLES,
  ORGANIZATION_ONLY,
  PROFILE_ROLES,
  type RoleName,
} from '../../schemas/roles';
import { BUILDER_BASE, MEDIA_BASE } from '../../schemas/screens/surveyTools';
import { SURVEY_AUTHOR_ROLES, SURVEY_VIEW_ROLES } from '../../schemas/surveyBuilder';
import { SUBMISSION_FILE_ROUTE } from '../../schemas/submissions';
import { DATA_ROUTE } from '../pages/data/route';
import { FILL_BASE } from '../pages/fill/route';

type Page = () => Promise<{ default: ComponentType }>;

/**
 * public      anyone
 * signed-out  only signed-out visitors (signed-in users are sent to /)
 * signed-in   any signed-in user, organization or not
 * RoleName[]  a signed-in user with an organization chosen and one of these roles
 */
export type RouteAccess = 'public' | 'signed-out' | 'signed-in' | readonly RoleName[];

/** Where the back button leads and what it says (spec 000 "Back button text by page"). */
export type BackRule = 'workspaces' | 'projects' | 'dashboard' | 'surveyTools' | 'previous' | 'organizations' | 'none';

export type MenuName = 'project' | 'admin' | 'account' | 'help' | 'top';

export interface SidebarEntry {
  menu: MenuName;
  /** Group heading key inside the menu (Manage Relationships, Manage Surveys, ...). */
  group?: string;
  label: string;
  icon: string;
  order: number;
  /** Narrows who sees the entry, where the spec's sidebar rule is stricter than the page's. */
  roles?: readonly RoleName[];
}

export interface RouteDecl {
  path: string;
  page: Page;
  access: RouteAccess;
  /** Frame around the page: the app shell, the sign-in frame, or nothing (fill page, error pages). */
  shell: 'app' | 'auth' | 'bare';
  back?: BackRule;
  sidebar?: SidebarEntry;
  /** Entry in the profile dropdown, shown to the route's roles. */
  profileMenu?: { label: string; order: number };
  layout?: { dark?: boolean; noPadding?: boolean };
}

const comingSoon: Page = () => import('../pages/errors/ComingSoonPage');

export const routes: readonly RouteDecl[] = [
  // Sign-in and registration
  { path: '/auth/login', page: () => import('../pages/auth/LoginPage'), access: 'signed-out', shell: 'auth' },
  { path: '/auth/registration', page: () => import('../pages/auth/RegistrationPage'), access: 'signed-out', shell: 'auth' },
  { path: '/auth/forgot-password', page: () => import('../pages/auth/ForgotPasswordPage'), access: 'signed-out', shell: 'auth' },
  // Not in the spec: the invitation e-mail's link, where a newly added member sets their password.
  { path: '/auth/set-password', page: () => import('../pages/auth/SetPasswordPage'), access: 'public', shell: 'auth' },
  { path: '/auth/success', page: () => import('../pages/auth/SuccessPage'), access: 'public', shell: 'auth' },
  { path: '/auth/request', page: () => import('../pages/auth/RequestPage'), access: 'public', shell: 'auth' },
  { path: '/auth/freeTrial/successful', page: () => import('../pages/auth/FreeTrialSuccessPage'), access: 'public', shell: 'auth' },
  { path: '/auth/payment', page: () => import('../pages/billing/PaymentPage'), access: 'public', shell: 'auth' },
  { path: '/subscription/stripe', page: () => import('../pages/billing/StripeSubscriptionPage'), access: 'public', shell: 'auth' },
  { path: '/dev/mailbox', page: () => import('../pages/dev/MailboxPage'), access: 'public', shell: 'bare' },

  // Generic pages
  { path: '/coming-soon', page: comingSoon, access: 'public', shell: 'bare' },
  { path: '/unauthorized', page: () => import('../pages/errors/UnauthorizedPage'), access: 'public', shell: 'bare' },
  { path: '/404', page: () => import('../pages/errors/NotFoundPage'), access: 'public', shell: 'bare' },
  { path: '/500', page: () => import('../pages/errors/ServerErrorPage'), access: 'public', shell: 'bare' },

  // Public survey, task links and the builder's preview (spec 001 section 2): /public-survey/{surveyId},
  // /public-survey/{linkUuid}/{surveyId}, /public-survey/{language}/{surveyId}?taskId=...&receiverId=...
  // Opened at its own address, the page runs without the router (src/main.tsx); this route serves moves
  // to it inside the app.
  { path: `${FILL_BASE}/*`, page: () => import('../pages/fill/RoutedFillPage'), access: 'public', shell: 'bare' },

  // Organization, workspace and project choice
  { path: '/', page: () => import('../pages/home/HomeRedirect'), access: 'signed-in', shell: 'bare' },
  {
    path: '/organizations',
    page: () => import('../pages/organizations/OrganizationsPage'),
    access: 'signed-in',
    shell: 'app',
    back: 'none',
  },
  {
    path: '/workspace',
    page: () => import('../pages/workspaces/WorkspacesPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'organizations',
    sidebar: {
      menu: 'top',
      label: 'nav.workspaces',
      icon: 'workspaces',
      order: 30,
      roles: ['Organization', 'SuperAdmin', 'AdminOfOrganization'],
    },
  },
  {
    path: '/admin-workspaces',
    page: () => import('../pages/workspaces/WorkspacesPage'),
    access: ADMIN_ROLES,
    shell: 'app',
    back: 'none',
    sidebar: { menu: 'admin', label: 'nav.workspaces', icon: 'workspaces', order: 10 },
  },
  {
    path: '/workspace/new-work-space',
    page: () => import('../pages/workspaces/WorkspaceFormPage'),
    access: ADMIN_ROLES,
    shell: 'app',
    back: 'none',
  },
  {
    path: '/workspace/edit/:id',
    page: () => import('../pages/workspaces/WorkspaceFormPage'),
    access: ADMIN_ROLES,
    shell: 'app',
    back: 'workspaces',
  },
  { path: '/workspace/add', page: comingSoon, access: ALL_BUT_COLLECTOR, shell: 'app', back: 'workspaces' },
  { path: '/workspace/test', page: comingSoon, access: ALL_BUT_COLLECTOR, shell: 'app', back: 'workspaces' },
  {
    path: '/space-selection',
    page: () => import('../pages/workspaces/SpaceSelectionPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'workspaces',
  },
  {
    path: '/project-selection',
    page: () => import('../pages/projects/ProjectSelectionPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'workspaces',
  },
  {
    path: '/project-selection/create-project',
    page: () => import('../pages/projects/ProjectTypePage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'projects',
  },
  {
    path: '/project-selection/create-project/:id',
    page: () => import('../pages/projects/CreateProjectPage'),
    access: MANAGER_ROLES,
    shell: 'app',
    back: 'projects',
  },

  // Project menu
  {
    path: '/dashboard',
    page: () => import('../pages/dashboard/DashboardPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'projects',
    sidebar: { menu: 'project', label: 'nav.dashboard', icon: 'dashboard', order: 10 },
  },
  {
    path: '/beneficiaries/table',
    page: () => import('../pages/respondents/RespondentsPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'previous',
    sidebar: { menu: 'project', group: 'nav.relationships', label: 'nav.respondents', icon: 'respondents', order: 20 },
  },
  {
    path: '/beneficiaries/respondent/:id',
    page: () => import('../pages/respondents/RespondentPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'previous',
  },
  {
    path: '/targets',
    page: () => import('../pages/targets/TargetsPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'previous',
    sidebar: { menu: 'project', group: 'nav.relationships', label: 'nav.targets', icon: 'targets', order: 21 },
  },
  // Setting a target is the managers' (schemas/targets.ts TARGET_EDITORS); reading them is the menu's.
  {
    path: '/targets/edit-samplesize',
    page: () => import('../pages/targets/TargetEditPage'),
    access: MANAGER_ROLES,
    shell: 'app',
    back: 'previous',
  },
  {
    path: '/targets/samplesizecalculator',
    page: () => import('../pages/targets/SampleSizeCalculatorPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'previous',
  },
  {
    path: '/task-management/collection',
    page: () => import('../pages/tasks/TaskManagementPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'dashboard',
    sidebar: { menu: 'project', group: 'nav.relationships', label: 'nav.taskManagement', icon: 'tasks', order: 22 },
  },
  {
    path: '/relationships',
    page: () => import('../pages/relationships/RelationshipsPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'dashboard',
  },
  {
    path: '/quick-actions',
    page: () => import('../pages/relationships/QuickActionsPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'dashboard',
  },
  {
    path: '/survey/survey-tools',
    page: () => import('../pages/surveys/SurveyToolsPage'),
    access: SURVEY_VIEW_ROLES,
    shell: 'app',
    back: 'previous',
    sidebar: { menu: 'project', group: 'nav.surveys', label: 'nav.surveyTools', icon: 'surveys', order: 30 },
  },
  {
    path: '/survey/survey-tools/create',
    page: () => import('../pages/surveys/CreateSurveyPage'),
    access: SURVEY_AUTHOR_ROLES,
    shell: 'app',
    back: 'previous',
  },
  // The builder edits in place, so it takes the whole width; who may open it is who may save.
  {
    path: `${BUILDER_BASE}/:surveyId`,
    page: () => import('../pages/surveys/builder/BuilderPage'),
    access: SURVEY_AUTHOR_ROLES,
    shell: 'app',
    back: 'previous',
    layout: { noPadding: true },
  },
  {
    path: `${MEDIA_BASE}/:surveyId`,
    page: () => import('../pages/surveys/media/SurveyMediaPage'),
    access: SURVEY_AUTHOR_ROLES,
    shell: 'app',
    back: 'surveyTools',
  },
  {
    ...DATA_ROUTE,
    page: () => import('../pages/data/SurveyDataPage'),
    shell: 'app',
    back: 'dashboard',
    sidebar: { menu: 'project', group: 'nav.surveys', label: 'nav.surveyData', icon: 'data', order: 31 },
  },
  {
    path: '/survey/data/*',
    page: () => import('../pages/data/SurveyDataOfSurveyPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'dashboard',
  },
  // An export's file link: the organization is the link's, which may not be the one chosen (the API checks the membership).
  { path: SUBMISSION_FILE_ROUTE, page: () => import('../pages/data/SubmissionFilePage'), access: 'signed-in', shell: 'app', back: 'none' },
  { path: '/survey/test/*', page: comingSoon, access: ALL_BUT_COLLECTOR, shell: 'app', back: 'previous', layout: { noPadding: true } },
  {
    path: '/survey/submission/*',
    page: () => import('../pages/data/SubmissionPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'previous',
    layout: { noPadding: true },
  },
  {
    path: '/members',
    page: () => import('../pages/members/MembersPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'dashboard',
    sidebar: { menu: 'project', group: 'nav.settings', label: 'nav.members', icon: 'members', order: 40 },
  },
  {
    path: '/deleted-items',
    page: () => import('../pages/deleted-items/ProjectDeletedItemsPage'),
    access: MANAGER_ROLES,
    shell: 'app',
    back: 'dashboard',
    layout: { noPadding: true },
    sidebar: { menu: 'project', group: 'nav.settings', label: 'nav.deletedItems', icon: 'trash', order: 41 },
  },
  {
    path: '/user-management',
    page: () => import('../pages/members/UserManagementPage'),
    access: ['SuperAdmin', 'Organization', 'AdminOfOrganization'],
    shell: 'app',
    back: 'dashboard',
    sidebar: { menu: 'top', label: 'nav.userManagement', icon: 'members', order: 10 },
  },
  {
    path: '/payment-plans',
    page: () => import('../pages/billing/PlansPage'),
    access: ['SuperAdmin', 'Organization', 'AdminOfOrganization', 'SeniorProjectManager'],
    shell: 'app',
    back: 'dashboard',
    sidebar: { menu: 'top', label: 'nav.paymentPlans', icon: 'payments', order: 20 },
  },

  // Tasks
  {
    path: '/mytasks',
    page: () => import('../pages/tasks/MyTasksPage'),
    access: ['DataCollector'],
    shell: 'app',
    back: 'organizations',
    sidebar: { menu: 'project', label: 'nav.myTasks', icon: 'tasks', order: 1 },
  },
  { path: '/tasks', page: () => import('../pages/tasks/TasksHome'), access: ALL_ROLES, shell: 'app', back: 'organizations' },

  // Admin area
  {
    path: '/admin-user-management',
    page: () => import('../pages/members/AdminMembersPage'),
    access: ADMIN_ROLES,
    shell: 'app',
    back: 'none',
    sidebar: { menu: 'admin', label: 'nav.userManagement', icon: 'members', order: 20 },
  },
  {
    path: '/admin-user-management/new-member',
    page: () => import('../pages/members/AdminMembersPage'),
    access: ORGANIZATION_ONLY,
    shell: 'app',
    back: 'none',
  },
  {
    path: '/admin-deleted-items',
    page: () => import('../pages/deleted-items/AdminDeletedItemsPage'),
    access: ADMIN_ROLES,
    shell: 'app',
    back: 'none',
    layout: { noPadding: true },
    sidebar: { menu: 'admin', label: 'nav.deletedItems', icon: 'trash', order: 30 },
  },
  { path: '/admin-payment-plans', page: () => import('../pages/billing/PlansPage'), access: ADMIN_ROLES, shell: 'app', back: 'none' },
  {
    path: '/admin-organization-management',
    page: () => import('../pages/organizations/OrganizationManagementPage'),
    access: ADMIN_ROLES,
    shell: 'app',
    back: 'none',
    sidebar: { menu: 'admin', label: 'nav.organizationManagement', icon: 'organization', order: 25 },
  },
  { path: '/admin/*', page: comingSoon, access: ADMIN_ROLES, shell: 'app', back: 'none' },

  // Account area
  {
    path: '/account-summary',
    page: () => import('../pages/account/AccountSummaryPage'),
    access: ORGANIZATION_ONLY,
    shell: 'app',
    back: 'none',
    sidebar: { menu: 'account', label: 'nav.accountSummary', icon: 'summary', order: 10 },
    profileMenu: { label: 'nav.accountSummary', order: 10 },
  },
  {
    path: '/profile-information',
    page: () => import('../pages/account/ProfileInformationPage'),
    access: PROFILE_ROLES,
    shell: 'app',
    back: 'none',
    sidebar: { menu: 'account', label: 'nav.profileInformation', icon: 'profile', order: 20 },
    profileMenu: { label: 'nav.profileInformation', order: 20 },
  },
  {
    path: '/login-information',
    page: () => import('../pages/account/LoginInformationPage'),
    access: PROFILE_ROLES,
    shell: 'app',
    back: 'none',
    sidebar: { menu: 'account', label: 'nav.loginInformation', icon: 'lock', order: 30 },
    profileMenu: { label: 'nav.loginInformation', order: 30 },
  },
  {
    path: '/subscription-plans',
    page: () => import('../pages/billing/SubscriptionPlansPage'),
    access: ORGANIZATION_ONLY,
    shell: 'app',
    back: 'none',
    sidebar: { menu: 'account', label: 'nav.payments', icon: 'payments', order: 40 },
    profileMenu: { label: 'nav.payments', order: 40 },
  },

  // Help centre
  {
    path: '/tickets',
    page: () => import('../pages/tickets/TicketsPage'),
    access: ALL_BUT_COLLECTOR,
    shell: 'app',
    back: 'none',
    sidebar: { menu: 'help', label: 'nav.tickets', icon: 'tickets', order: 10 },
    profileMenu: { label: 'nav.tickets', order: 50 },
  },
  { path: '/tickets/:id', page: () => import('../pages/tickets/TicketPage'), access: ALL_BUT_COLLECTOR, shell: 'app', back: 'none' },
];

/** A route with a page of its own, not the 'Coming soon' placeholder (the accessibility sweep walks these). */
export function isBuilt(route: RouteDecl): boolean {
  return route.page !== comingSoon;
}

/** The route a path belongs to, using react-router's own matching. */
export function routeFor(pathname: string, match: (pattern: string, path: string) => boolean): RouteDecl | undefined {
  return routes.find((r) => match(r.path, pathname));
}

export function allows(route: RouteDecl, roles: readonly string[]): boolean {
  const a = route.access;
  if (typeof a === 'string') return true;
  return roles.some((r) => (a as readonly string[]).includes(r));
}
