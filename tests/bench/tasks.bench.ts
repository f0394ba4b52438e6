// `npm run bench -- tasks`: the target for tasks, through the app (inject), on PGlite by default or
// PostgreSQL with TEST_DB=postgres (and TEST_DATABASE_URL). 10,000 tasks in the demo project spread over
// 100 data collectors, statuses, rounds and collection types:
//  1. Task Management's task list: a filtered page (status, collection type, round, search) deep in the
//     list, under 200 ms on the server (median of BENCH_RUNS requests).
//  2. A collector's /mytasks: a tab page and the statistics, under 200 ms each.
import { sql } from 'kysely';
import { roleByName } from '../../schemas/roles';
import { hashPassword } from '../../server/auth/passwords';
import { createTestApp, DEMO_PASSWORD } from '../support/app';
import { demoSurveyOf } from '../support/surveys';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TASKS = 10_000;
const COLLECTORS = 100;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function run(): Promise<void> {
  const t = await createTestApp();
  try {
    const org = t.ids.organizations.relief!;
    const project = t.ids.projects['Household Needs Assessment 2026']!;
    const survey = await demoSurveyOf(t);
    const kenya = (await t.db.selectFrom('countries').select('id').where('code', '=', 'KE').executeTakeFirstOrThrow()).id;
    const dc = roleByName('DataCollector')!.id;
    await sql`insert into users (email, full_name, password_hash) select 'bench.dc.' || i || '@demo.test', 'Bench Collector ' || i, 'unset:x' from generate_series(1, ${COLLECTORS}) i`.execute(
      t.db,
    );
    await sql`insert into organization_members (organization_id, user_id, role_id, gender, location_id)
      select ${org}::uuid, id, ${dc}::int, 1, ${kenya}::int from users where email like 'bench.dc.%'`.execute(t.db);
    await sql`insert into project_members (organization_id, project_id, member_id) select ${org}::uuid, ${project}::uuid, id from organization_members where organization_id = ${org} and user_id in (select id from users where email like 'bench.dc.%')`.execute(
      t.db,
    );
    // The collector whose /mytasks is measured holds 1% of the tasks, like the others.
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(DEMO_PASSWORD), email_confirmed_at: new Date() })
      .where('email', '=', 'bench.dc.1@demo.test')
      .execute();
    await sql`insert into tasks (organization_id, project_id, survey_id, collector_id, collection_round, collection_type, status, end_date, location_id, note, rejection_reason, created_at)
      select ${org}::uuid, ${project}::uuid, ${survey.id}::uuid, c.id, 1 + (i % 5), (i % 2)::smallint, ((i / ${COLLECTORS}) % 4)::smallint, now() + (i % 30) * interval '1 day', ${kenya}::int,
             'Bench note ' || i, case when (i / ${COLLECTORS}) % 4 = 1 then 'Bench reason' else null end, now() - i * interval '1 minute'
      from generate_series(1, ${TASKS}) i
      join (select id, row_number() over (order by id) - 1 as k from organization_members where organization_id = ${org} and user_id in (select id from users where email like 'bench.dc.%')) c on c.k = i % ${COLLECTORS}`.execute(
      t.db,
    );
    await sql`analyze`.execute(t.db);

    const manager = await t.signIn('manager@demo.test');
    const collector = await t.signIn('bench.dc.1@demo.test');
    const time = async (url: string, s = manager) => {
      const ms: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const r = await t.call<{ totalSize?: number }>('GET', url, { session: s });
        ms.push(performance.now() - start);
        if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`);
        total = r.body.data.totalSize ?? 0;
      }
      return { ms: median(ms), total };
    };
    const filtered = await time(
      `/api/Task/getTasks?ProjectId=${project}&TaskStatus=2&CollectionType=0&CollectionRound=3&Search=bench&Page=5&PageSize=10`,
    );
    const deep = await time(`/api/Task/getTasks?ProjectId=${project}&Page=500&PageSize=10`);
    const mine = await time('/api/Task/GetTasksForDataCollector?Status=0&Page=2&PageSize=10', collector);
    const stats = await time('/api/Task/GetTaskStatsticsByDataCollector?page=1&pageSize=10000', collector);

    console.table([
      {
        figure: `task list, filtered page (${filtered.total} of ${TASKS} match)`,
        value: `${filtered.ms.toFixed(1)} ms`,
        target: '< 200 ms',
        met: filtered.ms < 200,
      },
      {
        figure: `task list, page 500 unfiltered (${deep.total} tasks)`,
        value: `${deep.ms.toFixed(1)} ms`,
        target: '< 200 ms',
        met: deep.ms < 200,
      },
      {
        figure: `/mytasks Assigned tab, page 2 (${mine.total} match)`,
        value: `${mine.ms.toFixed(1)} ms`,
        target: '< 200 ms',
        met: mine.ms < 200,
      },
      { figure: '/mytasks statistics', value: `${stats.ms.toFixed(1)} ms`, target: '< 200 ms', met: stats.ms < 200 },
    ]);
  } finally {
    await t.close();
  }
}
