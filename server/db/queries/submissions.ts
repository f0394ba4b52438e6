// Submissions, their answers and files. The hot path (SubmitSurvey) is two statements: one reads the
// survey with everything the refusals need, one writes the submission, all its answers and its compact
// copy at once (a CTE over unnest(), atomic without an explicit transaction).
import { hearsEvent } from './webhooks';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';

type Q = Kysely<DB>;

export interface SubmissionContext {
  surveyId: string;
  organizationId: string;
  status: number;
  endDate: Date | null;
  version: number;
  publicLinkUuid: string;
  multipleLink: boolean;
  defaultLanguageId: number;
  /** A submission of this organization with the client's id, when one exists. */
  existing: { id: string; contentHash: string } | null;
  /** The single-use link was used already. */
  linkUsed: boolean;
}

/** The survey (any organization: public links resolve it) and the state the submit rules read. */
export async function submissionContext(
  q: Q,
  surveyId: string,
  clientId: string,
  linkUuid: string | null,
): Promise<SubmissionContext | undefined> {
  const { rows } = await sql<{
    organization_id: string;
    status: number;
    end_date: Date | null;
    version: number;
    public_link_uuid: string;
    multiple_link: boolean;
    default_language_id: number;
    existing_id: string | null;
    existing_hash: string | null;
    link_used: boolean;
  }>`
    select s.organization_id, s.status, s.end_date, s.version, s.public_link_uuid, s.multiple_link, s.default_language_id,
           x.id as existing_id, x.content_hash as existing_hash,
           (${linkUuid}::text is not null and exists (
             select 1 from submissions u where u.survey_id = s.id and u.link_uuid = ${linkUuid}::text and u.single_use_link)) as link_used
      from surveys s
      left join submissions x on x.organization_id = s.organization_id and x.client_id = ${clientId}::uuid
     where s.id = ${surveyId}::uuid and s.deleted_at is null`.execute(q);
  const r = rows[0];
  if (!r) return undefined;
  return {
    surveyId,
    organizationId: r.organization_id,
    status: r.status,
    endDate: r.end_date,
    version: r.version,
    publicLinkUuid: r.public_link_uuid,
    multipleLink: r.multiple_link,
    defaultLanguageId: r.default_language_id,
    existing: r.existing_id && r.existing_hash ? { id: r.existing_id, contentHash: r.existing_hash } : null,
    linkUsed: r.link_used,
  };
}

export interface AnswerRow {
  itemId: string;
  questionType: number;
  repeatPath: string;
  text: string | null;
  number: number | null;
  bool: boolean | null;
  /** Comma-joined choice ids (one SQL array parameter per column). */
  choices: string | null;
  /** Coordinates, matrix, rankings, ratings: stored as jsonb. */
  detail: unknown;
}

export interface NewSubmission {
  organizationId: string;
  surveyId: string;
  clientId: string;
  contentHash: string;
  dataCollectionType: number;
  isAnonymous: boolean;
  submitterId: string | null;
  taskId: string | null;
  receiverId: string | null;
  linkUuid: string | null;
  singleUseLink: boolean;
  languageId: number | null;
  startedAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  /** The survey version the answers were validated against. */
  surveyVersion: number | null;
  answers: readonly AnswerRow[];
  /** The compact copy of the answers (services/compactCopy.ts), which exports read. */
  copy: { top: string; repeats: string | null };
}

/** What must still hold when a submission is written without reading the survey first. */
export interface SurveyGuard {
  version: number;
  /** The public link used ('multiple-link' or the survey's uuid), which must be reusable; null for none. */
  link: string | null;
  /** The project the survey must still be in (an ODK device's); null for any. */
  project?: string | null;
}

/**
 * Writes a submission with its answers in one statement. Undefined when nothing was written: a
 * submission with this client id exists (the caller compares contents), or, with a guard, the survey
 * changed, closed, expired or no longer opens through that link (the caller reads it and decides).
 */
export async function insertSubmission(
  q: Q,
  s: NewSubmission,
  guard?: SurveyGuard,
): Promise<{ id: string; submittedAt: Date; deliveries: string[] } | undefined> {
  // One JSON parameter for all answers: cheaper to send and to serialize than one array per column.
  const answers = JSON.stringify(
    s.answers.map((r) => ({
      i: r.itemId,
      t: r.questionType,
      p: r.repeatPath,
      x: r.text,
      n: r.number,
      b: r.bool,
      c: r.choices,
      d: r.detail ?? null,
    })),
  );
  const { rows } = await sql<{ id: string; submitted_at: Date; deliveries: string[] }>`/* prepared: insert_submission */
    with s as (
      insert into submissions (organization_id, survey_id, client_id, content_hash, data_collection_type, is_anonymous, submitter_id,
                               task_id, receiver_id, link_uuid, single_use_link, language_id, started_at, latitude, longitude, survey_version)
      select ${s.organizationId}::uuid, ${s.surveyId}::uuid, ${s.clientId}::uuid, ${s.contentHash}, ${s.dataCollectionType}::int2, ${s.isAnonymous}::bool,
             ${s.submitterId}::uuid, ${s.taskId}::uuid, ${s.receiverId}::uuid, ${s.linkUuid}::text, ${s.singleUseLink}::bool, ${s.languageId}::int,
             ${s.startedAt}::timestamptz, ${s.latitude}::float8, ${s.longitude}::float8, ${s.surveyVersion}::int
       where ${guard === undefined}::bool or exists (
             select 1 from surveys v
              where v.id = ${s.surveyId}::uuid and v.organization_id = ${s.organizationId}::uuid and v.version = ${guard?.version ?? 0}::int
                and v.status = 1 and v.deleted_at is null and (v.end_date is null or v.end_date >= now())
                and (${guard?.project ?? null}::uuid is null or v.project_id = ${guard?.project ?? null}::uuid)
                and (${guard?.link ?? null}::text is null
                     or (v.multiple_link and (${guard?.link ?? null}::text = 'multiple-link' or v.public_link_uuid::text = ${guard?.link ?? null}::text))))
      on conflict (organization_id, client_id) do nothing
      returning id, submitted_at
    ), a as (
      insert into answers (organization_id, submission_id, item_id, question_type, repeat_path, text_value, number_value, bool_value, choice_ids, detail)
      select ${s.organizationId}::uuid, s.id, x.i, x.t, x.p, x.x, x.n, x.b, string_to_array(x.c, ',')::uuid[], x.d
        from s, json_to_recordset(${answers}::json) as x(i uuid, t int2, p text, x text, n numeric, b boolean, c text, d jsonb)
    ), d as (
      insert into submission_data (submission_id, organization_id, top, repeats)
      select s.id, ${s.organizationId}::uuid, ${s.copy.top}::text, ${s.copy.repeats}::text from s
    ), w as (
      -- The webhooks told of it (services/webhooks.ts queueEvent), in the same statement: a stored
      -- submission is always announced, one that was not stored never is.
      insert into webhook_deliveries (organization_id, webhook_id, event, survey_id, submission_id)
      select h.organization_id, h.id, 'submission.created', v.id, s.id
        from s
        join surveys v on v.organization_id = ${s.organizationId}::uuid and v.id = ${s.surveyId}::uuid
        join webhooks h on ${hearsEvent('submission.created')}
      returning id
    )
    select id, submitted_at, array(select id from w) as deliveries from s`.execute(q);
  const r = rows[0];
  return r ? { id: r.id, submittedAt: r.submitted_at, deliveries: r.deliveries } : undefined;
}

export interface NewFile {
  organizationId: string;
  submissionId: string;
  itemId: string;
  repeatPath: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

export async function insertFiles(q: Q, files: readonly NewFile[]): Promise<void> {
  if (!files.length) return;
  await q
    .insertInto('submission_files')
    .values(
      files.map((f) => ({
        organization_id: f.organizationId,
        submission_id: f.submissionId,
        item_id: f.itemId,
        repeat_path: f.repeatPath,
        storage_key: f.storageKey,
        file_name: f.fileName,
        content_type: f.contentType,
        size_bytes: f.size,
        sha256: f.sha256,
      })),
    )
    .execute();
}

export interface StoredSubmissionRow {
  id: string;
  clientId: string;
  surveyId: string;
  contentHash: string;
  submittedAt: Date;
  answerCount: number;
}

export async function findSubmissionByClientId(q: Q, organizationId: string, clientId: string): Promise<StoredSubmissionRow | undefined> {
  const r = await q
    .selectFrom('submissions as s')
    .select(['s.id', 's.client_id', 's.survey_id', 's.content_hash', 's.submitted_at'])
    .select((eb) =>
      eb
        .selectFrom('answers as a')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('a.submission_id', '=', 's.id')
        .as('answer_count'),
    )
    .where('s.organization_id', '=', organizationId)
    .where('s.client_id', '=', clientId)
    .executeTakeFirst();
  return r
    ? {
        id: r.id,
        clientId: r.client_id,
        surveyId: r.survey_id,
        contentHash: r.content_hash,
        submittedAt: r.submitted_at,
        answerCount: Number(r.answer_count ?? 0),
      }
    : undefined;
}

/** A submission's answers, in the order they were written. */
export async function loadAnswerRows(q: Q, organizationId: string, submissionId: string): Promise<AnswerRow[]> {
  const rows = await q
    .selectFrom('answers')
    .select(['item_id', 'question_type', 'repeat_path', 'text_value', 'number_value', 'bool_value', 'choice_ids', 'detail'])
    .where('organization_id', '=', organizationId)
    .where('submission_id', '=', submissionId)
    .execute();
  return rows.map((r) => ({
    itemId: r.item_id,
    questionType: r.question_type,
    repeatPath: r.repeat_path,
    text: r.text_value,
    number: r.number_value === null ? null : Number(r.number_value),
    bool: r.bool_value,
    choices: r.choice_ids === null ? null : parseUuidArray(r.choice_ids).join(','),
    detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as unknown) : (r.detail ?? null),
  }));
}

/** uuid[] arrives as a JS array from pg and as '{a,b}' text from some drivers. */
function parseUuidArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string')
    return v
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
}

/** The organization and content version of a survey that is not deleted (any organization: public links). */
export async function surveyVersion(q: Q, surveyId: string): Promise<{ organizationId: string; version: number } | undefined> {
  const row = await q
    .selectFrom('surveys')
    .select(['organization_id', 'version'])
    .where('id', '=', surveyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { organizationId: row.organization_id, version: row.version } : undefined;
}
