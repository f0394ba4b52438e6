// The compact copies of submissions (migration 0014; services/compactCopy.ts encodes them): the column
// numbers of a survey's questions and choices, and the copy of each submission that exports read.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../schema';
import { EXPORT_HEAD_COLUMNS, dataWhere, toExportHead, type DataFilter, type ExportHead } from './submissionData';

type Q = Kysely<DB>;

/** A survey's column numbers, by item or choice id. */
export async function dataColumnsOf(q: Q, surveyId: string): Promise<Map<string, number>> {
  const rows = await q.selectFrom('survey_data_columns').select(['key_id', 'n']).where('survey_id', '=', surveyId).execute();
  return new Map(rows.map((r) => [r.key_id, r.n]));
}

/**
 * Numbers `keys` that have none yet, after the survey's highest number. Two writers numbering new keys
 * at once may both pick the same number: one insert wins (the unique key), the other's rows are
 * skipped and numbered again on the next turn. No lock, so submissions never wait on each other.
 */
export async function ensureDataColumns(
  q: Q,
  organizationId: string,
  surveyId: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  for (let turn = 0; ; turn++) {
    const known = await dataColumnsOf(q, surveyId);
    const missing = [...new Set(keys.filter((k) => !known.has(k)))];
    if (!missing.length) return known;
    if (turn === 5) throw new Error(`could not number ${missing.length} data columns of survey ${surveyId}`);
    await sql`
      insert into survey_data_columns (organization_id, survey_id, key_id, n)
      select ${organizationId}::uuid, ${surveyId}::uuid, k.id,
             coalesce((select max(c.n) from survey_data_columns c where c.survey_id = ${surveyId}::uuid), 0) + k.o
        from unnest(${sql.val(missing)}::uuid[]) with ordinality k(id, o)
      on conflict do nothing`.execute(q);
  }
}

/** Writes (or, after a correction, replaces) a submission's compact copy. */
export async function writeCompactCopy(
  q: Q,
  organizationId: string,
  submissionId: string,
  copy: { top: string; repeats: string | null },
): Promise<void> {
  await q
    .insertInto('submission_data')
    .values({ submission_id: submissionId, organization_id: organizationId, top: copy.top, repeats: copy.repeats })
    .onConflict((oc) => oc.column('submission_id').doUpdateSet({ top: copy.top, repeats: copy.repeats }))
    .execute();
}

export interface CompactRow {
  head: ExportHead;
  /** null: the submission has no compact copy (it then shows no answers). */
  top: string | null;
  repeats: string | null;
}

/**
 * How much one export batch may hold: at most `rows` submissions, and no more submissions once the
 * compact copies read so far reach `bytes` (the first always comes, however large).
 */
export interface BatchLimits {
  rows: number;
  bytes: number;
}

/**
 * The next batch of an export after (submittedAt, id), oldest first, each head with its compact copy:
 * keyset paging, so every batch is an index range, and one row per submission whatever the number of
 * questions. The filters select the submissions as the table's do (answer filters through answers).
 * The batch is cut by the copies' sizes as stored (octet_length reads a TOASTed value's header, not the
 * value), so a survey of very large answers cannot bring a batch past the export worker's small heap.
 */
export async function nextCompactBatch(
  q: Q,
  f: DataFilter,
  after: { id: string } | null,
  limits: BatchLimits,
  withRepeats: boolean,
): Promise<CompactRow[]> {
  const size = withRepeats
    ? sql<number>`coalesce(octet_length(d.top), 0) + coalesce(octet_length(d.repeats), 0)`
    : sql<number>`coalesce(octet_length(d.top), 0)`;
  // Only the head columns an export writes: the driver parses every column of every row (a date each
  // for the reviewer's time, the reviewer's name, ...), which was a share of the export's CPU.
  const batch = q
    .selectFrom('submissions as s')
    .leftJoin('users as u', 'u.id', 's.submitter_id')
    .leftJoin('submission_data as d', 'd.submission_id', 's.id')
    .select(EXPORT_HEAD_COLUMNS)
    .select(['d.top', withRepeats ? 'd.repeats' : sql<string | null>`null::text`.as('repeats'), size.as('size')])
    .where((eb) => dataWhere(eb as never, f))
    // The key is read back from the row itself: a JavaScript Date holds milliseconds, the column microseconds.
    .$if(after !== null, (qb) =>
      qb.where(sql<SqlBool>`(s.submitted_at, s.id) > (select k.submitted_at, k.id from submissions k where k.id = ${after!.id}::uuid)`),
    )
    // Both columns are NOT NULL; "nulls first" is what submissions_survey_order gives read backwards.
    .orderBy(sql`s.submitted_at asc nulls first, s.id asc nulls first`)
    .limit(limits.rows);
  const withBefore = q
    .selectFrom(batch.as('b'))
    .selectAll('b')
    .select(sql<number>`sum(b.size) over (order by b.submitted_at, b.id rows unbounded preceding) - b.size`.as('before'));
  const rows = await q
    .selectFrom(withBefore.as('w'))
    .selectAll('w')
    .where('w.before', '<', limits.bytes)
    .orderBy('w.submitted_at', 'asc')
    .orderBy('w.id', 'asc')
    .execute();
  return rows.map((r) => ({ head: toExportHead(r), top: r.top, repeats: r.repeats }));
}

/** The top-level part of some submissions' compact copies, by submission id (the data table's page). */
export async function compactTops(q: Q, organizationId: string, submissionIds: readonly string[]): Promise<Map<string, string>> {
  if (!submissionIds.length) return new Map();
  const rows = await q
    .selectFrom('submission_data')
    .select(['submission_id', 'top'])
    .where('organization_id', '=', organizationId)
    .where('submission_id', 'in', [...submissionIds])
    .execute();
  return new Map(rows.map((r) => [r.submission_id, r.top]));
}
