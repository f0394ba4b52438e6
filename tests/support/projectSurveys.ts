// A bare survey row (and submissions) for a project, for the workspace and project rules that only
// count surveys: a workspace whose projects have surveys cannot be deleted; the project list and the
// dashboard count surveys and submissions. Surveys with content are tests/support/surveys.ts's.
import { sql } from 'kysely';
import type { TestApp } from './app';

export async function addSurvey(t: TestApp, organizationId: string, projectId: string): Promise<string> {
  const english = await t.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('surveys')
    .values({
      organization_id: organizationId,
      project_id: projectId,
      name: 'Test survey',
      default_language_id: english.id,
      end_date: null,
      created_by: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addSubmission(t: TestApp, organizationId: string, surveyId: string): Promise<void> {
  await sql`insert into submissions (organization_id, survey_id, client_id, content_hash, data_collection_type)
            values (${organizationId}, ${surveyId}, gen_random_uuid(), ${'a'.repeat(64)}, 0)`.execute(t.db);
}
