// Versions of a survey (migration 0005). A survey's version is what the fill page was given; before the
// content of a survey that has been published changes, the model of its current version is kept, so
// that a submission filled against it offline is validated against what the respondent saw.
import type { Kysely } from 'kysely';
import type { SurveyStatus } from '../../engine/survey/index';
import { loadSurveyModel } from '../db/queries/surveys';
import { hasVersion, keepVersion } from '../db/queries/surveyVersions';
import type { DB } from '../db/schema';

/** Call inside the transaction that holds the survey's lock, before changing its content. */
export async function keepCurrentVersion(
  trx: Kysely<DB>,
  organizationId: string,
  survey: { id: string; status: SurveyStatus; version: number },
): Promise<void> {
  // An Editing survey has never been published (nothing leads back to Editing): no respondent has it.
  if (survey.status === 0 || (await hasVersion(trx, survey.id, survey.version))) return;
  const model = await loadSurveyModel(trx, organizationId, survey.id);
  if (model) await keepVersion(trx, organizationId, survey.id, survey.version, model);
}
