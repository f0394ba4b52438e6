import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../server/db/queries/recycleBin';
import { startJobs } from '../../server/plugins/jobs';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';

let t: TestApp;
const as = personas(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const now = new Date('2026-11-22T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

async function newWorkspace(name: string) {
  return (await t.call<string>('POST', '/api/Workspaces/add', { session: await as(demo.owner), body: { name } })).body.data;
}
async function newProject(name: string, managerEmail: string = demo.manager) {
  const r = await t.call<string>('POST', '/api/Projects/add', {
    session: await as(demo.owner),
    body: {
      name,
      managerId: t.ids.members.relief![managerEmail],
      workspaceId: t.ids.workspaces['East Africa Emergency Response'],
      typeId: 1,
      countryIds: [1],
      startDate: '2026-01-01',
      endDate: '2026-02-01',
    },
  });
  return r.body.data;
}
const exists = async (table: 'workspaces' | 'projects' | 'organization_members', id: string) =>
  !!(await t.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());

describe('purgeExpired', () => {
  it('removes what was deleted more than 60 days ago and keeps the rest', async () => {
    const oldWs = await newWorkspace('Old bin');
    const youngWs = await newWorkspace('Young bin');
    const liveWs = await newWorkspace('Live');
    const oldProject = await newProject('Old project');
    await t.db
      .updateTable('workspaces')
      .set({ deleted_at: ago(61) })
      .where('id', '=', oldWs)
      .execute();
    await t.db
      .updateTable('workspaces')
      .set({ deleted_at: ago(59) })
      .where('id', '=', youngWs)
      .execute();
    await t.db
      .updateTable('projects')
      .set({ deleted_at: ago(60.5) })
      .where('id', '=', oldProject)
      .execute();

    const r = await purgeExpired(t.db, now);
    expect(r).toMatchObject({ workspaces: 1, projects: 1 });
    expect(await exists('workspaces', oldWs)).toBe(false);
    expect(await exists('projects', oldProject)).toBe(false);
    expect(await exists('workspaces', youngWs)).toBe(true);
    expect(await exists('workspaces', liveWs)).toBe(true);
    expect(await exists('workspaces', t.ids.workspaces['Other Aid Workspace']!)).toBe(true);
  });

  it('purges an old deactivated member who manages a project, leaving the project without a manager', async () => {
    const memberId = t.ids.members.relief![demo.junior]!;
    const project = await newProject('Managed by Joy', demo.junior);
    await t.db
      .updateTable('organization_members')
      .set({ deleted_at: ago(70) })
      .where('id', '=', memberId)
      .execute();
    const r = await purgeExpired(t.db, now);
    expect(r.organizationMembers).toBe(1);
    expect(await exists('organization_members', memberId)).toBe(false);
    const p = await t.db
      .selectFrom('projects')
      .select(['manager_id', 'organization_id'])
      .where('id', '=', project)
      .executeTakeFirstOrThrow();
    expect(p).toEqual({ manager_id: null, organization_id: t.ids.organizations.relief });
    // The user keeps their account.
    expect(await t.db.selectFrom('users').select('id').where('id', '=', t.ids.users[demo.junior]!).executeTakeFirst()).toBeTruthy();
  });

  it("never purges an organization owner's membership", async () => {
    const owner = t.ids.members.relief![demo.owner]!;
    await t.db
      .updateTable('organization_members')
      .set({ deleted_at: ago(100) })
      .where('id', '=', owner)
      .execute();
    await purgeExpired(t.db, now);
    expect(await exists('organization_members', owner)).toBe(true);
    await t.db.updateTable('organization_members').set({ deleted_at: null }).where('id', '=', owner).execute();
  });
});

describe('the scheduled purge (pg-boss on this database)', () => {
  it('schedules the daily purge and runs it when queued', async () => {
    const old = await newWorkspace('Purged by the job');
    await t.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date(Date.now() - 61 * DAY) })
      .where('id', '=', old)
      .execute();
    // Rate-limit counters of two days ago count for nothing: the same run removes them, keeping today's.
    await t.db
      .insertInto('rate_limits')
      .values([
        { key: 'purge-test:old', window_start: new Date(Date.now() - 2 * DAY), hits: 3 },
        { key: 'purge-test:now', window_start: new Date(), hits: 1 },
      ])
      .execute();
    const logs: string[] = [];
    const jobs = await startJobs(
      t.database,
      { info: (m) => logs.push(m), error: (e) => logs.push(String(e)) },
      { pollingIntervalSeconds: 0.5 },
    );
    try {
      const schedules = await t.database.query('select name, cron, timezone from pgboss.schedule order by name', []);
      expect(schedules.rows).toEqual([
        { name: 'recycle-bin-purge', cron: '17 3 * * *', timezone: 'UTC' },
        { name: 'task-rounds', cron: '*/15 * * * *', timezone: 'UTC' },
      ]);
      expect(await jobs.purgeNow()).toBeTruthy();
      const deadline = Date.now() + 15_000;
      while ((await exists('workspaces', old)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await exists('workspaces', old)).toBe(false);
      expect(logs.some((l) => l.startsWith('recycle bin purged'))).toBe(true);
      const left = await t.db.selectFrom('rate_limits').select('key').where('key', 'like', 'purge-test:%').execute();
      expect(left.map((r) => r.key)).toEqual(['purge-test:now']);
    } finally {
      await jobs.stop();
    }
  });
});
