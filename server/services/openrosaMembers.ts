// A member's own account on ODK Collect or KoboCollect: the server address
// {PUBLIC_URL}/openrosa/projects/{projectId} with the member's e-mail and password, sent with HTTP Basic
// (docs/openrosa.md). The member is then a device of that project as an app user is: a data collector
// fills the surveys of their open tasks there, and their submissions complete those tasks; the roles that
// fill in person (the admin roles anywhere, the project roles in their projects) fill the project's
// deployed surveys, in their own name. A guest collects nothing.
//
// Collect sends the credentials with every request, so a verified password is remembered for a few
// minutes (keyed by an HMAC of it under a key of this process, against the stored hash it matched: a
// changed password is checked afresh). Wrong passwords slow down as sign-in's do, by the same counts.
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ADMIN_ROLES, roleById, type RoleName } from '../../schemas/roles';
import { verifyPassword } from '../auth/passwords';
import { findMembership } from '../db/queries/memberships';
import { projectsOfMember } from '../db/queries/projectScope';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { userOfPassword } from './accounts';
import type { Device } from './appUsers';

const REMEMBERED_MS = 5 * 60_000;
const REMEMBERED_MAX = 2_000;
const processKey = randomBytes(32);
const remembered = new Map<string, { passwordHash: string; until: number }>();

/** The e-mail and password of an `Authorization: Basic …` header, or undefined when there is none. */
export function basicCredentials(header: string | undefined): { email: string; password: string } | undefined {
  const m = /^Basic ([A-Za-z0-9+/=]{1,1400})$/i.exec(header?.trim() ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { email: decoded.slice(0, colon).trim().toLowerCase(), password: decoded.slice(colon + 1) };
}

/** Whether the password is the user's: 'remembered' from a check a few minutes ago, 'verified' now. */
async function passwordHolds(userId: string, passwordHash: string, password: string): Promise<'remembered' | 'verified' | false> {
  const now = Date.now();
  const key = `${userId}:${createHmac('sha256', processKey).update(password).digest('base64')}`;
  const hit = remembered.get(key);
  if (hit && hit.passwordHash === passwordHash && hit.until > now) return 'remembered';
  if (!(await verifyPassword(passwordHash, password))) return false;
  if (remembered.size >= REMEMBERED_MAX) {
    for (const [k, v] of remembered) if (v.until <= now) remembered.delete(k);
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
  }
  remembered.set(key, { passwordHash, until: now + REMEMBERED_MS });
  return 'verified';
}

/**
 * The member behind the credentials, as a device of the project: undefined when the credentials are
 * wrong (the caller answers 401 with the challenge); a 404 when the member cannot collect in that project.
 */
export async function memberDevice(
  db: Kysely<DB>,
  input: { projectId: string; email: string; password: string; ip: string },
): Promise<Device | undefined> {
  const user = await userOfPassword(db, input, (u, password) => passwordHolds(u.id, u.password_hash, password));
  if (!user) return undefined;
  if (!user.email_confirmed_at) throw problem('emailNotConfirmed');

  const project = await db
    .selectFrom('projects')
    .select(['id', 'organization_id', 'name'])
    .where('id', '=', input.projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const m = project && (await findMembership(db, user.id, project.organization_id));
  if (!project || !m || m.organizationDeactivated) throw problem('notFound');
  const role = roleById(m.roleId)?.name as RoleName | undefined;
  if (role === undefined || role === 'Guest') throw problem('notFound');
  const admin = (ADMIN_ROLES as readonly RoleName[]).includes(role);
  if (!admin && role !== 'DataCollector') {
    const reaches = await projectsOfMember(db, project.organization_id, m.memberId).where('rp.id', '=', project.id).executeTakeFirst();
    if (!reaches) throw problem('notFound');
  }
  return {
    id: `member:${m.memberId}`,
    organizationId: project.organization_id,
    projectId: project.id,
    projectName: project.name,
    collectorId: role === 'DataCollector' ? m.memberId : null,
    collectorUserId: user.id,
  };
}
