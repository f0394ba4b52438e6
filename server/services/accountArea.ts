// The account area's data: the profile picture, closing an account or an organization, and
// the account summary's statistics (spec 000 sections 2, 3, 5, 7).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DashboardStatistics, DashboardStatisticsQuery, DeleteAccountBody } from '../../schemas/accountArea';
import { OTHER_DEACTIVATE_REASON, OTHER_DELETE_REASON } from '../../schemas/accountArea';
import { roleByName } from '../../schemas/roles';
import { setMembersDeleted, setOrganizationDeactivated } from '../db/queries/orgMembers';
import { currentSubscription } from '../db/queries/organizations';
import { endAllSessions } from '../db/queries/sessions';
import type { DB } from '../db/schema';
import type { Storage } from '../plugins/storage';
import { problem } from '../problems';
import type { Tenant } from './recycleBin';

type Q = Kysely<DB>;

/** The picture's address: its version (the random part of its storage key) makes it unguessable and uncached across changes. */
export function profilePictureUrl(userId: string, key: string | null): string | null {
  const version = key?.match(/\/([0-9a-f-]{36})\.[a-z]+$/)?.[1];
  return version ? `/api/FileData/profilePicture/${userId}/${version}` : null;
}

export async function setProfilePicture(
  db: Q,
  storage: Storage,
  userId: string,
  picture: { bytes: Buffer; extension: 'png' | 'jpg' } | null,
): Promise<string | null> {
  const old = await db.selectFrom('users').select('profile_picture_key').where('id', '=', userId).executeTakeFirst();
  let key: string | null = null;
  if (picture) {
    // Filed under the user (not an organization): the picture is the person's, seen in each of their organizations.
    key = storage.newKey(userId, picture.extension);
    await storage.put(key, picture.bytes);
  }
  await db.updateTable('users').set({ profile_picture_key: key }).where('id', '=', userId).execute();
  if (old?.profile_picture_key) await storage.remove(old.profile_picture_key).catch(() => undefined);
  return profilePictureUrl(userId, key);
}

export async function profilePicture(db: Q, userId: string, version: string): Promise<{ key: string; contentType: string }> {
  const row = await db.selectFrom('users').select('profile_picture_key').where('id', '=', userId).executeTakeFirst();
  const key = row?.profile_picture_key;
  if (!key || profilePictureUrl(userId, key) !== `/api/FileData/profilePicture/${userId}/${version}`) throw problem('notFound');
  return { key, contentType: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

/**
 * Deletes (option 1) or deactivates (option 2). The owner (Organization role) acts on the whole
 * organization (spec 000 section 5); anyone else on their own membership only. A deleted membership goes
 * to the admins' recycle bin (purged after 60 days); a deleted organization is marked deleted, which
 * closes it for every member. Every session of the caller ends; the page signs out.
 */
export async function closeAccount(db: Q, t: Tenant, option: 1 | 2, body: DeleteAccountBody): Promise<'Organization' | 'User'> {
  const other = option === 1 ? OTHER_DELETE_REASON : OTHER_DEACTIVATE_REASON;
  if (option === 2 && body.reason > OTHER_DEACTIVATE_REASON)
    throw problem('validation', { errors: ["'reason' is not a reason to deactivate"] });
  const custom = body.customReason?.trim() ?? '';
  if (body.reason === other && !custom) throw problem('validation', { errors: ["'customReason' Please type something here"] });
  const feedback = body.feedback.trim();
  if (!feedback) throw problem('validation', { errors: ["'feedback' is required"] });
  const wholeOrganization = t.roles.includes('Organization');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('account_closures')
      .values({
        organization_id: t.organizationId,
        user_id: t.userId,
        whole_organization: wholeOrganization,
        option,
        reason: body.reason,
        custom_reason: custom || null,
        feedback,
      })
      .execute();
    if (wholeOrganization) {
      if (option === 1) await trx.updateTable('organizations').set({ deleted_at: new Date() }).where('id', '=', t.organizationId).execute();
      else await setOrganizationDeactivated(trx, t.organizationId, new Date());
    } else await setMembersDeleted(trx, t.organizationId, [t.memberId], new Date(), option === 2);
  });
  await endAllSessions(db, t.userId);
  return wholeOrganization ? 'Organization' : 'User';
}

/** The months a period covers: a month, a year, or (no year) the organization's life so far. */
function period(q: DashboardStatisticsQuery, since: Date, now: Date): { from: Date; to: Date; months: number } {
  if (q.year && q.month) return { from: new Date(Date.UTC(q.year, q.month - 1, 1)), to: new Date(Date.UTC(q.year, q.month, 1)), months: 1 };
  if (q.year) return { from: new Date(Date.UTC(q.year, 0, 1)), to: new Date(Date.UTC(q.year + 1, 0, 1)), months: 12 };
  if (q.month) {
    // A month without a year: that month of the current year.
    const y = now.getUTCFullYear();
    return { from: new Date(Date.UTC(y, q.month - 1, 1)), to: new Date(Date.UTC(y, q.month, 1)), months: 1 };
  }
  const months = Math.max(1, (now.getUTCFullYear() - since.getUTCFullYear()) * 12 + now.getUTCMonth() - since.getUTCMonth() + 1);
  return { from: since, to: new Date(now.getTime() + 1000), months };
}

const GB = 1024 ** 3;

export async function dashboardStatistics(db: Q, t: Tenant, q: DashboardStatisticsQuery, now = new Date()): Promise<DashboardStatistics> {
  if (q.organizationId.toLowerCase() !== t.organizationId) throw problem('notFound');
  const org = t.organizationId;
  const ws = q.workspaceId?.toLowerCase();
  if (
    ws &&
    !(await db
      .selectFrom('workspaces')
      .select('id')
      .where('organization_id', '=', org)
      .where('id', '=', ws)
      .where('deleted_at', 'is', null)
      .executeTakeFirst())
  ) {
    throw problem('notFound');
  }
  const organization = await db.selectFrom('organizations').select('created_at').where('id', '=', org).executeTakeFirstOrThrow();
  const p = period(q, new Date(organization.created_at), now);
  const liveProjects = db
    .selectFrom('projects')
    .select('id')
    .where('organization_id', '=', org)
    .where('deleted_at', 'is', null)
    .$if(ws !== undefined, (b) => b.where('workspace_id', '=', ws!));
  const collector = roleByName('DataCollector')!.id;
  const [sub, workspaces, projects, surveys, respondents, enumerators, stored] = await Promise.all([
    currentSubscription(db, org),
    db
      .selectFrom('workspaces')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', org)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', org)
      .where('deleted_at', 'is', null)
      .$if(ws !== undefined, (b) => b.where('workspace_id', '=', ws!))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('surveys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', org)
      .where('deleted_at', 'is', null)
      .where('project_id', 'in', liveProjects)
      .where('created_at', '>=', p.from)
      .where('created_at', '<', p.to)
      .executeTakeFirstOrThrow(),
    // Respondents served: the distinct people submissions were made for, not the submissions.
    db
      .selectFrom('submissions as s')
      .innerJoin('surveys as v', 'v.id', 's.survey_id')
      .select((eb) => eb.fn.count<string>('s.beneficiary_id').distinct().as('n'))
      .where('s.organization_id', '=', org)
      .where('s.deleted_at', 'is', null)
      .where('s.beneficiary_id', 'is not', null)
      .where('v.project_id', 'in', liveProjects)
      .where('s.submitted_at', '>=', p.from)
      .where('s.submitted_at', '<', p.to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('organization_members as m')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('m.organization_id', '=', org)
      .where('m.deleted_at', 'is', null)
      .where('m.role_id', '=', collector)
      .$if(ws !== undefined, (b) =>
        b.where(
          'm.id',
          'in',
          db
            .selectFrom('workspace_members')
            .select('member_id')
            .where('organization_id', '=', org)
            .where('workspace_id', '=', ws!)
            .where('deleted_at', 'is', null),
        ),
      )
      .executeTakeFirstOrThrow(),
    // Storage is the organization's, whatever the filters: the plan limits it as a whole.
    sql<{ n: string | null }>`select
        coalesce((select sum(size_bytes) from submission_files where organization_id = ${org}), 0)
      + coalesce((select sum(size_bytes) from survey_media where organization_id = ${org}), 0)
      + coalesce((select sum(size) from ticket_attachments where organization_id = ${org}), 0) as n`.execute(db),
  ]);
  const plan = sub
    ? await db.selectFrom('plans').select(['workspace_limit', 'database_limit']).where('id', '=', sub.plan_id).executeTakeFirst()
    : undefined;
  const usedBytes = Number(stored.rows[0]?.n ?? 0);
  const limitGb = plan?.database_limit ?? 0;
  const round1 = (x: number) => Math.round(x * 10) / 10;
  return {
    workspaceLimit: plan?.workspace_limit ?? 0,
    currentWorkspaces: Number(workspaces.n),
    totalSurveys: round1(Number(surveys.n) / p.months),
    totalBeneficiaries: round1(Number(respondents.n) / p.months),
    totalEnumerators: Number(enumerators.n),
    totalProjects: Number(projects.n),
    dataUsedPercentage: limitGb > 0 ? Math.min(100, round1((usedBytes / (limitGb * GB)) * 100)) : 0,
    dataUsageLimit: limitGb,
    dataUsedBytes: usedBytes,
  };
}
