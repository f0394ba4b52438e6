// Members as the workspace and recycle-bin screens list them (spec 000 section 7 "Members").
import type { Kysely } from 'kysely';
import { roleById } from '../../schemas/roles';
import type { OrganizationMembersQuery } from '../../schemas/members';
import { listOrganizationMembers, workspaceMembers, workspacesOfMembers } from '../db/queries/orgMembers';
import { detailsOfMembers, languagesOfMembers } from '../db/queries/memberManagement';
import { findWorkspace } from '../db/queries/workspaces';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import type { Tenant } from './recycleBin';
import { workspaceScope } from './workspaces';

type Q = Kysely<DB>;

export const rolesOf = (roleId: number) => {
  const name = roleById(roleId)?.name;
  return name ? [{ name }] : [];
};

export async function inWorkspace(db: Q, t: Tenant, workspaceId: string) {
  if (!(await findWorkspace(db, { ...workspaceScope(t), id: workspaceId }))) throw problem('notFound');
  const rows = await workspaceMembers(db, t.organizationId, workspaceId);
  return rows.map((r) => ({ id: r.id, fullName: r.fullName, roles: rolesOf(r.roleId) }));
}

export async function ofOrganization(db: Q, t: Tenant, q: OrganizationMembersQuery) {
  const { rows, total } = await listOrganizationMembers(db, {
    organizationId: t.organizationId,
    deleted: q.isDeleted ?? false,
    search: q.search,
    roleId: q.RoleId,
    languageId: q.LanguageId,
    gender: q.Gender,
    locationId: q.LocationId,
    workspaceId: q.WorkspaceId,
    page: q.page ?? 1,
    pageSize: q.pageSize ?? 10,
  });
  const ids = rows.map((r) => r.memberId);
  const [workspaces, languages, details] = await Promise.all([
    workspacesOfMembers(db, t.organizationId, ids),
    languagesOfMembers(db, t.organizationId, ids),
    detailsOfMembers(db, t.organizationId, ids),
  ]);
  return {
    members: rows.map((r) => ({
      id: r.userId,
      organizationMemberId: r.memberId,
      fullName: r.fullName,
      email: r.email,
      roles: rolesOf(r.roleId),
      workspaces: workspaces.get(r.memberId) ?? [],
      // What the member forms record: the admin User Management table's columns.
      gender: details.get(r.memberId)?.gender ?? null,
      location: details.get(r.memberId)?.location ?? null,
      languages: languages.get(r.memberId) ?? [],
      deletedAt: r.deletedAt ? new Date(r.deletedAt).toISOString() : null,
    })),
    totalSize: total,
  };
}
