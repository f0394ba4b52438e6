// Which projects of an organization a member reaches: the rule every query of project data (projects,
// surveys, later submissions and tasks) applies, so that it is written once. A member reaches the
// projects they manage and those they are a live member of. The organization-wide roles pass no
// memberId (server/services/projectScope.ts decides which roles those are) and reach every project.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

export interface ProjectScope {
  organizationId: string;
  /** Set for the project roles: only this member's projects. Absent: every project of the organization. */
  memberId?: string | undefined;
}

/** A subquery of the ids of the member's projects, for `where(<project id column>, 'in', ...)`. */
export function projectsOfMember(q: Kysely<DB>, organizationId: string, memberId: string) {
  return q
    .selectFrom('projects as rp')
    .select('rp.id')
    .where('rp.organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb('rp.manager_id', '=', memberId),
        eb.exists(
          eb
            .selectFrom('project_members as rpm')
            .select('rpm.id')
            .whereRef('rpm.project_id', '=', 'rp.id')
            .where('rpm.member_id', '=', memberId)
            .where('rpm.deleted_at', 'is', null),
        ),
      ]),
    );
}

/** Whether a survey (not deleted) lies in one of the member's projects. */
export async function surveyInMemberProjects(q: Kysely<DB>, organizationId: string, memberId: string, surveyId: string): Promise<boolean> {
  const row = await q
    .selectFrom('surveys as s')
    .select('s.id')
    .where('s.id', '=', surveyId)
    .where('s.organization_id', '=', organizationId)
    .where('s.deleted_at', 'is', null)
    .where('s.project_id', 'in', projectsOfMember(q, organizationId, memberId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the survey is a live survey of this project of the organization. */
export async function surveyInProject(q: Kysely<DB>, p: { organizationId: string; projectId: string }, surveyId: string): Promise<boolean> {
  const row = await q
    .selectFrom('surveys')
    .select('id')
    .where('id', '=', surveyId)
    .where('organization_id', '=', p.organizationId)
    .where('project_id', '=', p.projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
