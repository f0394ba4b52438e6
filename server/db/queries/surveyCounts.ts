// Counts of surveys and submissions per project, for the project list, the dashboard and the rule that
// a workspace whose projects have surveys cannot be deleted. Only live rows count.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

type Q = Kysely<DB>;

export interface ProjectCounts {
  surveys: number;
  submissions: number;
}

export async function countsOfProjects(q: Q, organizationId: string, projectIds: readonly string[]): Promise<Map<string, ProjectCounts>> {
  const result = new Map<string, ProjectCounts>(projectIds.map((id) => [id, { surveys: 0, submissions: 0 }]));
  if (!projectIds.length) return result;
  const [surveys, submissions] = await Promise.all([
    q
      .selectFrom('surveys')
      .select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('organization_id', '=', organizationId)
      .where('project_id', 'in', projectIds)
      .where('deleted_at', 'is', null)
      .groupBy('project_id')
      .execute(),
    q
      .selectFrom('submissions as x')
      .innerJoin('surveys as s', 's.id', 'x.survey_id')
      .select(['s.project_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('x.organization_id', '=', organizationId)
      .where('s.project_id', 'in', projectIds)
      .where('x.deleted_at', 'is', null)
      .where('s.deleted_at', 'is', null)
      .groupBy('s.project_id')
      .execute(),
  ]);
  for (const r of surveys) result.get(r.project_id)!.surveys = Number(r.n);
  for (const r of submissions) result.get(r.project_id)!.submissions = Number(r.n);
  return result;
}

/** Whether any of these projects has a survey, live or in the bin: such a workspace cannot be deleted. */
export async function anyProjectHasSurveys(q: Q, organizationId: string, projectIds: readonly string[]): Promise<boolean> {
  if (!projectIds.length) return false;
  const row = await q
    .selectFrom('surveys')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('project_id', 'in', projectIds)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
