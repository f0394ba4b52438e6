// App users (schemas/appUsers.ts, docs/openrosa.md): a project's ODK Collect devices. A manager of the
// project creates one (optionally for one of its data collectors), sees the token once with the server
// address and Collect's QR settings, lists them with their last use, and revokes them. Only the token's
// SHA-256 is stored. A request of a device (server/routes/openrosa.ts) finds its app user by the token
// and is then confined to that app user's project.
import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { MAX_APP_USERS, type AppUser, type AppUsersQuery, type CollectSettings, type CreateAppUserBody } from '../../schemas/appUsers';
import { findProject } from '../db/queries/projects';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';

type Q = Kysely<DB>;

/** The app user tokens' prefix: a token found in a log or a paste says what it is. */
export const APP_USER_TOKEN_PREFIX = 'fso_';
const TOKEN = /^fso_[A-Za-z0-9_-]{43}$/;

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The address a device is set to; Collect appends /formList and /submission. */
export const serverUrlOf = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/+$/, '')}/openrosa/key/${token}`;

/** ODK Collect's QR code: the settings JSON, zlib-deflated, in base64. */
export function collectSettings(serverUrl: string, projectName: string): { settings: CollectSettings; qrCode: string } {
  const settings: CollectSettings = {
    general: { server_url: serverUrl, form_update_mode: 'match_exactly' },
    admin: {},
    project: { name: projectName },
  };
  return { settings, qrCode: deflateSync(Buffer.from(JSON.stringify(settings), 'utf8')).toString('base64') };
}

interface Row {
  id: string;
  project_id: string;
  name: string;
  collector_id: string | null;
  collector_name: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const out = (r: Row): AppUser => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  dataCollectorId: r.collector_id,
  dataCollectorName: r.collector_name,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  revokedAt: r.revoked_at?.toISOString() ?? null,
});

function rows(db: Q, organizationId: string) {
  return db
    .selectFrom('app_users as a')
    .leftJoin('organization_members as m', (j) =>
      j.onRef('m.id', '=', 'a.collector_id').onRef('m.organization_id', '=', 'a.organization_id'),
    )
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'a.id',
      'a.project_id',
      'a.name',
      'a.collector_id',
      'u.full_name as collector_name',
      'a.created_at',
      'a.last_used_at',
      'a.revoked_at',
    ])
    .where('a.organization_id', '=', organizationId);
}

async function projectOf(db: Q, t: Tenant, projectId: string) {
  const project = await findProject(db, { ...projectScopeOf(t), id: projectId });
  if (!project) throw problem('notFound');
  return project;
}

export async function createAppUser(db: Q, t: Tenant, publicUrl: string, body: CreateAppUserBody) {
  const project = await projectOf(db, t, body.projectId);
  const collectorId = body.dataCollectorId ?? null;
  if (collectorId !== null) {
    // A collector of this project, in this organization, still a member.
    const member = await db
      .selectFrom('project_members as pm')
      .innerJoin('organization_members as m', (j) =>
        j.onRef('m.id', '=', 'pm.member_id').onRef('m.organization_id', '=', 'pm.organization_id'),
      )
      .select('m.id')
      .where('pm.organization_id', '=', t.organizationId)
      .where('pm.project_id', '=', body.projectId)
      .where('pm.member_id', '=', collectorId)
      .where('pm.deleted_at', 'is', null)
      .where('m.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw problem('validation', { errors: ["'dataCollectorId': not a member of this project"] });
  }
  const live = await db
    .selectFrom('app_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', t.organizationId)
    .where('project_id', '=', body.projectId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= MAX_APP_USERS)
    throw problem('validation', { errors: [`'name': at most ${MAX_APP_USERS} app users per project; revoke one first`] });
  const token = `${APP_USER_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const { id } = await db
    .insertInto('app_users')
    .values({
      organization_id: t.organizationId,
      project_id: body.projectId,
      name: body.name.trim() || body.name,
      collector_id: collectorId,
      token_hash: tokenHash(token),
      created_by: t.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await rows(db, t.organizationId).where('a.id', '=', id).executeTakeFirstOrThrow();
  const serverUrl = serverUrlOf(publicUrl, token);
  return { ...out(row), token, serverUrl, ...collectSettings(serverUrl, project.name) };
}

export async function listAppUsers(db: Q, t: Tenant, q: AppUsersQuery) {
  await projectOf(db, t, q.projectId);
  const size = q.PageSize ?? 50;
  const base = rows(db, t.organizationId).where('a.project_id', '=', q.projectId);
  const [count, page] = await Promise.all([
    db
      .selectFrom('app_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', t.organizationId)
      .where('project_id', '=', q.projectId)
      .executeTakeFirstOrThrow(),
    base
      .orderBy('a.revoked_at', (ob) => ob.desc().nullsFirst())
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id')
      .offset(((q.Page ?? 1) - 1) * size)
      .limit(size)
      .execute(),
  ]);
  return { totalSize: Number(count.n), appUsers: page.map(out) };
}

/** Revokes an app user of a project the caller manages (again: no change); another's is not found. */
export async function revokeAppUser(db: Q, t: Tenant, id: string): Promise<AppUser> {
  const found = await rows(db, t.organizationId).where('a.id', '=', id).executeTakeFirst();
  if (!found) throw problem('notFound');
  await projectOf(db, t, found.project_id);
  if (found.revoked_at === null) {
    await db
      .updateTable('app_users')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('organization_id', '=', t.organizationId)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return out(await rows(db, t.organizationId).where('a.id', '=', id).executeTakeFirstOrThrow());
}

/** A device's app user by its token: live, with its project and, when tied to one, its collector's user. */
export interface Device {
  id: string;
  organizationId: string;
  projectId: string;
  projectName: string;
  collectorId: string | null;
  collectorUserId: string | null;
}

export async function deviceOf(db: Q, token: string): Promise<Device | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom('app_users as a')
    .innerJoin('projects as p', (j) => j.onRef('p.id', '=', 'a.project_id').onRef('p.organization_id', '=', 'a.organization_id'))
    .leftJoin('organization_members as m', (j) =>
      j.onRef('m.id', '=', 'a.collector_id').onRef('m.organization_id', '=', 'a.organization_id').on('m.deleted_at', 'is', null),
    )
    .select(['a.id', 'a.organization_id', 'a.project_id', 'p.name as project_name', 'a.collector_id', 'm.user_id', 'a.last_used_at'])
    .where('a.token_hash', '=', tokenHash(token))
    .where('a.revoked_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  // A collector who left the organization takes the device's access with them.
  if (row.collector_id !== null && row.user_id === null) return undefined;
  // The last use to the minute: one write a minute per device at most, not one per request.
  const now = new Date();
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > 60_000)
    await db.updateTable('app_users').set({ last_used_at: now }).where('id', '=', row.id).execute();
  return {
    id: row.id,
    organizationId: row.organization_id,
    projectId: row.project_id,
    projectName: row.project_name,
    collectorId: row.collector_id,
    collectorUserId: row.user_id,
  };
}
