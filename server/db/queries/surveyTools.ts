// The builder's survey rows: the Survey Tools list, locking a survey for a save or a status change,
// its head fields, and the recycle bin's view of surveys. Every query is scoped to the organization.
import { sql, type Kysely } from 'kysely';
import type { SurveyStatus } from '../../../engine/survey/index';
import { containsPattern, offsetOf, type PageRequest } from './paging';
import type { DB } from '../schema';
import { projectsOfMember, type ProjectScope } from './projectScope';

type Q = Kysely<DB>;

export interface ToolsFilter extends PageRequest {
  projectId: string;
  search?: string | undefined;
  statuses?: readonly number[] | undefined;
}

/** The project's live surveys, newest change first, with their submission counts; and how many there are. */
export async function listSurveyTools(q: Q, organizationId: string, f: ToolsFilter) {
  const pattern = containsPattern(f.search);
  const base = q
    .selectFrom('surveys as s')
    .where('s.organization_id', '=', organizationId)
    .where('s.project_id', '=', f.projectId)
    .where('s.deleted_at', 'is', null)
    .$if(pattern !== undefined, (qb) => qb.where(sql<boolean>`s.name ilike ${pattern!}`))
    .$if((f.statuses?.length ?? 0) > 0, (qb) => qb.where('s.status', 'in', [...f.statuses!]));
  const [rows, total] = await Promise.all([
    base
      .select([
        's.id',
        's.name',
        's.description',
        's.status',
        's.collection_goal',
        's.end_date',
        's.version',
        's.created_at',
        's.updated_at',
        's.public_link_uuid',
      ])
      .select((eb) =>
        eb
          .selectFrom('submissions as x')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('x.survey_id', '=', 's.id')
          .where('x.deleted_at', 'is', null)
          .as('submission_count'),
      )
      .orderBy('s.updated_at', 'desc')
      .orderBy('s.id')
      .limit(f.pageSize)
      .offset(offsetOf(f))
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export interface LockedSurvey {
  id: string;
  projectId: string;
  status: SurveyStatus;
  version: number;
  name: string;
}

/** The live survey, its row locked until the transaction ends (saves and status changes queue here). */
export async function lockSurvey(q: Q, organizationId: string, surveyId: string): Promise<LockedSurvey | undefined> {
  const r = await q
    .selectFrom('surveys')
    .select(['id', 'project_id', 'status', 'version', 'name'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', surveyId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return r ? { id: r.id, projectId: r.project_id, status: r.status as SurveyStatus, version: r.version, name: r.name } : undefined;
}

/** Head fields of a save; the version goes up even when only these change, so a stale tab notices. */
export async function updateSurveyFields(
  q: Q,
  organizationId: string,
  surveyId: string,
  f: { name: string; description: string; endDate: Date | null; toggleLocation: boolean },
): Promise<number> {
  const r = await q
    .updateTable('surveys')
    .set((eb) => ({
      name: f.name,
      description: f.description,
      end_date: f.endDate,
      toggle_location: f.toggleLocation,
      version: eb('version', '+', 1),
      updated_at: new Date(),
    }))
    .where('organization_id', '=', organizationId)
    .where('id', '=', surveyId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return r.version;
}

export async function setSurveyStatus(q: Q, organizationId: string, surveyId: string, status: SurveyStatus): Promise<void> {
  await q
    .updateTable('surveys')
    .set({ status, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', surveyId)
    .execute();
}

export async function surveyVersionOf(q: Q, organizationId: string, surveyId: string): Promise<number> {
  const r = await q
    .selectFrom('surveys')
    .select('version')
    .where('organization_id', '=', organizationId)
    .where('id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return r.version;
}

/** Settings a copy takes over from its original. */
export async function surveySettings(q: Q, organizationId: string, surveyId: string) {
  return q
    .selectFrom('surveys')
    .select(['project_id', 'collection_goal', 'data_collection_type', 'multiple_link'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', surveyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

// ---- the recycle bin ---------------------------------------------------------------------------------

/** The surveys of these ids that the scope reaches (a project role: its projects only). */
export async function surveysById(q: Q, scope: ProjectScope, ids: readonly string[]) {
  if (!ids.length) return [];
  const { organizationId, memberId } = scope;
  const rows = await q
    .selectFrom('surveys')
    .select(['id', 'deleted_at'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .$if(memberId !== undefined, (qb) => qb.where('project_id', 'in', projectsOfMember(q, organizationId, memberId!)))
    .execute();
  return rows.map((r) => ({ id: r.id, deletedAt: r.deleted_at }));
}

export async function binnedSurveyIds(q: Q, scope: ProjectScope): Promise<string[]> {
  const { organizationId, memberId } = scope;
  const rows = await q
    .selectFrom('surveys')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is not', null)
    .$if(memberId !== undefined, (qb) => qb.where('project_id', 'in', projectsOfMember(q, organizationId, memberId!)))
    .execute();
  return rows.map((r) => r.id);
}

export async function setSurveysDeleted(q: Q, organizationId: string, ids: readonly string[], at: Date | null): Promise<void> {
  if (!ids.length) return;
  await q
    .updateTable('surveys')
    .set({ deleted_at: at, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
}

export async function purgeSurveys(q: Q, organizationId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await q.deleteFrom('surveys').where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
}
