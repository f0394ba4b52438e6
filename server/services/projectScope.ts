// Who sees which projects: the admin roles (spec 000 section 6: SuperAdmin, Organization,
// AdminOfOrganization, SeniorProjectManager) work across the whole organization; ProjectManager,
// JuniorProjectManager, DataCollector and Guest only in the projects they manage or belong to.
import { ADMIN_ROLES, hasAnyRole, type RoleName } from '../../schemas/roles';
import type { ProjectScope } from '../db/queries/projectScope';

export function projectScopeOf(t: { organizationId: string; memberId: string; roles: readonly RoleName[] }): ProjectScope {
  return { organizationId: t.organizationId, memberId: hasAnyRole(t.roles, ADMIN_ROLES) ? undefined : t.memberId };
}
