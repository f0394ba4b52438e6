// The Survey Tools list (/survey/survey-tools): a project's surveys with status, goal, submissions and
// last change; searched by name, filtered by status, paged.
import type { Kysely } from 'kysely';
import type { SurveyStatus } from '../../engine/survey/index';
import { SURVEY_STATUS_NAMES } from '../../schemas/surveyBuilder';
import { projectExists } from '../db/queries/surveys';
import { listSurveyTools, type ToolsFilter } from '../db/queries/surveyTools';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';
import { publicLinkOf } from './surveys';

export async function surveyTools(db: Kysely<DB>, t: Tenant, f: ToolsFilter) {
  const { organizationId } = t;
  // A project role lists only its own projects' surveys; another project is not found.
  if (!(await projectExists(db, projectScopeOf(t), f.projectId))) throw problem('notFound');
  const { rows, total } = await listSurveyTools(db, organizationId, f);
  return {
    surveys: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      surveyStatusId: r.status as SurveyStatus,
      status: SURVEY_STATUS_NAMES[r.status as SurveyStatus],
      collectionGoal: r.collection_goal,
      submissionCount: Number(r.submission_count ?? 0),
      endDate: r.end_date?.toISOString() ?? null,
      version: r.version,
      publicLink: publicLinkOf({ id: r.id, publicLinkUuid: r.public_link_uuid }),
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    })),
    totalSize: total,
  };
}
