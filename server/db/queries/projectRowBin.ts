// The recycle bin's statements for rows that belong to one project and are soft-deleted in place (Task 15,
// MessagingTask 16, Target 13): one definition for every such table, scoped to the organization and, for project
// roles, to the caller's projects.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { projectsOfMember, type ProjectScope } from './projectScope';

type Q = Kysely<DB>;

/** Tables with id, organization_id, project_id and deleted_at. */
export type ProjectRowTable = 'tasks' | 'messaging_tasks' | 'targets';

export function projectRowBin(table: ProjectRowTable) {
  // Both tables have the columns used below; Kysely types the statements by one of them.
  const t = table as 'tasks';
  return {
    async byId(q: Q, scope: ProjectScope, ids: readonly string[]) {
      if (!ids.length) return [];
      return q
        .selectFrom(t)
        .select(['id', 'deleted_at as deletedAt'])
        .where('organization_id', '=', scope.organizationId)
        .where('id', 'in', ids)
        .$if(scope.memberId !== undefined, (b) => b.where('project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
        .execute();
    },
    async binnedIds(q: Q, scope: ProjectScope, projectId: string | undefined): Promise<string[]> {
      const rows = await q
        .selectFrom(t)
        .select('id')
        .where('organization_id', '=', scope.organizationId)
        .where('deleted_at', 'is not', null)
        .$if(projectId !== undefined, (b) => b.where('project_id', '=', projectId!))
        .$if(scope.memberId !== undefined, (b) => b.where('project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
        .execute();
      return rows.map((r) => r.id);
    },
    async setDeleted(q: Q, organizationId: string, ids: readonly string[], at: Date | null): Promise<void> {
      if (!ids.length) return;
      await q.updateTable(t).set({ deleted_at: at }).where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
    },
    async purge(q: Q, organizationId: string, ids: readonly string[]): Promise<void> {
      if (!ids.length) return;
      await q
        .deleteFrom(t)
        .where('organization_id', '=', organizationId)
        .where('id', 'in', ids)
        .where('deleted_at', 'is not', null)
        .execute();
    },
  };
}
