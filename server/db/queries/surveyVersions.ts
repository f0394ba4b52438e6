// The models of survey versions respondents may have filled (migration 0005).
import { sql, type Kysely } from 'kysely';
import type { SurveyModel } from '../../../engine/survey/index';
import type { DB } from '../schema';

type Q = Kysely<DB>;

/** Keeps the model of a version; a version kept before stays as it was. */
export async function keepVersion(q: Q, organizationId: string, surveyId: string, version: number, model: SurveyModel): Promise<void> {
  await q
    .insertInto('survey_versions')
    .values({ organization_id: organizationId, survey_id: surveyId, version, model: JSON.stringify(model) })
    .onConflict((oc) => oc.columns(['survey_id', 'version']).doNothing())
    .execute();
}

export async function hasVersion(q: Q, surveyId: string, version: number): Promise<boolean> {
  const r = await q
    .selectFrom('survey_versions')
    .select(sql<number>`1`.as('x'))
    .where('survey_id', '=', surveyId)
    .where('version', '=', version)
    .executeTakeFirst();
  return r !== undefined;
}

/** A kept version of a live survey (any organization: submissions resolve the survey by id). */
export async function findVersion(
  q: Q,
  surveyId: string,
  version: number,
): Promise<{ organizationId: string; model: SurveyModel } | undefined> {
  const r = await q
    .selectFrom('survey_versions as v')
    .innerJoin('surveys as s', 's.id', 'v.survey_id')
    .select(['v.organization_id', 'v.model'])
    .where('v.survey_id', '=', surveyId)
    .where('v.version', '=', version)
    .where('s.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!r) return undefined;
  const model = (typeof r.model === 'string' ? JSON.parse(r.model) : r.model) as SurveyModel;
  return { organizationId: r.organization_id, model };
}
