// Which menu entries a user sees, read from the route table (spec 000 "Sidebar and navigation").
import { ADMIN_ROLES, hasAnyRole } from '../../../schemas/roles';
import { allows, routes, type MenuName, type RouteDecl } from '../routes';

export interface MenuSection {
  menu: MenuName;
  groups: { group: string | undefined; entries: RouteDecl[] }[];
}

/**
 * With a workspace and a project chosen, the project sidebar; otherwise admin roles see the admin
 * menu and the others the project menu.
 */
export function visibleMenus(s: {
  roles: readonly string[];
  currentWorkspaceId: string | null;
  currentProjectId: string | null;
}): MenuName[] {
  if (s.currentWorkspaceId && s.currentProjectId) return ['project', 'top'];
  if (hasAnyRole(s.roles, ADMIN_ROLES)) return ['admin', 'account', 'help'];
  return ['project', 'top', 'help'];
}

export function sidebarSections(s: {
  roles: readonly string[];
  currentWorkspaceId: string | null;
  currentProjectId: string | null;
}): MenuSection[] {
  return visibleMenus(s)
    .map((menu) => {
      const entries = routes
        .filter((r) => r.sidebar?.menu === menu && allows(r, s.roles) && (!r.sidebar.roles || hasAnyRole(s.roles, r.sidebar.roles)))
        .sort((a, b) => a.sidebar!.order - b.sidebar!.order);
      const groups: MenuSection['groups'] = [];
      for (const e of entries) {
        const last = groups[groups.length - 1];
        if (last && last.group === e.sidebar!.group) last.entries.push(e);
        else groups.push({ group: e.sidebar!.group, entries: [e] });
      }
      return { menu, groups };
    })
    .filter((m) => m.groups.length > 0);
}

/** The profile dropdown's entries: routes that declare one and that the user's roles reach. */
export function profileMenuEntries(roles: readonly string[]): RouteDecl[] {
  return routes.filter((r) => r.profileMenu && allows(r, roles)).sort((a, b) => a.profileMenu!.order - b.profileMenu!.order);
}

export type BackTarget = { label: string; to: string | -1 } | null;

/** The back button of a page (spec 000 "Back button text by page"). */
export function backTarget(route: RouteDecl, s: { roles: readonly string[]; organizations: readonly unknown[] }): BackTarget {
  switch (route.back ?? 'dashboard') {
    case 'none':
      return null;
    case 'workspaces':
      return { label: 'back.workspaces', to: hasAnyRole(s.roles, ADMIN_ROLES) ? '/admin-workspaces' : '/workspace' };
    case 'projects':
      return { label: 'back.projects', to: '/project-selection' };
    case 'dashboard':
      return { label: 'back.dashboard', to: '/dashboard' };
    case 'surveyTools':
      return { label: 'back.surveyTools', to: '/survey/survey-tools' };
    case 'previous':
      return { label: 'back.previous', to: -1 };
    case 'organizations':
      // Someone with a single organization has nowhere to go back to.
      return s.organizations.length > 1 ? { label: 'back.organizations', to: '/organizations' } : null;
  }
}
