// The builder's calls: Survey Tools list, create, save, publish, archive, duplicate and
// translations. Deleting and restoring a survey go through the recycle bin (entity type Survey 4).
import type { SurveyModel } from '../../engine/survey/index';
import {
  SURVEY_AUTHOR_ROLES,
  SURVEY_OWNER_ROLES,
  SURVEY_VIEW_ROLES,
  addLanguageBody,
  createSurveyBody,
  createdSurveyReply,
  duplicateSurveyBody,
  savedSurveyReply,
  saveSurveyBody,
  saveTranslationBody,
  surveyIdBody,
  surveyStatusReply,
  surveyToolsQuery,
  surveyToolsReply,
  translationSavedReply,
  translationsImportedReply,
  translationStatusBody,
  translationSheetQuery,
} from '../../schemas/surveyBuilder';
import { fileReplies, replies } from '../../schemas/envelope';
import { downloadHeaders } from '../plugins/storage';
import { createSurveyCache } from '../services/surveyCache';
import { exportTranslations, importTranslations, MAX_SHEET_BYTES } from '../services/surveyTranslationSheet';
import { tenantOf } from '../access';
import { findSurveyHead } from '../db/queries/surveys';
import { problem } from '../problems';
import { projectScopeOf } from '../services/projectScope';
import { ok, type App } from '../envelope';
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
  const cache = createSurveyCache(20);

  // Every call that names a survey reaches only the caller's projects (the organization-wide roles reach
  // all): another project's survey answers 404, as every other survey read does.
  app.addHook('preHandler', async (req) => {
    const body = req.body as { surveyId?: unknown; copyOfSurveyId?: unknown } | undefined;
    const query = req.query as { surveyId?: unknown } | undefined;
    for (const id of [body?.surveyId, body?.copyOfSurveyId, query?.surveyId]) {
      if (typeof id === 'string' && !(await findSurveyHead(db(), id, projectScopeOf(tenantOf(req))))) throw problem('notFound');
    }
  });

  app.get(
    '/Survey/GetSurveyTools',
    { config: { access: SURVEY_VIEW_ROLES }, schema: { querystring: surveyToolsQuery, response: replies(surveyToolsReply) } },
    async (req) => {
      const q = req.query;
      return ok(
        await surveyTools(db(), tenantOf(req), {
          projectId: q.ProjectId,
          search: q.search,
          statuses: q.surveyStatuses,
          page: q.Page ?? 1,
          pageSize: q.PageSize ?? 10,
        }),
      );
    },
  );

  app.post(
    '/Survey/CreateSurvey',
    { config: { access: SURVEY_AUTHOR_ROLES }, schema: { body: createSurveyBody, response: replies(createdSurveyReply) } },
    async (req) => {
      return ok(await createSurvey(db(), tenantOf(req), req.body), 'Survey created successfully.');
    },
  );

  app.post(
    '/Survey/DuplicateSurvey',
    { config: { access: SURVEY_AUTHOR_ROLES }, schema: { body: duplicateSurveyBody, response: replies(createdSurveyReply) } },
    async (req) => {
      return ok(await duplicateSurvey(db(), tenantOf(req), req.body.surveyId, req.body.name), 'Survey duplicated successfully.');
    },
  );

  // The recursive item schema is checked by ajv; its TypeScript type is the engine's model.
  app.post<{ Body: SaveBody }>(
    '/Survey/SaveSurvey',
    {
      config: { access: SURVEY_AUTHOR_ROLES },
      bodyLimit: SAVE_BODY_LIMIT,
      schema: { body: saveSurveyBody as object, response: replies(savedSurveyReply) },
    },
    async (req) => ok(await saveSurvey(db(), tenantOf(req), req.body), 'Survey saved successfully.'),
  );

  app.post(
    '/DataCollection/PublishSurvey',
    { config: { access: SURVEY_OWNER_ROLES }, schema: { body: surveyIdBody, response: replies(surveyStatusReply) } },
    async (req) => {
      return ok(await publishSurvey(db(), tenantOf(req).organizationId, req.body.surveyId), 'Survey published successfully.');
    },
  );

  app.post(
    '/Survey/ArchiveSurvey',
    { config: { access: SURVEY_OWNER_ROLES }, schema: { body: surveyIdBody, response: replies(surveyStatusReply) } },
    async (req) => {
      return ok(await archiveSurvey(db(), tenantOf(req).organizationId, req.body.surveyId), 'Survey archived successfully.');
    },
  );

  app.post(
    '/Survey/AddSurveyLanguage',
    { config: { access: SURVEY_AUTHOR_ROLES }, schema: { body: addLanguageBody, response: replies(translationSavedReply) } },
    async (req) => {
      return ok(await addLanguage(db(), tenantOf(req).organizationId, req.body.surveyId, req.body.languageId));
    },
  );

  app.post(
    '/Survey/SaveTranslation',
    {
      config: { access: SURVEY_AUTHOR_ROLES },
      bodyLimit: SAVE_BODY_LIMIT,
      schema: { body: saveTranslationBody, response: replies(translationSavedReply) },
    },
    async (req) => {
      return ok(await saveTranslation(db(), tenantOf(req).organizationId, req.body));
    },
  );

  app.post(
    '/Survey/SetTranslationStatus',
    { config: { access: SURVEY_AUTHOR_ROLES }, schema: { body: translationStatusBody, response: replies(translationSavedReply) } },
    async (req) => {
      return ok(
        await setTranslationStatus(db(), tenantOf(req).organizationId, req.body.surveyId, req.body.languageId, req.body.translateStatus),
      );
    },
  );

  // The translation spreadsheet, for translators who work offline (one column per language).
  app.get(
    '/Survey/ExportTranslations',
    {
      config: { access: SURVEY_AUTHOR_ROLES },
      schema: { querystring: translationSheetQuery, response: fileReplies('the translation workbook (.xlsx), one column per language') },
    },
    async (req, reply) => {
      const { fileName, bytes } = await exportTranslations({ db: db(), cache }, tenantOf(req), req.query.surveyId);
      return reply.headers(downloadHeaders(fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).send(bytes);
    },
  );

  // multipart/form-data with one part, the .xlsx: its declared size is checked before a byte is read,
  // and the stream is cut at the same size when no size was declared.
  app.post(
    '/Survey/ImportTranslations',
    {
      config: { access: SURVEY_AUTHOR_ROLES },
      schema: { querystring: translationSheetQuery, response: replies(translationsImportedReply) },
    },
    async (req) => {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > MAX_SHEET_BYTES + 64 * 1024) throw problem('payloadTooLarge');
      if (!req.isMultipart()) throw problem('validation', { errors: ['file: send the workbook as multipart/form-data'] });
      const part = await req.file({ limits: { fileSize: MAX_SHEET_BYTES, files: 1, fields: 0, parts: 1 } });
      if (!part) throw problem('validation', { errors: ['file: no workbook was sent'] });
      if (!/\.xlsx$/i.test(part.filename)) throw problem('validation', { errors: ['file: only Excel workbooks (.xlsx) are read'] });
      const bytes = await part.toBuffer();
      return ok(await importTranslations({ db: db(), cache }, tenantOf(req), req.query.surveyId, bytes), 'Translations imported.');
    },
  );
}
