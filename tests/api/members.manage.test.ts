// Member management: adding members with the role rules, the e-mailed set-password link a new
// member signs in with, editing (nobody changes their own role), the project members table and its
// filters, and removing a member from one project into the recycle bin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTypes } from '../../schemas/entityTypes';
import { roleByName } from '../../schemas/roles';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';

let t: TestApp;
const as = personas(() => t);
let english: number;
let swahili: number;
let kenya: number;
beforeAll(async () => {
  t = await createTestApp();
  english = (await t.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow()).id;
  swahili = (await t.db.selectFrom('languages').select('id').where('code', '=', 'sw').executeTakeFirstOrThrow()).id;
  kenya = (await t.db.selectFrom('countries').select('id').where('code', '=', 'KE').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const role = (name: Parameters<typeof roleByName>[0]) => roleByName(name)!.id;
const project = () => t.ids.projects['Household Needs Assessment 2026']!;
const ws = () => t.ids.workspaces['East Africa Emergency Response']!;
const payload = (email: string, extra: Record<string, unknown> = {}) => ({
  fullName: 'Amina Field',
  email,
  roleId: role('DataCollector'),
  languages: [english, swahili],
  locationId: kenya,
  gender: 1,
  projectId: project(),
  ...extra,
});
const add = async (who: string, body: unknown) =>
  t.call<{ organizationMemberId: string; userId: string }>('POST', '/api/Members/add', { session: await as(who), body });
type Row = {
  projectMemberId: string;
  organizationMemberId: string;
  name: string;
  email: string;
  role: string;
  gender: number;
  location: string;
  selectedLanguages: { name: string }[];
};
const list = async (who: string, query = '') =>
  t.call<{ members: Row[]; totalSize: number }>('GET', `/api/Projects/getAllProjectMembers/${project()}${query}`, {
    session: await as(who),
  });
const lastMailTo = async (to: string) =>
  t.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('created_at', 'desc').executeTakeFirst();
const tokenIn = (text: string) => /set-password\?token=([\w-]+)/.exec(text)?.[1];

describe('POST /api/Members/add', () => {
  it('creates the account, adds it to the project, and e-mails a set-password link that works once', async () => {
    const r = await add(demo.manager, payload('amina.field@demo.test'));
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Member has been added successfully.');
    const rows = (await list(demo.manager, '?Search=amina.field')).body.data.members;
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Amina Field',
        email: 'amina.field@demo.test',
        role: 'DataCollector',
        gender: 1,
        location: 'Kenya',
        selectedLanguages: [
          { id: english, name: 'English' },
          { id: swahili, name: 'Swahili' },
        ],
      }),
    ]);

    const mail = await lastMailTo('amina.field@demo.test');
    expect(mail?.subject).toBe('You have been added to Demo Relief Organization');
    const token = tokenIn(mail!.body_text)!;
    expect(token).toBeTruthy();
    // Before the link is used, nobody can sign in to the new account.
    expect((await t.call('POST', '/api/Account/login', { body: { email: 'amina.field@demo.test', password: 'unset:' } })).status).toBe(400);
    const mismatch = await t.call('POST', '/api/Account/acceptInvitation', {
      body: { token, newPassword: 'Field-Pass-2026!', confirmPassword: 'Other-Pass-2026!' },
    });
    expect(mismatch.body.message).toBe('The two passwords do not match!');
    const set = await t.call('POST', '/api/Account/acceptInvitation', {
      body: { token, newPassword: 'Field-Pass-2026!', confirmPassword: 'Field-Pass-2026!' },
    });
    expect(set.status).toBe(200);
    const again = await t.call('POST', '/api/Account/acceptInvitation', {
      body: { token, newPassword: 'Field-Pass-2027!', confirmPassword: 'Field-Pass-2027!' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This invitation link is invalid, expired or already used.');
    const login = await t.call<{ token: string }>('POST', '/api/Account/login', {
      body: { email: 'amina.field@demo.test', password: 'Field-Pass-2026!' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses an expired link', async () => {
    await add(demo.manager, payload('late.one@demo.test'));
    const token = tokenIn((await lastMailTo('late.one@demo.test'))!.body_text)!;
    await t.db
      .updateTable('member_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const r = await t.call('POST', '/api/Account/acceptInvitation', {
      body: { token, newPassword: 'Field-Pass-2026!', confirmPassword: 'Field-Pass-2026!' },
    });
    expect(r.status).toBe(400);
  });

  it('lets a JuniorProjectManager add only Data Collectors', async () => {
    expect((await add(demo.junior, payload('jr.dc@demo.test'))).status).toBe(200);
    const refused = await add(demo.junior, payload('jr.jpm@demo.test', { roleId: role('JuniorProjectManager') }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You are not allowed to give this role.');
    expect((await add(demo.manager, payload('pm.spm@demo.test', { roleId: role('SeniorProjectManager') }))).status).toBe(403);
    expect((await add(demo.senior, payload('spm.pm@demo.test', { roleId: role('ProjectManager') }))).status).toBe(200);
    // Nobody grants the owner's role.
    expect((await add(demo.owner, payload('owner2@demo.test', { roleId: role('Organization') }))).status).toBe(403);
    expect((await add(demo.collector, payload('dc.dc@demo.test'))).status).toBe(403);
  });

  it('keeps one membership per e-mail in an organization, whatever the case of the address', async () => {
    expect((await add(demo.manager, payload('dup@demo.test'))).status).toBe(200);
    const again = await add(demo.manager, payload('DUP@demo.test', { fullName: 'Someone Else' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Each user can have only one role per organization, and each e-mail must be unique.');
    const otherRole = await add(
      demo.owner,
      payload('guest@demo.test', { roleId: role('ProjectManager'), projectId: undefined, workspaceIds: [ws()] }),
    );
    expect(otherRole.status).toBe(409);
  });

  it('attaches an existing user of another organization and e-mails a sign-in link, not a password link', async () => {
    const r = await add(
      demo.owner,
      payload('other@demo.test', { fullName: 'Omar Other', roleId: role('Guest'), projectId: undefined, workspaceIds: [ws()] }),
    );
    expect(r.status).toBe(200);
    const mail = await lastMailTo('other@demo.test');
    expect(mail!.body_text).toContain('/auth/login');
    expect(tokenIn(mail!.body_text)).toBeUndefined();
  });

  it('names the broken field: e-mail format, missing languages, unknown location, no workspace on the admin page', async () => {
    const bad = await add(demo.manager, payload('1bad@demo'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
    const noLang = await add(demo.manager, payload('x1@demo.test', { languages: [] }));
    expect(noLang.status).toBe(400);
    expect(noLang.body.errors.join(' ')).toMatch(/languages/);
    const loc = await add(demo.manager, payload('x2@demo.test', { locationId: 99999 }));
    expect(loc.status).toBe(400);
    expect(loc.body.errors.join(' ')).toMatch(/locationId/);
    const noWs = await add(demo.owner, payload('x3@demo.test', { projectId: undefined }));
    expect(noWs.status).toBe(400);
    expect(noWs.body.errors.join(' ')).toMatch(/workspaceIds/);
  });

  it("answers 404 for another organization's project or workspace", async () => {
    const otherProject = Object.entries(t.ids.projects).find(([name]) => name !== 'Household Needs Assessment 2026')?.[1];
    if (otherProject) expect((await add(demo.owner, payload('x4@demo.test', { projectId: otherProject }))).status).toBe(404);
    expect(
      (await add(demo.owner, payload('x5@demo.test', { projectId: undefined, workspaceIds: [t.ids.workspaces['Other Aid Workspace']] })))
        .status,
    ).toBe(404);
  });
});

describe('POST /api/Members/edit', () => {
  it('saves the member; the e-mail stays; nobody changes their own role', async () => {
    const id = t.ids.members.relief![demo.collector]!;
    const r = await t.call('POST', '/api/Members/edit', {
      session: await as(demo.manager),
      body: { ...payload('ignored@demo.test'), id, fullName: 'Chidi Collector', gender: 0 },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Member has been updated successfully.');
    const row = (await list(demo.manager, '?Search=chidi')).body.data.members[0]!;
    expect(row).toMatchObject({ email: 'collector@demo.test', gender: 0 });

    const self = t.ids.members.relief![demo.manager]!;
    const own = await t.call('POST', '/api/Members/edit', {
      session: await as(demo.manager),
      body: { ...payload('x@demo.test'), id: self, fullName: 'Pat Manager', roleId: role('SeniorProjectManager') },
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe("You can't change your own role.");
    // A manager cannot edit someone whose role they could not give.
    const senior = await t.call('POST', '/api/Members/edit', {
      session: await as(demo.manager),
      body: { ...payload('x@demo.test'), id: t.ids.members.relief![demo.senior]!, roleId: role('DataCollector') },
    });
    expect(senior.status).toBe(403);
  });
});

describe('GET /api/Members/getById', () => {
  it("gives the edit dialog the member's values; a project role sees only its projects' members", async () => {
    const id = t.ids.members.relief![demo.collector]!;
    const r = await t.call<{ email: string; languages: number[]; locationId: number; workspaceIds: string[]; isSelf: boolean }>(
      'GET',
      `/api/Members/getById/${id}`,
      { session: await as(demo.manager) },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ email: 'collector@demo.test', workspaceIds: [ws()], isSelf: false });
    expect(r.body.data.languages.length).toBeGreaterThan(0);
    const mine = await t.call<{ isSelf: boolean }>('GET', `/api/Members/getById/${t.ids.members.relief![demo.manager]!}`, {
      session: await as(demo.manager),
    });
    expect(mine.body.data.isSelf).toBe(true);
    expect(
      (await t.call('GET', `/api/Members/getById/${t.ids.members.second?.[demo.multi] ?? id}`, { session: await as(demo.collector) }))
        .status,
    ).toBe(403);
  });
});

describe('GET /api/Projects/getAllProjectMembers and removing a member from the project', () => {
  it('filters by role, gender, language and location, and pages by 10', async () => {
    const all = await list(demo.owner, '?PageSize=100');
    expect(all.status).toBe(200);
    const dcs = await list(demo.owner, `?RoleId=${role('DataCollector')}&PageSize=100`);
    expect(dcs.body.data.members.length).toBeGreaterThan(0);
    expect(dcs.body.data.members.every((m) => m.role === 'DataCollector')).toBe(true);
    const women = await list(demo.owner, '?Gender=1&PageSize=100');
    expect(women.body.data.members.every((m) => m.gender === 1)).toBe(true);
    const sw = await list(demo.owner, `?LanguageId=${swahili}&PageSize=100`);
    expect(sw.body.data.members.every((m) => m.selectedLanguages.some((l) => l.name === 'Swahili'))).toBe(true);
    const ke = await list(demo.owner, `?LocationId=${kenya}&PageSize=100`);
    expect(ke.body.data.members.every((m) => m.location === 'Kenya')).toBe(true);
    expect(sw.body.data.totalSize + 0).toBeLessThan(all.body.data.totalSize);
    expect((await list(demo.owner)).body.data.members).toHaveLength(Math.min(10, all.body.data.totalSize));
    expect((await list(demo.collector)).status).toBe(403);
  });

  it('moves the member out of this project only; the bin lists them and restores them', async () => {
    const s = await as(demo.manager);
    const row = (await list(demo.manager, '?Search=guest@demo')).body.data.members[0]!;
    const del = await t.call(
      'PUT',
      `/api/DataCollection/${row.projectMemberId}/toggleDeleteOrRestore?entityType=${entityTypes.ProjectMember}&isDeleted=true`,
      { session: s },
    );
    expect(del.status).toBe(200);
    expect((await list(demo.manager, '?Search=guest@demo')).body.data.totalSize).toBe(0);
    expect((await list(demo.manager, '?isDeleted=true')).body.data.members.map((m) => m.email)).toContain('guest@demo.test');
    // Still a member of the organization.
    const org = await t.call<{ members: { email: string }[] }>('GET', '/api/Members/getAllMembersOfOrganization?search=guest@demo', {
      session: await as(demo.admin),
    });
    expect(org.body.data.members.map((m) => m.email)).toEqual(['guest@demo.test']);
    const back = await t.call(
      'PUT',
      `/api/DataCollection/${row.projectMemberId}/toggleDeleteOrRestore?entityType=${entityTypes.ProjectMember}&isDeleted=false`,
      { session: s },
    );
    expect(back.status).toBe(200);
    expect((await list(demo.manager, '?Search=guest@demo')).body.data.totalSize).toBe(1);
    const junior = await t.call(
      'PUT',
      `/api/DataCollection/${row.projectMemberId}/toggleDeleteOrRestore?entityType=${entityTypes.ProjectMember}&isDeleted=true`,
      { session: await as(demo.junior) },
    );
    expect(junior.status).toBe(403);
  });
});

describe('POST /api/Members/addMembers and the templates', () => {
  const row = (email: string, extra: Record<string, unknown> = {}) => payload(email, extra);

  it('adds the good rows and names each refused one; says the spec text when all went in', async () => {
    const s = await as(demo.manager);
    const ok = await t.call<{ added: number; failed: unknown[] }>('POST', '/api/Members/addMembers', {
      session: s,
      body: [row('bulk.a@demo.test'), row('bulk.b@demo.test')],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Members have been added successfully.');
    expect(ok.body.data).toEqual({ added: 2, failed: [] });
    const mixed = await t.call<{ added: number; failed: { email: string; message: string }[] }>('POST', '/api/Members/addMembers', {
      session: s,
      body: [row('bulk.a@demo.test'), row('bulk.c@demo.test'), row('bulk.d@demo.test', { roleId: role('SeniorProjectManager') })],
    });
    expect(mixed.body.data.added).toBe(1);
    expect([...mixed.body.data.failed].sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      {
        email: 'bulk.a@demo.test',
        message: 'Each user can have only one role per organization, and each e-mail must be unique.',
        code: 'memberExists',
      },
      { email: 'bulk.d@demo.test', message: 'You are not allowed to give this role.', code: 'memberRoleNotAllowed' },
    ]);
    // The new member is in the project and gets the same invitation as one added by hand.
    expect((await list(demo.manager, '?Search=bulk.c')).body.data.totalSize).toBe(1);
    await expect.poll(async () => tokenIn((await lastMailTo('bulk.c@demo.test'))?.body_text ?? '')).toBeTruthy();
  });

  it('refuses a body over 1 MB and more than 1,000 rows before adding anyone', async () => {
    const s = await as(demo.manager);
    // The size is refused before the body is parsed or validated, whatever the rows hold.
    const big = Array.from({ length: 900 }, (_, i) => row(`big.${i}@demo.test`, { fullName: 'x'.repeat(2300) + i }));
    expect(JSON.stringify(big).length).toBeGreaterThan(2_000_000);
    const r = await t.call('POST', '/api/Members/addMembers', { session: s, body: big });
    expect(r.status).toBe(413);
    const many = await t.call('POST', '/api/Members/addMembers', {
      session: s,
      body: Array.from({ length: 1001 }, (_, i) => ({ ...row(`m${i}@d.io`), fullName: 'a' })),
    });
    expect(many.status).toBe(400);
    expect((await list(demo.manager, '?Search=big.')).body.data.totalSize).toBe(0);
  });

  it('serves both template workbooks with the Members and Roles sheets, the roles this caller may give', async () => {
    const { default: ExcelJS } = await import('exceljs');
    for (const [kind, file] of [
      ['members', 'Multiple_Members.xlsx'],
      ['users', 'Multiple_User_Members.xlsx'],
    ] as const) {
      const r = await t.call('GET', `/api/Members/getMembersTemplate?kind=${kind}`, { session: await as(demo.owner) });
      expect(r.status).toBe(200);
      expect(String(r.res.headers['content-disposition'])).toContain(file);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
      expect(wb.getWorksheet('Members')!.getRow(1).values).toEqual([
        undefined,
        'FullName',
        'Email',
        'Gender',
        'Role',
        'Language',
        'Location',
      ]);
      const roles = wb.getWorksheet('Roles')!.getColumn(1).values.slice(2);
      expect(roles).toEqual(
        kind === 'users' ? ['SeniorProjectManager', 'ProjectManager', 'Guest'] : ['DataCollector', 'JuniorProjectManager'],
      );
    }
    const junior = await t.call('GET', '/api/Members/getMembersTemplate?kind=members', { session: await as(demo.junior) });
    expect(junior.status).toBe(200);
    expect((await t.call('GET', '/api/Members/getMembersTemplate?kind=members', { session: await as(demo.collector) })).status).toBe(403);
  });
});
