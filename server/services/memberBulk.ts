// Bulk upload of members (spec 001 section 5 "Bulk upload"): the two template workbooks, and adding the
// rows the browser read from the user's workbook. The workbook itself is read in the uploader's browser
// (engine/validation/memberRows.ts), so no user-supplied archive is ever inflated on the server; what
// arrives here is JSON, bounded by the route (1,000 rows, 1 MB).
//
// The rows go in set by set (one statement per table, not one transaction per row: 1,000 rows in well
// under the 3 s an upload may take), under the same rules as one member added by hand: the roles the caller may
// give, known languages, locations, workspaces and projects, one membership per e-mail, the plan's
// member limit. A row that breaks one is reported with the reason and the others go in. Unlike one
// member added by hand, a row naming someone already in the organization is refused, not moved into the
// project: a file is not the place to change who works where.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isValidEmail } from '../../engine/validation/account';
import { MEMBER_COLUMNS, MEMBER_SHEET, ROLES_SHEET } from '../../engine/validation/memberRows';
import { roleOptionsFor, type AddMemberBody } from '../../schemas/members';
import { problems, type ProblemCode } from '../../schemas/problems';
import * as mm from '../db/queries/memberManagement';
import { findProject } from '../db/queries/projects';
import { lockOrganization } from '../db/queries/workspaces';
import type { DB } from '../db/schema';
import { Problem } from '../problems';
import type { AccountDeps } from './accounts';
import { invitationMail } from './mailTemplates';
import { INVITATION_DAYS, UNSET_PASSWORD, hashToken, mayGive } from './memberManagement';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';

export type TemplateKind = 'users' | 'members';
/** The spec's file names: user members for the admin page, members for the project pages. */
export const TEMPLATE_FILES: Record<TemplateKind, string> = { users: 'Multiple_User_Members.xlsx', members: 'Multiple_Members.xlsx' };

export async function template(t: Tenant, kind: TemplateKind): Promise<{ fileName: string; bytes: Buffer }> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const members = wb.addWorksheet(MEMBER_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  members.addRow([...MEMBER_COLUMNS]);
  members.getRow(1).font = { bold: true };
  MEMBER_COLUMNS.forEach((_, i) => (members.getColumn(i + 1).width = 24));
  const roles = wb.addWorksheet(ROLES_SHEET);
  roles.addRow(['Role']);
  roles.getRow(1).font = { bold: true };
  // The roles this uploader may give on this page: a row with any other role is dropped.
  for (const r of roleOptionsFor(kind === 'users' ? 'admin' : 'project', t.roles)) roles.addRow([r]);
  roles.getColumn(1).width = 28;
  return { fileName: TEMPLATE_FILES[kind], bytes: Buffer.from(await wb.xlsx.writeBuffer()) };
}

export interface BulkResult {
  added: number;
  /** Each refused row: the catalogue's code with its message, or a message of its own (no code) when it names a detail. */
  failed: { email: string; message: string; code?: ProblemCode }[];
}

type Q = Kysely<DB>;
const CHUNK = 1000;

async function inChunks<T>(items: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) await write(items.slice(i, i + CHUNK));
}

const message = (code: ProblemCode, detail?: string) => detail ?? problems[code].message;

export async function addMany(deps: AccountDeps, t: Tenant, rows: readonly AddMemberBody[]): Promise<BulkResult> {
  const failed: BulkResult['failed'] = [];
  const refuse = (row: AddMemberBody, code: ProblemCode, detail?: string) =>
    void failed.push({ email: row.email, message: message(code, detail), ...(detail === undefined ? { code } : {}) });
  const accepted: AddMemberBody[] = [];
  for (const row of rows) {
    try {
      mayGive(t, row.roleId);
    } catch (err) {
      if (err instanceof Problem) refuse(row, err.code);
      continue;
    }
    if (!isValidEmail(row.email.trim())) refuse(row, 'invalidEmail');
    else if (!row.fullName.trim()) refuse(row, 'validation', "'fullName' is required");
    else if (!row.projectId && !row.workspaceIds?.length) refuse(row, 'validation', "'workspaceIds' must have at least 1 item");
    else accepted.push({ ...row, email: row.email.trim(), fullName: row.fullName.trim() });
  }

  const invited = await deps.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, t.organizationId);
    const ok = await checkAll(trx, t, accepted, refuse);
    if (!ok.length) return [];

    const users = await trx
      .selectFrom('users')
      .select(['id', 'email', 'password_hash'])
      .where(
        sql<string>`lower(email)`,
        'in',
        ok.map((r) => r.email.toLowerCase()),
      )
      .execute();
    const userByEmail = new Map(users.map((u) => [u.email.toLowerCase(), u]));
    const fresh = ok.filter((r) => !userByEmail.has(r.email.toLowerCase()));
    await inChunks(fresh, async (chunk) => {
      const made = await trx
        .insertInto('users')
        .values(
          chunk.map((r) => ({
            email: r.email,
            full_name: r.fullName,
            phone_number: null,
            password_hash: `${UNSET_PASSWORD}${randomBytes(24).toString('hex')}`,
            country_id: r.locationId,
            email_confirmed_at: null,
            gender: null,
            profile_picture_key: null,
          })),
        )
        .returning(['id', 'email', 'password_hash'])
        .execute();
      for (const u of made) userByEmail.set(u.email.toLowerCase(), u);
    });

    const memberIds: string[] = [];
    await inChunks(ok, async (chunk) => {
      const made = await trx
        .insertInto('organization_members')
        .values(
          chunk.map((r) => ({
            organization_id: t.organizationId,
            user_id: userByEmail.get(r.email.toLowerCase())!.id,
            role_id: r.roleId,
            gender: r.gender,
            location_id: r.locationId,
            role_within_organization: null,
            deleted_at: null,
          })),
        )
        .returning('id')
        .execute();
      memberIds.push(...made.map((m) => m.id));
    });
    const projects = new Map<string, string>();
    for (const id of new Set(ok.flatMap((r) => (r.projectId ? [r.projectId] : []))))
      projects.set(id, (await findProject(trx, { ...projectScopeOf(t), id }))!.workspaceId);
    const o = t.organizationId;
    await inChunks(
      ok.flatMap((r, i) => r.languages.map((language_id) => ({ organization_id: o, member_id: memberIds[i]!, language_id }))),
      (c) =>
        trx
          .insertInto('member_languages')
          .values(c)
          .onConflict((oc) => oc.doNothing())
          .execute(),
    );
    const workspaceRows = ok.flatMap((r, i) =>
      [...new Set([...(r.workspaceIds ?? []), ...(r.projectId ? [projects.get(r.projectId)!] : [])])].map((workspace_id) => ({
        organization_id: o,
        workspace_id,
        member_id: memberIds[i]!,
        deleted_at: null,
      })),
    );
    await inChunks(workspaceRows, (c) => trx.insertInto('workspace_members').values(c).execute());
    await inChunks(
      ok.flatMap((r, i) =>
        r.projectId ? [{ organization_id: o, project_id: r.projectId, member_id: memberIds[i]!, deleted_at: null }] : [],
      ),
      (c) => trx.insertInto('project_members').values(c).execute(),
    );

    // Invitations: a set-password link for accounts without a password, a sign-in link for the others.
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
    const mails = ok.map((r) => {
      const u = userByEmail.get(r.email.toLowerCase())!;
      const token = u.password_hash.startsWith(UNSET_PASSWORD) ? randomBytes(32).toString('base64url') : undefined;
      return { row: r, userId: u.id, token };
    });
    await inChunks(
      mails.filter((m) => m.token),
      (c) =>
        trx
          .insertInto('member_invitations')
          .values(
            c.map((m) => ({
              user_id: m.userId,
              organization_id: o,
              token_hash: hashToken(m.token!),
              expires_at: expiresAt,
              used_at: null,
            })),
          )
          .execute(),
    );
    return mails;
  });

  if (invited.length) {
    const org = await deps.db.selectFrom('organizations').select('name').where('id', '=', t.organizationId).executeTakeFirstOrThrow();
    const mail = (m: (typeof invited)[number]) => {
      const link = m.token ? `${deps.config.publicUrl}/auth/set-password?token=${m.token}` : `${deps.config.publicUrl}/auth/login`;
      return {
        to: m.row.email,
        ...invitationMail({ fullName: m.row.fullName, organizationName: org.name, link, newUser: !!m.token, days: INVITATION_DAYS }),
      };
    };
    // All in the outbox in one statement before the answer, so none is lost if the process stops; the SMTP
    // deliveries follow in the background (one statement per mail here took 1,000 rows from 0.6 s to 1.9 s).
    await deps.mailer.sendMany(invited.map(mail)).catch(() => undefined);
  }
  return { added: invited.length, failed };
}

/** The rows whose references, e-mail and the plan allow them in; the others are refused with the reason. */
async function checkAll(
  q: Q,
  t: Tenant,
  rows: AddMemberBody[],
  refuse: (row: AddMemberBody, code: ProblemCode, detail?: string) => void,
): Promise<AddMemberBody[]> {
  if (!rows.length) return [];
  const languages = await mm.existingIds(q, 'languages', [...new Set(rows.flatMap((r) => r.languages))]);
  const countries = await mm.existingIds(q, 'countries', [...new Set(rows.map((r) => r.locationId))]);
  const workspaces = await mm.liveWorkspaceIds(q, t.organizationId, [...new Set(rows.flatMap((r) => r.workspaceIds ?? []))]);
  const projects = new Set<string>();
  for (const id of new Set(rows.flatMap((r) => (r.projectId ? [r.projectId] : []))))
    if (await findProject(q, { ...projectScopeOf(t), id })) projects.add(id);
  const taken = await q
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(sql<string>`lower(u.email)`.as('email'))
    .where('m.organization_id', '=', t.organizationId)
    .where(
      sql<string>`lower(u.email)`,
      'in',
      rows.map((r) => r.email.toLowerCase()),
    )
    .execute();
  const seen = new Set(taken.map((r) => r.email));
  const limit = await mm.membersLimit(q, t.organizationId);
  let room = limit > 0 ? limit - (await mm.countLiveMembers(q, t.organizationId)) : Infinity;
  const ok: AddMemberBody[] = [];
  for (const r of rows) {
    const email = r.email.toLowerCase();
    if (r.languages.some((l) => !languages.has(l))) refuse(r, 'validation', "'languages' is not valid");
    else if (!countries.has(r.locationId)) refuse(r, 'validation', "'locationId' is not valid");
    else if ((r.workspaceIds ?? []).some((w) => !workspaces.has(w)) || (r.projectId && !projects.has(r.projectId))) refuse(r, 'notFound');
    else if (seen.has(email)) refuse(r, 'memberExists');
    else if (room <= 0) refuse(r, 'memberLimit');
    else {
      seen.add(email);
      room--;
      ok.push(r);
    }
  }
  return ok;
}
