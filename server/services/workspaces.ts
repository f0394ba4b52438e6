// Workspaces: the cards of /workspace and /admin-workspaces, the add and edit forms, and the plan's
// workspace limit (spec 000 sections 2, 7 and 8).
import type { Kysely } from 'kysely';
import { entityTypes } from '../../schemas/entityTypes';
import { recycleBinRoles } from '../../schemas/recycleBin';
import { ADMIN_ROLES, hasAnyRole } from '../../schemas/roles';
import type { AddWorkspaceBody, EditWorkspaceBody, ListQuery } from '../../schemas/workspaces';
import {
  countLiveWorkspaces,
  findWorkspace,
  insertWorkspace,
  listWorkspaces,
  lockOrganization,
  planLimits,
  updateWorkspace,
  type WorkspaceRow,
} from '../db/queries/workspaces';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import type { Tenant } from './recycleBin';

type Q = Kysely<DB>;

/** Admin roles see every workspace of the organization; others the ones they are a member of. */
export const workspaceScope = (t: Tenant) => ({
  organizationId: t.organizationId,
  memberId: hasAnyRole(t.roles, ADMIN_ROLES) ? undefined : t.memberId,
});

export const toWorkspace = (w: WorkspaceRow) => ({
  id: w.id,
  name: w.name,
  description: w.description,
  deletedAt: w.deletedAt ? new Date(w.deletedAt).toISOString() : null,
});

export async function list(db: Q, t: Tenant, q: ListQuery) {
  const deleted = q.isDeleted ?? false;
  if (deleted && !hasAnyRole(t.roles, recycleBinRoles[entityTypes.Workspace])) throw problem('forbidden');
  const { rows, total } = await listWorkspaces(db, {
    ...workspaceScope(t),
    deleted,
    search: q.search,
    page: q.page ?? 1,
    pageSize: q.pageSize ?? 10,
  });
  return { workspaces: rows.map(toWorkspace), totalSize: total };
}

export async function getById(db: Q, t: Tenant, id: string) {
  const w = await findWorkspace(db, { ...workspaceScope(t), id });
  if (!w) throw problem('notFound');
  return toWorkspace(w);
}

function cleanName(name: string | undefined): string {
  const n = name?.trim();
  if (!n) throw problem('workspaceNameRequired');
  return n;
}

export async function add(db: Q, t: Tenant, body: AddWorkspaceBody): Promise<string> {
  const name = cleanName(body.name);
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, t.organizationId);
    const { workspaceLimit } = await planLimits(trx, t.organizationId);
    if (workspaceLimit > 0 && (await countLiveWorkspaces(trx, t.organizationId)) >= workspaceLimit) throw problem('workspaceLimit');
    return insertWorkspace(trx, {
      organizationId: t.organizationId,
      name,
      description: body.description?.trim() ?? '',
      createdBy: t.userId,
      creatorMemberId: t.memberId,
    });
  });
}

export async function edit(db: Q, t: Tenant, body: EditWorkspaceBody): Promise<void> {
  const name = cleanName(body.name);
  if (!(await updateWorkspace(db, t.organizationId, body.id, { name, description: body.description?.trim() ?? '' })))
    throw problem('notFound');
}
