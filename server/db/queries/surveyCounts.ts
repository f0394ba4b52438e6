// Counts of surveys and submissions per project. The surveys and submissions tables arrive with
// migration 3 (another area); until they exist every count is 0. Which of their columns exist is read
// from the catalogue so the counts follow that migration without this module guessing too much:
// surveys(project_id[, deleted_at]) and submissions(project_id | survey_id[, deleted_at]).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../schema';

type Q = Kysely<DB>;

export interface ProjectCounts {
  surveys: number;
  submissions: number;
}

async function columnsOf(q: Q): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and table_name in ('surveys', 'submissions')`.execute(q);
  const map = new Map<string, Set<string>>();
  for (const r of rows) map.set(r.table_name, (map.get(r.table_name) ?? new Set()).add(r.column_name));
  return map;
}

const live = (cols: Set<string>, alias: string): RawBuilder<unknown> =>
  cols.has('deleted_at') ? sql`and ${sql.ref(`${alias}.deleted_at`)} is null` : sql``;

export async function countsOfProjects(q: Q, projectIds: readonly string[]): Promise<Map<string, ProjectCounts>> {
  const result = new Map<string, ProjectCounts>(projectIds.map((id) => [id, { surveys: 0, submissions: 0 }]));
  if (!projectIds.length) return result;
  const tables = await columnsOf(q);
  const surveys = tables.get('surveys');
  if (!surveys?.has('project_id')) return result;
  const ids = sql.join(projectIds.map((id) => sql`${id}::uuid`));

  const s = await sql<{ project_id: string; n: number }>`
    select s.project_id, count(*)::int as n from surveys s
    where s.project_id in (${ids}) ${live(surveys, 's')} group by s.project_id`.execute(q);
  for (const r of s.rows) result.get(r.project_id)!.surveys = Number(r.n);

  const submissions = tables.get('submissions');
  let sub: { rows: { project_id: string; n: number }[] } | undefined;
  if (submissions?.has('project_id')) {
    sub = await sql<{ project_id: string; n: number }>`
      select x.project_id, count(*)::int as n from submissions x
      where x.project_id in (${ids}) ${live(submissions, 'x')} group by x.project_id`.execute(q);
  } else if (submissions?.has('survey_id')) {
    sub = await sql<{ project_id: string; n: number }>`
      select s.project_id, count(*)::int as n from submissions x join surveys s on s.id = x.survey_id
      where s.project_id in (${ids}) ${live(submissions, 'x')} group by s.project_id`.execute(q);
  }
  for (const r of sub?.rows ?? []) result.get(r.project_id)!.submissions = Number(r.n);
  return result;
}

/** Whether any of these projects has a survey, live or in the bin: such a workspace cannot be deleted. */
export async function anyProjectHasSurveys(q: Q, projectIds: readonly string[]): Promise<boolean> {
  if (!projectIds.length) return false;
  const surveys = (await columnsOf(q)).get('surveys');
  if (!surveys?.has('project_id')) return false;
  const ids = sql.join(projectIds.map((id) => sql`${id}::uuid`));
  const { rows } = await sql<{ one: number }>`select 1 as one from surveys s where s.project_id in (${ids}) limit 1`.execute(q);
  return rows.length > 0;
}
