// Publishing and archiving (spec 001 section 4; the transitions are ours, docs/decisions/0024-survey-status-and-publishing.md):
//   Editing -> Deployed    publish: the engine's checks pass on the whole survey
//   Archived -> Deployed   publish again (reopen): the same checks
//   Deployed -> Archived   archive: submissions are refused ('This survey is not open for submissions.')
// Nothing leads back to Editing: a published survey is edited in place, each save a new version.
// Asking for the status a survey already has succeeds and changes nothing, so a retry is safe.
import type { Kysely } from 'kysely';
import { describeProblem, publishProblems, SURVEY_STATUS, type SurveyStatus } from '../../engine/survey/index';
import { SURVEY_STATUS_NAMES } from '../../schemas/surveyBuilder';
import { loadSurveyModel } from '../db/queries/surveys';
import { lockSurvey, setSurveyStatus } from '../db/queries/surveyTools';
import { keepVersion } from '../db/queries/surveyVersions';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { attachedCsvFiles } from './surveyAttachments';
import { queueEvent, type DeliveryQueue } from './webhooks';

type Q = Kysely<DB>;

/** The statuses each target may be reached from. */
export const SURVEY_TRANSITIONS: Readonly<Record<SurveyStatus, readonly SurveyStatus[]>> = {
  [SURVEY_STATUS.Editing]: [],
  [SURVEY_STATUS.Deployed]: [SURVEY_STATUS.Editing, SURVEY_STATUS.Archived],
  [SURVEY_STATUS.Archived]: [SURVEY_STATUS.Deployed],
};

export interface StatusReply {
  id: string;
  surveyStatusId: SurveyStatus;
  version: number;
}

async function change(db: Q, organizationId: string, surveyId: string, to: SurveyStatus, webhooks?: DeliveryQueue): Promise<StatusReply> {
  const { reply, deliveries } = await db.transaction().execute(async (trx) => {
    const head = await lockSurvey(trx, organizationId, surveyId);
    if (!head) throw problem('notFound');
    if (head.status === to) return { reply: { id: head.id, surveyStatusId: to, version: head.version }, deliveries: [] };
    if (!SURVEY_TRANSITIONS[to].includes(head.status)) {
      throw problem('surveyStatusChange', { errors: [`${SURVEY_STATUS_NAMES[head.status]} -> ${SURVEY_STATUS_NAMES[to]}`] });
    }
    if (to === SURVEY_STATUS.Deployed) {
      const model = await loadSurveyModel(trx, organizationId, surveyId);
      if (!model) throw problem('notFound');
      const problems = publishProblems(model, undefined, await attachedCsvFiles(trx, organizationId, surveyId));
      if (problems.length) throw problem('surveyHasProblems', { errors: problems.slice(0, 100).map(describeProblem), data: { problems } });
      // The version respondents now get is kept from the start (survey_versions lists every published one).
      await keepVersion(trx, organizationId, surveyId, head.version, { ...model, surveyStatusId: SURVEY_STATUS.Deployed });
    }
    await setSurveyStatus(trx, organizationId, surveyId, to);
    const deliveries = to === SURVEY_STATUS.Deployed ? await queueEvent(trx, { organizationId, surveyId, event: 'survey.published' }) : [];
    return { reply: { id: head.id, surveyStatusId: to, version: head.version }, deliveries };
  });
  await webhooks?.send(deliveries);
  return reply;
}

/** POST /DataCollection/PublishSurvey. */
export const publishSurvey = (db: Q, organizationId: string, surveyId: string, webhooks?: DeliveryQueue) =>
  change(db, organizationId, surveyId, SURVEY_STATUS.Deployed, webhooks);

/** POST /Survey/ArchiveSurvey. */
export const archiveSurvey = (db: Q, organizationId: string, surveyId: string) =>
  change(db, organizationId, surveyId, SURVEY_STATUS.Archived);
