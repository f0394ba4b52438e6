// Survey reports: every figure is aggregated in SQL over the submissions the data table's
// filters select (dataWhere: organization, survey, owner for DataCollectors, dates, collector, task,
// review status, answers), so a report reads a few hundred rows whatever the number of submissions.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { dataWhere, type DataFilter } from './submissionData';

type Q = Kysely<DB>;

/** The ids of the submissions a filter selects, as a subquery. */
function selected(q: Q, f: DataFilter) {
  return q
    .selectFrom('submissions as s')
    .select('s.id')
    .where((eb) => dataWhere(eb as unknown as Parameters<typeof dataWhere>[0], f));
}

export async function reportTotals(q: Q, f: DataFilter): Promise<{ total: number; first: string | null; last: string | null }> {
  const r = await q
    .selectFrom('submissions as s')
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<string | null>`min(s.submitted_at)`.as('first'),
      sql<string | null>`max(s.submitted_at)`.as('last'),
    ])
    .where((eb) => dataWhere(eb as unknown as Parameters<typeof dataWhere>[0], f))
    .executeTakeFirstOrThrow();
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return { total: Number(r.n), first: iso(r.first), last: iso(r.last) };
}

/** Submissions per UTC day, the newest `limit` days that have any, oldest first. */
export async function perDay(q: Q, f: DataFilter, limit: number): Promise<{ day: string; count: number }[]> {
  const r = await sql<{ day: string; n: number }>`
    select to_char(s.submitted_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
    from submissions s where s.id in (${selected(q, f)})
    group by 1 order by 1 desc limit ${limit}`.execute(q);
  return r.rows.map((x) => ({ day: x.day, count: Number(x.n) })).reverse();
}

/** Submissions per collector, the busiest first (null: anonymous). */
export async function perCollector(
  q: Q,
  f: DataFilter,
  limit: number,
): Promise<{ id: string | null; name: string | null; count: number }[]> {
  const r = await sql<{ id: string | null; name: string | null; n: number }>`
    select s.submitter_id as id, min(u.full_name) as name, count(*)::int as n
    from submissions s left join users u on u.id = s.submitter_id
    where s.id in (${selected(q, f)})
    group by s.submitter_id order by n desc, name asc nulls last limit ${limit}`.execute(q);
  return r.rows.map((x) => ({ id: x.id, name: x.name, count: Number(x.n) }));
}

/** Submissions per task, the busiest first (null: not sent from a task). */
export async function perTask(q: Q, f: DataFilter, limit: number): Promise<{ id: string | null; count: number }[]> {
  const r = await sql<{ id: string | null; n: number }>`
    select s.task_id as id, count(*)::int as n from submissions s
    where s.id in (${selected(q, f)})
    group by s.task_id order by n desc, id asc nulls first limit ${limit}`.execute(q);
  return r.rows.map((x) => ({ id: x.id, count: Number(x.n) }));
}

/** For top-level select questions: how many submissions answered each, and how many chose each choice. */
export async function choiceCounts(q: Q, f: DataFilter, itemIds: readonly string[]) {
  if (!itemIds.length) return { answered: new Map<string, number>(), counts: new Map<string, number>() };
  const ids = sql.join(itemIds.map((id) => sql`${id}::uuid`));
  const answered = await sql<{ item_id: string; n: number }>`
    select a.item_id, count(*)::int as n from answers a
    where a.organization_id = ${f.organizationId} and a.repeat_path = '' and a.item_id in (${ids})
      and cardinality(a.choice_ids) > 0 and a.submission_id in (${selected(q, f)})
    group by a.item_id`.execute(q);
  const counts = await sql<{ item_id: string; choice_id: string; n: number }>`
    select a.item_id, c.choice_id, count(*)::int as n
    from answers a cross join lateral unnest(a.choice_ids) as c(choice_id)
    where a.organization_id = ${f.organizationId} and a.repeat_path = '' and a.item_id in (${ids})
      and a.submission_id in (${selected(q, f)})
    group by a.item_id, c.choice_id`.execute(q);
  return {
    answered: new Map(answered.rows.map((r) => [r.item_id, Number(r.n)])),
    counts: new Map(counts.rows.map((r) => [`${r.item_id}|${r.choice_id}`, Number(r.n)])),
  };
}

export interface NumberStats {
  count: number;
  min: number;
  max: number;
  mean: number;
}

/** For top-level number questions: count, min, max and mean of the answers. */
export async function numberStats(q: Q, f: DataFilter, itemIds: readonly string[]): Promise<Map<string, NumberStats>> {
  if (!itemIds.length) return new Map();
  const ids = sql.join(itemIds.map((id) => sql`${id}::uuid`));
  const r = await sql<{ item_id: string; n: number; lo: string; hi: string; mean: string }>`
    select a.item_id, count(*)::int as n, min(a.number_value) as lo, max(a.number_value) as hi, avg(a.number_value) as mean
    from answers a
    where a.organization_id = ${f.organizationId} and a.repeat_path = '' and a.item_id in (${ids}) and a.number_value is not null
      and a.submission_id in (${selected(q, f)})
    group by a.item_id`.execute(q);
  return new Map(r.rows.map((x) => [x.item_id, { count: Number(x.n), min: Number(x.lo), max: Number(x.hi), mean: Number(x.mean) }]));
}

/** Bin edges of one question: answers fall into floor((v - start) / width), the last bin holding the maximum. */
export interface BinPlan {
  itemId: string;
  start: number;
  width: number;
  bins: number;
}

/** Counts per bin of each question's answers (absent bins are empty). */
export async function binCounts(q: Q, f: DataFilter, plans: readonly BinPlan[]): Promise<Map<string, number>> {
  if (!plans.length) return new Map();
  const values = sql.join(plans.map((p) => sql`(${p.itemId}::uuid, ${p.start}::numeric, ${p.width}::numeric, ${p.bins}::int)`));
  const r = await sql<{ item_id: string; bin: number; n: number }>`
    select a.item_id, least(greatest(floor((a.number_value - p.start) / p.width)::int, 0), p.bins - 1) as bin, count(*)::int as n
    from answers a join (values ${values}) as p(item_id, start, width, bins) on p.item_id = a.item_id
    where a.organization_id = ${f.organizationId} and a.repeat_path = '' and a.number_value is not null
      and a.submission_id in (${selected(q, f)})
    group by 1, 2`.execute(q);
  return new Map(r.rows.map((x) => [`${x.item_id}|${Number(x.bin)}`, Number(x.n)]));
}

/**
 * For top-level GPS questions: how many submissions answered each, and the newest `limit` points of
 * each (a map of more points than that shows nothing more to the eye; the count says how many exist).
 */
export async function gpsPoints(q: Q, f: DataFilter, itemIds: readonly string[], limit: number) {
  if (!itemIds.length)
    return {
      answered: new Map<string, number>(),
      points: new Map<string, { submissionId: string; latitude: number; longitude: number }[]>(),
    };
  const ids = sql.join(itemIds.map((id) => sql`${id}::uuid`));
  const located = sql`a.organization_id = ${f.organizationId} and a.repeat_path = '' and a.item_id in (${ids})
      and jsonb_typeof(a.detail -> 'latitude') = 'number' and jsonb_typeof(a.detail -> 'longitude') = 'number'
      and a.submission_id in (${selected(q, f)})`;
  const answered = await sql<{ item_id: string; n: number }>`
    select a.item_id, count(*)::int as n from answers a where ${located} group by a.item_id`.execute(q);
  const rows = await sql<{ item_id: string; submission_id: string; lat: number; lon: number }>`
    select x.item_id, x.submission_id, x.lat, x.lon from (
      select a.item_id, a.submission_id, (a.detail ->> 'latitude')::float8 as lat, (a.detail ->> 'longitude')::float8 as lon,
        row_number() over (partition by a.item_id order by s.submitted_at desc, s.id) as n
      from answers a join submissions s on s.id = a.submission_id where ${located}) x
    where x.n <= ${limit}`.execute(q);
  const points = new Map<string, { submissionId: string; latitude: number; longitude: number }[]>();
  for (const r of rows.rows) {
    const list = points.get(r.item_id) ?? [];
    list.push({ submissionId: r.submission_id, latitude: Number(r.lat), longitude: Number(r.lon) });
    points.set(r.item_id, list);
  }
  return { answered: new Map(answered.rows.map((r) => [r.item_id, Number(r.n)])), points };
}
