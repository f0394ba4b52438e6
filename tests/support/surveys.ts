// A survey row for a project, for the rules that depend on surveys ("a workspace whose projects have
// surveys cannot be deleted", the dashboard counts). The surveys table arrives with migration 3; until
// then a minimal stand-in is created in the test database. Once the real table exists, the insert fills
// only the columns it can name and fails loudly if that is not enough: then seed through its fixtures.
import { sql } from 'kysely';
import type { TestApp } from './app';

export async function addSurvey(t: TestApp, organizationId: string, projectId: string): Promise<string> {
  const exists = await sql<{ r: string | null }>`select to_regclass('surveys')::text as r`.execute(t.db);
  if (!exists.rows[0]?.r) {
    await sql`create table surveys (id uuid primary key default gen_random_uuid(), project_id uuid not null, deleted_at timestamptz)`.execute(t.db);
    await sql`create table submissions (id uuid primary key default gen_random_uuid(), survey_id uuid not null references surveys(id))`.execute(t.db);
  }
  const cols = await sql<{ column_name: string }>`
    select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'surveys'`.execute(t.db);
  const has = new Set(cols.rows.map((c) => c.column_name));
  const values: Record<string, unknown> = { project_id: projectId };
  if (has.has('organization_id')) values.organization_id = organizationId;
  if (has.has('name')) values.name = 'Test survey';
  const names = Object.keys(values);
  const r = await sql<{ id: string }>`insert into surveys (${sql.join(names.map((n) => sql.ref(n)))}) values (${sql.join(names.map((n) => values[n]))}) returning id`.execute(t.db);
  return r.rows[0]!.id;
}

export async function addSubmission(t: TestApp, surveyId: string): Promise<void> {
  await sql`insert into submissions (survey_id) values (${surveyId})`.execute(t.db);
}
