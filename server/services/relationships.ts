// GET /Projects/getRelationships (schemas/relationships.ts): the counts of the project's overview. The
// project is the caller's (projectScope: another project or organization is 404); respondents count
// for the roles that see them (a data collector never gets here: the route is for the others).
import { sql, type Kysely } from 'kysely';
import type { Relationships } from '../../schemas/relationships';
import { OPEN_TASK_STATUSES, taskStatuses } from '../../schemas/tasks';
import { findProject } from '../db/queries/projects';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';
import { targetsOfProject } from './targets';

type Q = Kysely<DB>;
const n = (v: unknown) => Number(v ?? 0);

export async function relationshipsOf(db: Q, t: Tenant, projectId: string, now = new Date()): Promise<Relationships> {
  if (!(await findProject(db, { ...projectScopeOf(t), id: projectId }))) throw problem('notFound');
  const org = t.organizationId;
  const [lists, people, tasks, surveys, submissions] = await Promise.all([
    db
      .selectFrom('beneficiary_tables')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', org)
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('beneficiaries as b')
      .innerJoin('beneficiary_tables as l', 'l.id', 'b.table_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('b.organization_id', '=', org)
      .where('b.project_id', '=', projectId)
      .where('b.deleted_at', 'is', null)
      .where('l.deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tasks')
      .select([
        'status',
        sql<number>`count(*)::int`.as('n'),
        sql<number>`count(*) filter (where end_date < ${now} and status in (${sql.join([...OPEN_TASK_STATUSES])}))::int`.as('late'),
      ])
      .where('organization_id', '=', org)
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('surveys')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('organization_id', '=', org)
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('submissions as x')
      .innerJoin('surveys as s', 's.id', 'x.survey_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('x.organization_id', '=', org)
      .where('s.project_id', '=', projectId)
      .where('s.deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const byStatus = (s: number) => n(tasks.find((r) => r.status === s)?.n);
  const targets = { surveys: 0, reached: 0, onTrack: 0, behind: 0, overdue: 0 };
  // A project's surveys in pages of the targets list's largest page.
  for (let page = 1; ; page++) {
    const { targets: rows, totalSize } = await targetsOfProject(
      db,
      t,
      { ProjectId: projectId, Page: page, PageSize: 100, isDeleted: false },
      now,
    );
    targets.surveys = totalSize;
    for (const r of rows) if (r.status !== 'open') targets[r.status] += 1;
    if (page * 100 >= totalSize || rows.length === 0) break;
  }
  return {
    respondents: { lists: n(lists.n), people: n(people.n) },
    targets,
    tasks: {
      assigned: byStatus(taskStatuses.Assigned),
      inProgress: byStatus(taskStatuses.InProgress),
      completed: byStatus(taskStatuses.Completed),
      rejected: byStatus(taskStatuses.Rejected),
      overdue: tasks.reduce((sum, r) => sum + n(r.late), 0),
    },
    surveys: {
      editing: n(surveys.find((r) => r.status === 0)?.n),
      deployed: n(surveys.find((r) => r.status === 1)?.n),
      submissions: n(submissions.n),
    },
  };
}
