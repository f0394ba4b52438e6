// The builder's calls (issue 13): Survey Tools list, create, save, publish, archive, duplicate and
// translations. Deleting and restoring a survey go through the recycle bin (entity type Survey 4).
import type { SurveyModel } from '../../engine/survey/index';
import {
  SURVEY_AUTHOR_ROLES,
  SURVEY_OWNER_ROLES,
  SURVEY_VIEW_ROLES,
  addLanguageBody,
  createSurveyBody,
  duplicateSurveyBody,
  saveSurveyBody,
  saveTranslationBody,
  surveyIdBody,
  surveyToolsQuery,
  translationStatusBody,
} from '../../schemas/surveyBuilder';
import { tenantOf } from '../access';
import { ok, type App } from '../app';
import { createSurvey, duplicateSurvey, saveSurvey } from '../services/surveyBuilder';
import { archiveSurvey, publishSurvey } from '../services/surveyStatus';
import { surveyTools } from '../services/surveyTools';
import { addLanguage, saveTranslation, setTranslationStatus } from '../services/surveyTranslations';

/** A whole survey model: up to 2000 items with their texts in several languages. */
const SAVE_BODY_LIMIT = 16 * 1024 * 1024;

interface SaveBody {
  surveyId: string;
  version: number;
  model: SurveyModel;
  deletedIds?: string[];
}

export default async function surveyBuilderRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.get('/Survey/GetSurveyTools', { config: { access: SURVEY_VIEW_ROLES }, schema: { querystring: surveyToolsQuery } }, async (req) => {
    const q = req.query;
    return ok(await surveyTools(db(), tenantOf(req), { projectId: q.ProjectId, search: q.search, statuses: q.surveyStatuses, page: q.Page ?? 1, pageSize: q.PageSize ?? 10 }));
  });

  app.post('/Survey/CreateSurvey', { config: { access: SURVEY_AUTHOR_ROLES }, schema: { body: createSurveyBody } }, async (req) => {
    return ok(await createSurvey(db(), tenantOf(req), req.body), 'Survey created successfully.');
  });

  app.post('/Survey/DuplicateSurvey', { config: { access: SURVEY_AUTHOR_ROLES }, schema: { body: duplicateSurveyBody } }, async (req) => {
    return ok(await duplicateSurvey(db(), tenantOf(req), req.body.surveyId, req.body.name), 'Survey duplicated successfully.');
  });

  // The recursive item schema is checked by ajv; its TypeScript type is the engine's model.
  app.post<{ Body: SaveBody }>(
    '/Survey/SaveSurvey',
    { config: { access: SURVEY_AUTHOR_ROLES }, bodyLimit: SAVE_BODY_LIMIT, schema: { body: saveSurveyBody as object } },
    async (req) => ok(await saveSurvey(db(), tenantOf(req), req.body), 'Survey saved successfully.'),
  );

  app.post('/DataCollection/PublishSurvey', { config: { access: SURVEY_OWNER_ROLES }, schema: { body: surveyIdBody } }, async (req) => {
    return ok(await publishSurvey(db(), tenantOf(req).organizationId, req.body.surveyId), 'Survey published successfully.');
  });

  app.post('/Survey/ArchiveSurvey', { config: { access: SURVEY_OWNER_ROLES }, schema: { body: surveyIdBody } }, async (req) => {
    return ok(await archiveSurvey(db(), tenantOf(req).organizationId, req.body.surveyId), 'Survey archived successfully.');
  });

  app.post('/Survey/AddSurveyLanguage', { config: { access: SURVEY_AUTHOR_ROLES }, schema: { body: addLanguageBody } }, async (req) => {
    return ok(await addLanguage(db(), tenantOf(req).organizationId, req.body.surveyId, req.body.languageId));
  });

  app.post('/Survey/SaveTranslation', { config: { access: SURVEY_AUTHOR_ROLES }, bodyLimit: SAVE_BODY_LIMIT, schema: { body: saveTranslationBody } }, async (req) => {
    return ok(await saveTranslation(db(), tenantOf(req).organizationId, req.body));
  });

  app.post('/Survey/SetTranslationStatus', { config: { access: SURVEY_AUTHOR_ROLES }, schema: { body: translationStatusBody } }, async (req) => {
    return ok(await setTranslationStatus(db(), tenantOf(req).organizationId, req.body.surveyId, req.body.languageId, req.body.translateStatus));
  });
}
