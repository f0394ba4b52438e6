// The generator of `npm run bench -- data`: `count` submissions of a survey of integer, text and
// select-one questions, with their answers and their compact copies, written by the database itself
// (insert ... select over generate_series, a few thousand submissions a statement): nothing crosses
// the wire per row. The values are a pure function of (submission number, question number), so the
// answers and the copies agree, as SubmitSurvey writes them. Foreign-key triggers are off while it
// writes (session_replication_role, PostgreSQL's own bulk-load switch): every key is made here. The
// answers' indexes are dropped while it writes and built once at the end: 30 million inserts at random
// places of B-trees larger than the buffer cache took 1,531 s for 100,000 x 300, one sort per index
// takes a small part of that.
import { sql, type Kysely } from 'kysely';
import type { Bindings } from '../../engine/survey/index';
import type { DB } from '../../server/db/schema';
import { numbersFor } from '../../server/services/compactCopy';

export interface Generated {
  seconds: number;
  submissions: number;
}

const CHUNK = 2_000;

export async function generateSubmissions(
  db: Kysely<DB>,
  target: { organizationId: string; surveyId: string; bindings: Bindings },
  count: number,
  log: (line: string) => void = () => undefined,
): Promise<Generated> {
  const t0 = performance.now();
  // The survey's column numbers, as the first submission would assign them: questions 1..k.
  await numbersFor(db, target.organizationId, target.bindings, []);
  const { organizationId, surveyId } = target;
  const { rows } = await sql<{ k: number; top: number }>`
    select count(*)::int as k, coalesce(max(c.n), 0)::int as top from survey_items i join survey_data_columns c on c.survey_id = i.survey_id and c.key_id = i.id
     where i.survey_id = ${surveyId}::uuid`.execute(db);
  // The copies are written as one array in question order: that needs the questions numbered 1..k.
  if (rows[0]!.k !== rows[0]!.top) throw new Error('the generator needs a survey of top-level questions only, numbered 1..k');
  const restore = await dropIndexes(db, 'answers');
  try {
    await insertChunks(db, organizationId, surveyId, count, t0, log);
  } finally {
    log(`  indexing answers (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    await restore();
  }
  // What autovacuum does after a bulk insert (off on the test server): statistics, and the visibility
  // map, without which the answer filters' index-only scans read the table's rows after all.
  await sql`vacuum (analyze) submissions`.execute(db);
  await sql`vacuum (analyze) answers`.execute(db);
  await sql`vacuum (analyze) submission_data`.execute(db);
  return { seconds: (performance.now() - t0) / 1000, submissions: count };
}

/**
 * Drops a table's primary key and indexes (nothing references the answers' key) and returns what
 * builds them again, from their own definitions.
 */
async function dropIndexes(db: Kysely<DB>, table: string): Promise<() => Promise<void>> {
  const { rows } = await sql<{ name: string; def: string; pk: boolean }>`
    select coalesce(k.conname, c.relname) as name, coalesce(pg_get_constraintdef(k.oid), pg_get_indexdef(i.indexrelid)) as def, k.oid is not null as pk
      from pg_index i join pg_class c on c.oid = i.indexrelid
      left join pg_constraint k on k.conindid = i.indexrelid and k.contype = 'p'
     where i.indrelid = ${table}::regclass`.execute(db);
  for (const r of rows) await sql.raw(r.pk ? `alter table ${table} drop constraint ${r.name}` : `drop index ${r.name}`).execute(db);
  return () =>
    db.connection().execute(async (c) => {
      // An index build sorts in memory when it may use more than a query's default.
      await sql`set maintenance_work_mem = '512MB'`.execute(c);
      for (const r of rows) await sql.raw(r.pk ? `alter table ${table} add constraint ${r.name} ${r.def}` : r.def).execute(c);
      await sql`reset maintenance_work_mem`.execute(c);
    });
}

async function insertChunks(
  db: Kysely<DB>,
  organizationId: string,
  surveyId: string,
  count: number,
  t0: number,
  log: (line: string) => void,
): Promise<void> {
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`
        create temp table bench_items on commit drop as
        select i.id, i.question_type as type, c.n,
               array(select x.id from choices x where x.item_id = i.id order by x.sort_order) as choice_ids,
               array(select d.n from choices x join survey_data_columns d on d.survey_id = x.survey_id and d.key_id = x.id
                      where x.item_id = i.id order by x.sort_order) as choice_ns
          from survey_items i join survey_data_columns c on c.survey_id = i.survey_id and c.key_id = i.id
         where i.survey_id = ${surveyId}::uuid and i.question_type in (32, 34, 35)`.execute(trx);
      // Submission g's value of question n: a number 0-99, a text 'answer 0'-'answer 999', one of four choices.
      await sql`
        create temp table bench_values on commit drop as
        select g.g, g.id, i.id as item_id, i.type, i.n,
               case when i.type = 35 then (g.g * 7 + i.n * 13) % 100 end as num,
               case when i.type = 34 then 'answer ' || ((g.g * 31 + i.n) % 1000) end as txt,
               case when i.type = 32 then (g.g + i.n) % 4 + 1 end as pick,
               i.choice_ids, i.choice_ns
          from (select g, gen_random_uuid() as id from generate_series(${from}::int, ${to}::int) g) g cross join bench_items i`.execute(
        trx,
      );
      await sql`
        insert into submissions (id, organization_id, survey_id, client_id, content_hash, data_collection_type, submitted_at, started_at)
        select distinct on (g) id, ${organizationId}::uuid, ${surveyId}::uuid, gen_random_uuid(), repeat('0', 64), 0,
               now() - make_interval(secs => g * 30), now() - make_interval(secs => g * 30 + 600)
          from bench_values order by g`.execute(trx);
      await sql`
        insert into answers (organization_id, submission_id, item_id, question_type, text_value, number_value, choice_ids)
        select ${organizationId}::uuid, id, item_id, type, txt, num, case when pick is not null then array[choice_ids[pick]] end
          from bench_values`.execute(trx);
      await sql`
        insert into submission_data (submission_id, organization_id, top)
        select id, ${organizationId}::uuid,
               '[' || string_agg(case when num is not null then num::text when txt is not null then to_json(txt)::text else '[' || choice_ns[pick] || ']' end, ',' order by n) || ']'
          from bench_values group by id`.execute(trx);
    });
    if (to % 10_000 === 0 || to === count) log(`  generated ${to} of ${count} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
}
