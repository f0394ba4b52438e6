// Survey data: a survey's submissions filtered, sorted and paged in SQL; their answers for a
// page or a batch; the review and the corrections with their audit rows. A filter on one question is
// an index lookup on answers (item_id, value), not a scan of every row's JSON. Every query is bounded by
// the organization and the survey; the caller (services/submissionData.ts) has checked that the survey
// lies in the caller's projects.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { AnswerFilter } from '../../../engine/survey/index';
import type { DB } from '../schema';
import { containsPattern } from './paging';
import { projectsOfMember } from './projectScope';

type Q = Kysely<DB>;
type S = ExpressionBuilder<DB & { s: DB['submissions'] }, 's'>;

export interface DataFilter {
  organizationId: string;
  surveyId: string;
  /** DataCollectors: only what this user submitted. */
  ownerId?: string | undefined;
  collectorId?: string | undefined;
  taskId?: string | undefined;
  /** Days (yyyy-mm-dd, UTC), both included. */
  from?: string | undefined;
  to?: string | undefined;
  reviewStatuses?: readonly number[] | undefined;
  search?: string | undefined;
  answers: readonly AnswerFilter[];
  /** Only these submissions (bulk review). */
  ids?: readonly string[] | undefined;
}

export type SortField = 'submittedAt' | 'startedAt' | 'collector' | 'reviewStatus' | 'duration';
export interface DataSort {
  field: SortField | { itemId: string; column: AnswerFilter['column'] };
  desc: boolean;
}

const VALUE_COLUMN = { number: 'number_value', text: 'text_value', choices: 'choice_ids', bool: 'bool_value' } as const;
/** answers_item_text_of indexes texts shorter than this (migration 22). */
const SHORT_TEXT = 200;
const COMPARE = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function answerCondition(f: AnswerFilter) {
  const col = sql.ref(`a.${VALUE_COLUMN[f.column]}`);
  const v = f.values[0];
  switch (f.op) {
    case 'empty':
    case 'notempty':
      return sql<boolean>`true`;
    case 'in':
      return sql<boolean>`${col} && ${sql.val(f.values as string[])}::uuid[]`;
    case 'contains':
      return sql<boolean>`${col} ilike ${containsPattern(String(v)) ?? '%'}`;
    default:
      if (f.column === 'choices')
        return sql<boolean>`${col} @> ${sql.val(f.values as string[])}::uuid[] and ${col} <@ ${sql.val(f.values as string[])}::uuid[]`;
      if (f.column === 'number') return sql<boolean>`${col} ${sql.raw(COMPARE[f.op])} ${Number(v)}::numeric`;
      if (f.column === 'bool') return sql<boolean>`${col} = ${Boolean(v)}`;
      // An equal short text: the same condition as answers_item_text_of's, so that index answers it
      // (a text longer than the value cannot equal it; other comparisons must still see long texts).
      if (f.op === 'eq' && String(v).length < SHORT_TEXT)
        return sql<boolean>`${col} = ${String(v)}::text and length(${col}) < ${sql.lit(SHORT_TEXT)}`;
      return sql<boolean>`${col} ${sql.raw(COMPARE[f.op])} ${String(v)}::text`;
  }
}

export function dataWhere(eb: S, f: DataFilter): Expression<SqlBool> {
  const and: Expression<SqlBool>[] = [
    eb('s.organization_id', '=', f.organizationId),
    eb('s.survey_id', '=', f.surveyId),
    eb('s.deleted_at', 'is', null),
  ];
  if (f.ownerId) and.push(eb('s.submitter_id', '=', f.ownerId));
  if (f.collectorId) and.push(eb('s.submitter_id', '=', f.collectorId));
  if (f.taskId) and.push(eb('s.task_id', '=', f.taskId));
  if (f.from) and.push(sql<SqlBool>`s.submitted_at >= ${f.from}::date`);
  if (f.to) and.push(sql<SqlBool>`s.submitted_at < ${f.to}::date + 1`);
  if (f.reviewStatuses?.length) and.push(eb('s.review_status', 'in', [...f.reviewStatuses]));
  if (f.ids) and.push(f.ids.length ? eb('s.id', 'in', [...f.ids]) : sql<SqlBool>`false`);
  const pattern = containsPattern(f.search);
  if (pattern) {
    and.push(sql<SqlBool>`(exists (select 1 from answers a where a.organization_id = s.organization_id and a.submission_id = s.id and a.text_value ilike ${pattern})
      or exists (select 1 from users u where u.id = s.submitter_id and u.full_name ilike ${pattern}))`);
  }
  for (const a of f.answers) {
    const found = sql<SqlBool>`exists (select 1 from answers a where a.organization_id = s.organization_id and a.submission_id = s.id and a.item_id = ${a.itemId}::uuid and ${answerCondition(a)})`;
    and.push(a.op === 'empty' ? sql<SqlBool>`not ${found}` : found);
  }
  return eb.and(and);
}

function orderExpr(sort: DataSort) {
  const f = sort.field;
  if (typeof f === 'object') {
    return sql`(select ${sql.ref(`a.${VALUE_COLUMN[f.column]}`)} from answers a where a.submission_id = s.id and a.item_id = ${f.itemId}::uuid and a.repeat_path = '')`;
  }
  switch (f) {
    case 'submittedAt':
      return sql`s.submitted_at`;
    case 'startedAt':
      return sql`s.started_at`;
    case 'collector':
      return sql`(select u.full_name from users u where u.id = s.submitter_id)`;
    case 'reviewStatus':
      return sql`s.review_status`;
    case 'duration':
      return sql`(s.submitted_at - s.started_at)`;
  }
}

export interface SubmissionHeadRow {
  id: string;
  surveyId: string;
  submittedAt: Date;
  startedAt: Date | null;
  submitterId: string | null;
  submitterName: string | null;
  taskId: string | null;
  latitude: number | null;
  longitude: number | null;
  reviewStatus: number;
  reviewComment: string | null;
  reviewedAt: Date | null;
  reviewerName: string | null;
  surveyVersion: number | null;
  languageId: number | null;
  isAnonymous: boolean;
  dataCollectionType: number;
}

/** The head columns of submissions (s) with their submitter (u) and reviewer (r). */
export function headsQuery(q: Q) {
  return q
    .selectFrom('submissions as s')
    .leftJoin('users as u', 'u.id', 's.submitter_id')
    .leftJoin('users as r', 'r.id', 's.reviewed_by')
    .select([
      's.id',
      's.survey_id',
      's.submitted_at',
      's.started_at',
      's.submitter_id',
      'u.full_name as submitter_name',
      's.task_id',
      's.latitude',
      's.longitude',
      's.review_status',
      's.review_comment',
      's.reviewed_at',
      'r.full_name as reviewer_name',
      's.survey_version',
      's.language_id',
      's.is_anonymous',
      's.data_collection_type',
    ]);
}

type HeadRecord = Awaited<ReturnType<ReturnType<typeof headsQuery>['execute']>>[number];

/** The head columns an export writes and pages by (submissionCopies.ts nextCompactBatch reads only these). */
export const EXPORT_HEAD_COLUMNS = [
  's.id',
  's.submitted_at',
  's.started_at',
  'u.full_name as submitter_name',
  's.task_id',
  's.latitude',
  's.longitude',
  's.review_status',
  's.review_comment',
  's.survey_version',
] as const;
type ExportHeadRecord = Pick<
  HeadRecord,
  | 'id'
  | 'submitted_at'
  | 'started_at'
  | 'submitter_name'
  | 'task_id'
  | 'latitude'
  | 'longitude'
  | 'review_status'
  | 'review_comment'
  | 'survey_version'
>;
export type ExportHead = Pick<
  SubmissionHeadRow,
  | 'id'
  | 'submittedAt'
  | 'startedAt'
  | 'submitterName'
  | 'taskId'
  | 'latitude'
  | 'longitude'
  | 'reviewStatus'
  | 'reviewComment'
  | 'surveyVersion'
>;

export const toExportHead = (r: ExportHeadRecord): ExportHead => ({
  id: r.id,
  submittedAt: r.submitted_at,
  startedAt: r.started_at,
  submitterName: r.submitter_name,
  taskId: r.task_id,
  latitude: r.latitude,
  longitude: r.longitude,
  reviewStatus: r.review_status,
  reviewComment: r.review_comment,
  surveyVersion: r.survey_version,
});

export const toHead = (r: HeadRecord): SubmissionHeadRow => ({
  ...toExportHead(r),
  surveyId: r.survey_id,
  submitterId: r.submitter_id,
  reviewedAt: r.reviewed_at,
  reviewerName: r.reviewer_name,
  languageId: r.language_id,
  isAnonymous: r.is_anonymous,
  dataCollectionType: r.data_collection_type,
});

export async function countSubmissionsWhere(q: Q, f: DataFilter): Promise<number> {
  const r = await q
    .selectFrom('submissions as s')
    .select(sql<number>`count(*)::int`.as('n'))
    .where((eb) => dataWhere(eb as S, f))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function pageOfSubmissions(
  q: Q,
  f: DataFilter,
  sort: DataSort,
  page: { offset: number; limit: number },
): Promise<SubmissionHeadRow[]> {
  const dir = sort.desc ? sql`desc nulls last` : sql`asc nulls first`;
  const rows = await headsQuery(q)
    .where((eb) => dataWhere(eb as unknown as S, f))
    .orderBy(sql`${orderExpr(sort)} ${dir}`)
    .orderBy('s.id', sort.desc ? 'desc' : 'asc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map(toHead);
}

/**
 * The next batch of an export after (submittedAt, id), oldest first: keyset paging, so every batch is an
 * index range and memory holds one batch whatever the size of the survey.
 */
export async function nextBatch(q: Q, f: DataFilter, after: { id: string } | null, limit: number): Promise<SubmissionHeadRow[]> {
  const rows = await headsQuery(q)
    .where((eb) => dataWhere(eb as unknown as S, f))
    // The key is read back from the row itself: a JavaScript Date holds milliseconds, the column microseconds.
    .$if(after !== null, (qb) =>
      qb.where(sql<SqlBool>`(s.submitted_at, s.id) > (select k.submitted_at, k.id from submissions k where k.id = ${after!.id}::uuid)`),
    )
    // Both columns are NOT NULL; "nulls first" is what submissions_survey_order gives read backwards.
    .orderBy(sql`s.submitted_at asc nulls first, s.id asc nulls first`)
    .limit(limit)
    .execute();
  return rows.map(toHead);
}

export async function findSubmissionHead(
  q: Q,
  f: Pick<DataFilter, 'organizationId' | 'ownerId'>,
  id: string,
): Promise<SubmissionHeadRow | undefined> {
  const r = await headsQuery(q)
    .where('s.id', '=', id)
    .where('s.organization_id', '=', f.organizationId)
    .where('s.deleted_at', 'is', null)
    .$if(f.ownerId !== undefined, (qb) => qb.where('s.submitter_id', '=', f.ownerId!))
    .executeTakeFirst();
  return r ? toHead(r) : undefined;
}

export interface StoredAnswerRow {
  submissionId: string;
  itemId: string;
  repeatPath: string;
  text: string | null;
  number: number | null;
  bool: boolean | null;
  choices: string | null;
  detail: unknown;
}

/** uuid[] arrives as a JS array from pg and as '{a,b}' text from some drivers. */
function uuidList(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.map(String).join(',');
  return String(v).replace(/^\{|\}$/g, '');
}

/** The answers of some submissions; `topOnly`: without repeat instances. */
export async function answersOf(
  q: Q,
  organizationId: string,
  submissionIds: readonly string[],
  topOnly: boolean,
): Promise<StoredAnswerRow[]> {
  if (!submissionIds.length) return [];
  const rows = await q
    .selectFrom('answers')
    .select(['submission_id', 'item_id', 'repeat_path', 'text_value', 'number_value', 'bool_value', 'choice_ids', 'detail'])
    .where('organization_id', '=', organizationId)
    .where('submission_id', 'in', [...submissionIds])
    .$if(topOnly, (qb) => qb.where('repeat_path', '=', ''))
    .execute();
  return rows.map((r) => ({
    submissionId: r.submission_id,
    itemId: r.item_id,
    repeatPath: r.repeat_path,
    text: r.text_value,
    number: r.number_value === null ? null : Number(r.number_value),
    bool: r.bool_value,
    choices: uuidList(r.choice_ids),
    detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as unknown) : (r.detail ?? null),
  }));
}

export async function filesOf(q: Q, organizationId: string, submissionIds: readonly string[]) {
  if (!submissionIds.length) return [];
  return q
    .selectFrom('submission_files')
    .select(['id', 'submission_id', 'item_id', 'repeat_path', 'storage_key', 'file_name', 'content_type', 'size_bytes'])
    .where('organization_id', '=', organizationId)
    .where('submission_id', 'in', [...submissionIds])
    .orderBy('created_at')
    .execute();
}

export async function findFile(q: Q, organizationId: string, fileId: string) {
  return q
    .selectFrom('submission_files')
    .select(['id', 'submission_id', 'storage_key', 'file_name', 'content_type'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

// ---- Review and corrections ------------------------------------------------------------------------

export interface Actor {
  userId: string;
  organizationId: string;
}

export interface AuditEntryInput {
  submissionId: string;
  action: 'review' | 'correction';
  itemId: string | null;
  repeatPath: string;
  oldValue: unknown;
  newValue: unknown;
  comment: string | null;
}

export async function writeAudit(q: Q, actor: Actor, entries: readonly AuditEntryInput[]): Promise<void> {
  if (!entries.length) return;
  const name = await q.selectFrom('users').select('full_name').where('id', '=', actor.userId).executeTakeFirst();
  await q
    .insertInto('submission_audit')
    .values(
      entries.map((e) => ({
        organization_id: actor.organizationId,
        submission_id: e.submissionId,
        user_id: actor.userId,
        user_name: (name?.full_name ?? '').slice(0, 200),
        action: e.action,
        item_id: e.itemId,
        repeat_path: e.repeatPath,
        old_value: e.oldValue === undefined ? null : JSON.stringify(e.oldValue),
        new_value: e.newValue === undefined ? null : JSON.stringify(e.newValue),
        comment: e.comment,
      })),
    )
    .execute();
}

/** Sets the review of submissions; returns the ones changed with what they were before. */
export async function setReview(q: Q, actor: Actor, ids: readonly string[], status: number, comment: string | null) {
  const before = await q
    .selectFrom('submissions')
    .select(['id', 'survey_id', 'review_status', 'review_comment'])
    .where('organization_id', '=', actor.organizationId)
    .where('id', 'in', [...ids])
    .forUpdate()
    .execute();
  if (!before.length) return [];
  await q
    .updateTable('submissions')
    .set({ review_status: status, review_comment: comment, reviewed_by: actor.userId, reviewed_at: new Date() })
    .where('organization_id', '=', actor.organizationId)
    .where(
      'id',
      'in',
      before.map((b) => b.id),
    )
    .execute();
  return before.map((b) => ({ id: b.id, surveyId: b.survey_id, status: b.review_status, comment: b.review_comment }));
}

export interface AnswerWrite {
  itemId: string;
  questionType: number;
  repeatPath: string;
  text: string | null;
  number: number | null;
  bool: boolean | null;
  choices: readonly string[] | null;
}

/** Writes one answer in place (a correction): inserted when the question had no answer. */
export async function upsertAnswer(q: Q, organizationId: string, submissionId: string, a: AnswerWrite): Promise<void> {
  await sql`
    insert into answers (organization_id, submission_id, item_id, question_type, repeat_path, text_value, number_value, bool_value, choice_ids)
    values (${organizationId}::uuid, ${submissionId}::uuid, ${a.itemId}::uuid, ${a.questionType}::int2, ${a.repeatPath}, ${a.text}::text,
            ${a.number}::numeric, ${a.bool}::bool, ${a.choices === null ? null : sql.val([...a.choices])}::uuid[])
    on conflict (submission_id, item_id, repeat_path) do update
      set text_value = excluded.text_value, number_value = excluded.number_value, bool_value = excluded.bool_value,
          choice_ids = excluded.choice_ids, detail = null`.execute(q);
}

export async function auditOf(q: Q, organizationId: string, submissionId: string, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    q
      .selectFrom('submission_audit')
      .select(['id', 'user_id', 'user_name', 'at', 'action', 'item_id', 'repeat_path', 'old_value', 'new_value', 'comment'])
      .where('organization_id', '=', organizationId)
      .where('submission_id', '=', submissionId)
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    q
      .selectFrom('submission_audit')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('organization_id', '=', organizationId)
      .where('submission_id', '=', submissionId)
      .executeTakeFirstOrThrow(),
  ]);
  // jsonb arrives parsed (pg and PGlite): a string here is a JSON string value, not JSON text.
  const json = (v: unknown) => v ?? null;
  return {
    totalSize: Number(total.n),
    entries: rows.map((r) => ({
      id: String(r.id),
      userId: r.user_id,
      userName: r.user_name,
      at: r.at,
      action: r.action,
      itemId: r.item_id,
      repeatPath: r.repeat_path,
      oldValue: json(r.old_value),
      newValue: json(r.new_value),
      comment: r.comment,
    })),
  };
}

/** Of these submissions, the ids the caller reaches: their organization, and for project roles their projects. */
export async function submissionsInScope(
  q: Q,
  scope: { organizationId: string; memberId?: string | undefined },
  ids: readonly string[],
): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await q
    .selectFrom('submissions as s')
    .innerJoin('surveys as v', (j) => j.onRef('v.id', '=', 's.survey_id').onRef('v.organization_id', '=', 's.organization_id'))
    .select('s.id')
    .where('s.organization_id', '=', scope.organizationId)
    .where('s.id', 'in', [...ids])
    .where('s.deleted_at', 'is', null)
    .where('v.deleted_at', 'is', null)
    .$if(scope.memberId !== undefined, (qb) => qb.where('v.project_id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
    .execute();
  return rows.map((r) => r.id);
}
