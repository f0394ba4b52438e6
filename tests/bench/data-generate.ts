// The survey-data benchmarks' survey: `questions` questions (a third numbers, a third texts, a third
// single choices) in the given project, and `submissions` submissions with every question answered,
// their answers and compact copies written by the database itself (data-generator.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { buildSurvey, q, type ItemBuilder } from '../../engine/survey/index';
import { insertSurvey } from '../../server/db/queries/surveys';
import type { DB } from '../../server/db/schema';
import { createSurveyCache } from '../../server/services/surveyCache';
import { generateSubmissions } from './data-generator';

export async function generateSurveyData(
  db: Kysely<DB>,
  at: { organizationId: string; projectId: string },
  submissions: number,
  questions: number,
  log: (line: string) => void = () => undefined,
): Promise<{ surveyId: string; seconds: number }> {
  const en = await db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow();
  const items: ItemBuilder[] = Array.from({ length: questions }, (_, i) =>
    i % 3 === 0 ? q.integer(`n${i}`) : i % 3 === 1 ? q.text(`t${i}`) : q.select_one(`c${i}`).choices('a', 'b', 'c', 'd'),
  );
  const model = buildSurvey(
    { name: 'Bench data', languages: [{ code: 'en', languageId: en.id, name: 'English' }], idFor: () => randomUUID() },
    items,
  );
  const { id: surveyId } = await db
    .transaction()
    .execute((trx) =>
      insertSurvey(trx, { organizationId: at.organizationId, projectId: at.projectId, createdBy: null, model, status: 1, endDate: null }),
    );
  const survey = await createSurveyCache().get(db, at.organizationId, surveyId, 1);
  const generated = await generateSubmissions(
    db,
    { organizationId: at.organizationId, surveyId, bindings: survey!.bindings },
    submissions,
    log,
  );
  return { surveyId, seconds: generated.seconds };
}
