// The survey-data benchmarks' generator: a survey of `questions` questions (a third numbers, a third
// texts, a third single choices) in the demo project, and `submissions` submissions with every question
// answered, written with generate_series in two statements (no round trip per row).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { buildSurvey, q, type ItemBuilder } from '../../engine/survey/index';
import { insertSurvey } from '../../server/db/queries/surveys';
import type { DB } from '../../server/db/schema';

export async function generateSurveyData(db: Kysely<DB>, at: { organizationId: string; projectId: string }, submissions: number, questions: number): Promise<{ surveyId: string; seconds: number }> {
  const en = await db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
  const items: ItemBuilder[] = Array.from({ length: questions }, (_, i) =>
    i % 3 === 0 ? q.integer(`n${i}`) : i % 3 === 1 ? q.text(`t${i}`) : q.select_one(`c${i}`).choices('a', 'b', 'c', 'd'),
  );
  const model = buildSurvey({ name: 'Bench data', languages: [{ code: 'en', languageId: en.id, name: 'English' }], idFor: () => randomUUID() }, items);
  const { id: surveyId } = await db.transaction().execute((trx) => insertSurvey(trx, { organizationId: at.organizationId, projectId: at.projectId, createdBy: null, model, status: 1, endDate: null }));
  const t0 = performance.now();
  await sql`
    insert into submissions (organization_id, survey_id, client_id, content_hash, data_collection_type, submitted_at, started_at)
    select ${at.organizationId}::uuid, ${surveyId}::uuid, gen_random_uuid(), repeat('0', 64), 0,
           now() - make_interval(secs => g * 30), now() - make_interval(secs => g * 30 + 600)
      from generate_series(1, ${submissions}::int) g`.execute(db);
  await sql`
    insert into answers (organization_id, submission_id, item_id, question_type, text_value, number_value, choice_ids)
    select s.organization_id, s.id, i.id, i.question_type,
           case when i.question_type = 34 then 'answer ' || (hashtext(s.id::text || i.id::text) % 1000) end,
           case when i.question_type = 35 then abs(hashtext(s.id::text || i.id::text)) % 100 end,
           case when i.question_type = 32 then array[(select c.id from choices c where c.item_id = i.id order by c.sort_order offset abs(hashtext(s.id::text)) % 4 limit 1)] end
      from submissions s cross join survey_items i
     where s.survey_id = ${surveyId}::uuid and i.survey_id = ${surveyId}::uuid and i.question_type <> 0`.execute(db);
  await sql`analyze submissions; analyze answers`.execute(db);
  return { surveyId, seconds: (performance.now() - t0) / 1000 };
}
