// The purge of the recycle bin: everything deleted more than RECYCLE_BIN_DAYS ago goes for good, in
// every organization. The scheduled job calls this; tests call it directly with their own clock.
import type { Kysely } from 'kysely';
import { RECYCLE_BIN_DAYS } from '../../../schemas/recycleBin';
import { roleByName } from '../../../schemas/roles';
import type { DB } from '../schema';

const OWNER_ROLE_ID = roleByName('Organization')!.id;

export interface PurgeResult {
  beneficiaries: number;
  beneficiaryTables: number;
  tasks: number;
  messagingTasks: number;
  surveys: number;
  projects: number;
  workspaces: number;
  organizationMembers: number;
  workspaceMembers: number;
  projectMembers: number;
}

export async function purgeExpired(db: Kysely<DB>, now: Date = new Date(), days: number = RECYCLE_BIN_DAYS): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return db.transaction().execute(async (trx) => {
    const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
    // Children first, so each count says what the bin held, not what a cascade took with it.
    const beneficiaries = n(await trx.deleteFrom('beneficiaries').where('deleted_at', '<', cutoff).executeTakeFirst());
    const beneficiaryTables = n(await trx.deleteFrom('beneficiary_tables').where('deleted_at', '<', cutoff).executeTakeFirst());
    const tasks = n(await trx.deleteFrom('tasks').where('deleted_at', '<', cutoff).executeTakeFirst());
    const messagingTasks = n(await trx.deleteFrom('messaging_tasks').where('deleted_at', '<', cutoff).executeTakeFirst());
    const surveys = n(await trx.deleteFrom('surveys').where('deleted_at', '<', cutoff).executeTakeFirst());
    const projectMembers = n(await trx.deleteFrom('project_members').where('deleted_at', '<', cutoff).executeTakeFirst());
    const workspaceMembers = n(await trx.deleteFrom('workspace_members').where('deleted_at', '<', cutoff).executeTakeFirst());
    const projects = n(await trx.deleteFrom('projects').where('deleted_at', '<', cutoff).executeTakeFirst());
    const workspaces = n(await trx.deleteFrom('workspaces').where('deleted_at', '<', cutoff).executeTakeFirst());
    // The owner's membership never sits in the bin (deactivating acts on the organization), but a
    // purge must not be the thing that orphans an organization if one ever does.
    const organizationMembers = n(
      await trx
        .deleteFrom('organization_members')
        .where('deleted_at', '<', cutoff)
        .where('role_id', '<>', OWNER_ROLE_ID)
        .executeTakeFirst(),
    );
    return {
      beneficiaries,
      beneficiaryTables,
      tasks,
      messagingTasks,
      surveys,
      projects,
      workspaces,
      organizationMembers,
      workspaceMembers,
      projectMembers,
    };
  });
}
