// The eight organization roles (plus OrgSuperAdmin, which the spec names but never grants), declared once.
// Ids are ours (the spec does not show the original's) and are stored in the database: never renumber.
export const roles = [
  { id: 1, name: 'Organization', display: 'Organization', assignable: false },
  { id: 2, name: 'SuperAdmin', display: 'Super Admin', assignable: true },
  { id: 3, name: 'AdminOfOrganization', display: 'Admin Of Organization', assignable: true },
  { id: 4, name: 'SeniorProjectManager', display: 'Senior Project Manager', assignable: true },
  { id: 5, name: 'ProjectManager', display: 'Project Manager', assignable: true },
  { id: 6, name: 'JuniorProjectManager', display: 'Junior Project Manager', assignable: true },
  { id: 7, name: 'DataCollector', display: 'Data Collector', assignable: true },
  { id: 8, name: 'Guest', display: 'Guest', assignable: true },
  { id: 9, name: 'OrgSuperAdmin', display: 'Organization Super Admin', assignable: false },
] as const;

export type RoleName = (typeof roles)[number]['name'];
export const roleNames = roles.map((r) => r.name) as readonly RoleName[];

export function roleByName(name: string): (typeof roles)[number] | undefined {
  return roles.find((r) => r.name === name);
}
export function roleById(id: number): (typeof roles)[number] | undefined {
  return roles.find((r) => r.id === id);
}

/** Role groups the spec's permission tables use again and again. */
export const ADMIN_ROLES = [
  'SuperAdmin',
  'Organization',
  'AdminOfOrganization',
  'SeniorProjectManager',
] as const satisfies readonly RoleName[];
export const MANAGER_ROLES = [...ADMIN_ROLES, 'ProjectManager'] as const satisfies readonly RoleName[];
export const ALL_ROLES = roleNames;
export const ALL_BUT_COLLECTOR = roleNames.filter((r) => r !== 'DataCollector');
export const PROFILE_ROLES = [
  'SuperAdmin',
  'Organization',
  'JuniorProjectManager',
  'AdminOfOrganization',
  'SeniorProjectManager',
  'ProjectManager',
] as const satisfies readonly RoleName[];
export const ORGANIZATION_ONLY = ['Organization'] as const satisfies readonly RoleName[];

/** A user passes when any of their roles is allowed (spec 000 section 2, route guard). */
export function hasAnyRole(userRoles: readonly string[], allowed: readonly string[]): boolean {
  return userRoles.some((r) => allowed.includes(r));
}

/** Where / sends a signed-in user with an organization chosen (spec 000 "Authenticated entry"). */
export function homePathFor(userRoles: readonly string[]): '/admin-workspaces' | '/mytasks' | '/workspace' {
  if (hasAnyRole(userRoles, ADMIN_ROLES)) return '/admin-workspaces';
  if (userRoles.includes('DataCollector')) return '/mytasks';
  return '/workspace';
}
