// Member management (spec 001 sections 5 "Member forms", 6 and 7): adding a member (a new
// account with an e-mailed set-password link, or an existing user attached to the organization),
// editing one, the project members table, and setting the first password from the invitation.
//
// Rules the server enforces, whatever the form offered: the caller may give only the roles of
// `rolesAddableBy`; one membership (so one role) per organization and e-mail; nobody changes their own
// role; a project role reaches only members and projects of its own projects.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isStrongPassword, isValidEmail } from '../../engine/validation/account';
import { rolesAddableBy, type AddMemberBody, type EditMemberBody, type ProjectMembersQuery } from '../../schemas/members';
import { roleById, type RoleName } from '../../schemas/roles';
import { hashPassword } from '../auth/passwords';
import * as mm from '../db/queries/memberManagement';
import { findProject } from '../db/queries/projects';
import { endAllSessions } from '../db/queries/sessions';
import { findUserByEmail, insertUser, markEmailConfirmed, setPasswordHash } from '../db/queries/users';
import { lockOrganization } from '../db/queries/workspaces';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import type { AccountDeps } from './accounts';
import { RULES, limit } from './accountLimits';
import { invitationMail } from './mailTemplates';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';

type Q = Kysely<DB>;

/** How long the e-mailed set-password link works. */
export const INVITATION_DAYS = 7;

/** The prefix of the password hash of an account whose owner has not set a password yet. */
export const UNSET_PASSWORD = 'unset:';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function mayGive(t: Tenant, roleId: number): RoleName {
  const role = roleById(roleId)?.name;
  if (!role || !t.roles.some((r) => rolesAddableBy[r].includes(role))) throw problem('memberRoleNotAllowed');
  return role;
}

async function checkReferences(
  q: Q,
  t: Tenant,
  m: { languages: readonly number[]; locationId: number; workspaceIds?: readonly string[] | undefined },
) {
  const langs = await mm.existingIds(q, 'languages', m.languages);
  if (langs.size !== m.languages.length) throw problem('validation', { errors: ["'languages' is not valid"] });
  if (!(await mm.existingIds(q, 'countries', [m.locationId])).size) throw problem('validation', { errors: ["'locationId' is not valid"] });
  const ws = m.workspaceIds ?? [];
  if ((await mm.liveWorkspaceIds(q, t.organizationId, ws)).size !== ws.length) throw problem('notFound');
}

/** The project named by the project and enumerators pages, within the caller's projects. */
async function projectOf(q: Q, t: Tenant, projectId: string | undefined) {
  if (!projectId) return undefined;
  const p = await findProject(q, { ...projectScopeOf(t), id: projectId });
  if (!p) throw problem('notFound');
  return p;
}

export async function add(deps: AccountDeps, t: Tenant, body: AddMemberBody): Promise<{ organizationMemberId: string; invited: boolean }> {
  const email = body.email.trim();
  if (!isValidEmail(email)) throw problem('invalidEmail');
  const roleId = mayGive(t, body.roleId) && body.roleId;
  // Only the admin page chooses workspaces; elsewhere the member joins the project (and its workspace).
  if (!body.projectId && !body.workspaceIds?.length) throw problem('validation', { errors: ["'workspaceIds' must have at least 1 item"] });
  const fullName = body.fullName.trim();
  if (!fullName) throw problem('validation', { errors: ["'fullName' is required"] });

  const result = await deps.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, t.organizationId);
    await checkReferences(trx, t, body);
    const project = await projectOf(trx, t, body.projectId);
    const existing = await mm.membershipByEmail(trx, t.organizationId, email);
    if (existing) {
      // Already a member: the project page may bring them into this project, in the role they hold.
      if (!project || existing.deletedAt || existing.roleId !== roleId || (await mm.liveProjectMembership(trx, project.id, existing.id)))
        throw problem('memberExists');
      await mm.joinProject(trx, t.organizationId, project.id, existing.id);
      await mm.joinWorkspaces(trx, t.organizationId, existing.id, [project.workspaceId]);
      return { organizationMemberId: existing.id, userId: existing.userId, newUser: false, joinedOnly: true };
    }
    const limitN = await mm.membersLimit(trx, t.organizationId);
    if (limitN > 0 && (await mm.countLiveMembers(trx, t.organizationId)) >= limitN) throw problem('memberLimit');
    const user = await findUserByEmail(trx, email);
    // A new account gets a password nobody knows (a hash of random bytes) until the invitation sets one.
    const userId =
      user?.id ??
      (await insertUser(trx, {
        email,
        fullName,
        phoneNumber: null,
        passwordHash: `${UNSET_PASSWORD}${randomBytes(24).toString('hex')}`,
        countryId: body.locationId,
      }));
    const memberId = await mm.insertMembership(trx, {
      organizationId: t.organizationId,
      userId,
      roleId,
      gender: body.gender,
      locationId: body.locationId,
    });
    await mm.setMemberLanguages(trx, t.organizationId, memberId, body.languages);
    await mm.joinWorkspaces(trx, t.organizationId, memberId, [
      ...new Set([...(body.workspaceIds ?? []), ...(project ? [project.workspaceId] : [])]),
    ]);
    if (project) await mm.joinProject(trx, t.organizationId, project.id, memberId);
    return { organizationMemberId: memberId, userId, newUser: !user || user.password_hash.startsWith(UNSET_PASSWORD), joinedOnly: false };
  });

  if (!result.joinedOnly) await invite(deps, t.organizationId, { userId: result.userId, email, fullName }, result.newUser);
  // The user's id is not answered: the e-mail may be an account of another organization's member.
  return { organizationMemberId: result.organizationMemberId, invited: !result.joinedOnly };
}

/** E-mails the invitation: a set-password link for a new account, a sign-in link for an existing one. */
async function invite(
  deps: AccountDeps,
  organizationId: string,
  user: { userId: string; email: string; fullName: string },
  newUser: boolean,
): Promise<void> {
  const org = await deps.db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
  let link = `${deps.config.publicUrl}/auth/login`;
  if (newUser) {
    const token = randomBytes(32).toString('base64url');
    await mm.insertInvitation(deps.db, {
      userId: user.userId,
      organizationId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    });
    link = `${deps.config.publicUrl}/auth/set-password?token=${token}`;
  }
  // A mail that fails is in the outbox with its error; the member is added all the same.
  await deps.mailer
    .send({
      to: user.email,
      ...invitationMail({ fullName: user.fullName, organizationName: org.name, link, newUser, days: INVITATION_DAYS }),
    })
    .catch(() => undefined);
}

export async function edit(db: Q, t: Tenant, body: EditMemberBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const m = await mm.memberById(trx, t.organizationId, body.id);
    if (!m || !(await mm.memberInScope(trx, projectScopeOf(t), m.id))) throw problem('notFound');
    if (m.id === t.memberId) {
      if (body.roleId !== m.roleId) throw problem('ownRoleChange');
    } else {
      // Editing someone is for those who could have added them in their current role, and their new one.
      mayGive(t, m.roleId);
      mayGive(t, body.roleId);
    }
    await checkReferences(trx, t, body);
    const fullName = body.fullName.trim();
    if (!fullName) throw problem('validation', { errors: ["'fullName' is required"] });
    await mm.updateMembership(trx, t.organizationId, m.id, { roleId: body.roleId, gender: body.gender, locationId: body.locationId });
    // The name is the person's account, which other organizations see too: it changes here only while the
    // person belongs to this organization alone (otherwise one organization would rename another's member).
    if (fullName !== m.fullName) {
      if (await mm.belongsElsewhere(trx, t.organizationId, m.userId)) throw problem('memberNameShared');
      await mm.setFullName(trx, m.userId, fullName);
    }
    await mm.setMemberLanguages(trx, t.organizationId, m.id, body.languages);
    if (body.workspaceIds?.length) {
      await mm.joinWorkspaces(trx, t.organizationId, m.id, body.workspaceIds);
      await mm.leaveOtherWorkspaces(trx, t.organizationId, m.id, body.workspaceIds);
    }
  });
}

/** One member for the edit and preview dialogs (Members/getById; not in the spec, which reuses the row). */
export async function detail(db: Q, t: Tenant, memberId: string) {
  const m = await mm.memberDetail(db, t.organizationId, memberId);
  if (!m || !(await mm.memberInScope(db, projectScopeOf(t), m.id))) throw problem('notFound');
  const languages = (await mm.languagesOfMembers(db, t.organizationId, [m.id])).get(m.id) ?? [];
  return {
    id: m.id,
    fullName: m.fullName,
    email: m.email,
    roleId: m.roleId,
    role: roleById(m.roleId)?.name ?? '',
    gender: m.gender,
    locationId: m.locationId,
    location: m.location,
    languages: languages.map((l) => l.id),
    selectedLanguages: languages,
    workspaceIds: m.workspaces.map((w) => w.id),
    workspaces: m.workspaces,
    isSelf: m.id === t.memberId,
  };
}

export async function projectMembers(db: Q, t: Tenant, projectId: string, q: ProjectMembersQuery) {
  if (!(await findProject(db, { ...projectScopeOf(t), id: projectId }))) throw problem('notFound');
  const { rows, total } = await mm.listProjectMembers(db, {
    organizationId: t.organizationId,
    projectId,
    deleted: q.isDeleted ?? false,
    search: q.Search,
    roleId: q.RoleId,
    languageId: q.LanguageId,
    gender: q.Gender,
    locationId: q.LocationId,
    page: q.Page ?? 1,
    pageSize: q.PageSize ?? 10,
  });
  const langs = await mm.languagesOfMembers(
    db,
    t.organizationId,
    rows.map((r) => r.memberId),
  );
  return {
    members: rows.map((r) => ({
      memberId: r.userId,
      projectMemberId: r.projectMemberId,
      organizationMemberId: r.memberId,
      name: r.name,
      email: r.email,
      gender: r.gender,
      location: r.location,
      locationId: r.locationId,
      role: roleById(r.roleId)?.name ?? '',
      roleId: r.roleId,
      selectedLanguages: langs.get(r.memberId) ?? [],
      deletedAt: r.deletedAt ? new Date(r.deletedAt).toISOString() : null,
    })),
    totalSize: total,
  };
}

/** The invitation link: sets the first password, confirms the e-mail, works once and until it expires. */
export async function acceptInvitation(
  deps: AccountDeps,
  input: { token: string; newPassword: string; confirmPassword: string; ip: string },
): Promise<void> {
  await limit(deps.db, `invite:ip:${input.ip}`, RULES.resetsPerAddress);
  if (input.newPassword !== input.confirmPassword) throw problem('passwordMismatch');
  if (!isStrongPassword(input.newPassword)) throw problem('weakPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await deps.db.transaction().execute(async (trx) => {
    const id = await mm.consumeInvitation(trx, hashToken(input.token), new Date());
    if (!id) throw problem('invalidInvitation');
    await setPasswordHash(trx, id, passwordHash);
    await markEmailConfirmed(trx, id);
    return id;
  });
  await endAllSessions(deps.db, userId);
}
