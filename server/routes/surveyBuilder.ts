// The builder's calls: Survey Tools list, create, save, publish, archive, duplicate and
// translations. Deleting and restoring a survey go through the recycle bin (entity type Survey 4).
import { SURVEY_BUILDER_API as S, type SaveSurveyBody } from '../../schemas/surveyBuilder';
import { downloadHeaders } from '../plugins/storage';
import { createSurveyCache } from '../services/surveyCache';
import { exportTranslations, importTranslations, MAX_SHEET_BYTES } from '../services/surveyTranslationSheet';
import { tenantOf } from '../access';
import { findSurveyHead } from '../db/queries/surveys';
import { problem } from '../problems';
import { projectScopeOf } from '../services/projectScope';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { createSurvey, duplicateSurvey, saveSurvey } from '../services/surveyBuilder';
import { archiveSurvey, publishSurvey } from '../services/surveyStatus';
import { surveyTools } from '../services/surveyTools';
import { addLanguage, saveTranslation, setTranslationStatus } from '../services/surveyTranslations';

/** A whole survey model: up to 2000 items with their texts in several languages. */
const SAVE_BODY_LIMIT = 16 * 1024 * 1024;

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

  app.route({
    ...routeOf(S.getSurveyTools),
    handler: async (req) => {
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
  });

  app.route({
    ...routeOf(S.createSurvey),
    handler: async (req) => {
      return ok(await createSurvey(db(), tenantOf(req), req.body), 'Survey created successfully.');
    },
  });

  app.route({
    ...routeOf(S.duplicateSurvey),
    handler: async (req) => {
      return ok(await duplicateSurvey(db(), tenantOf(req), req.body.surveyId, req.body.name), 'Survey duplicated successfully.');
    },
  });

  // The recursive item schema is checked by ajv; its TypeScript type is the engine's model.
  app.route<{ Body: SaveSurveyBody }>({
    ...routeOf(S.saveSurvey),
    bodyLimit: SAVE_BODY_LIMIT,
    handler: async (req) => ok(await saveSurvey(db(), tenantOf(req), req.body), 'Survey saved successfully.'),
  });

  app.route({
    ...routeOf(S.publishSurvey),
    handler: async (req) => {
      return ok(
        await publishSurvey(db(), tenantOf(req).organizationId, req.body.surveyId, app.webhooks.queue),
        'Survey published successfully.',
      );
    },
  });

  app.route({
    ...routeOf(S.archiveSurvey),
    handler: async (req) => {
      return ok(await archiveSurvey(db(), tenantOf(req).organizationId, req.body.surveyId), 'Survey archived successfully.');
    },
  });

  app.route({
    ...routeOf(S.addSurveyLanguage),
    handler: async (req) => {
      return ok(await addLanguage(db(), tenantOf(req).organizationId, req.body.surveyId, req.body.languageId));
    },
  });

  app.route({
    ...routeOf(S.saveTranslation),
    bodyLimit: SAVE_BODY_LIMIT,
    handler: async (req) => {
      return ok(await saveTranslation(db(), tenantOf(req).organizationId, req.body));
    },
  });

  app.route({
    ...routeOf(S.setTranslationStatus),
    handler: async (req) => {
      return ok(
        await setTranslationStatus(db(), tenantOf(req).organizationId, req.body.surveyId, req.body.languageId, req.body.translateStatus),
      );
    },
  });

  // The translation spreadsheet, for translators who work offline (one column per language).
  app.route({
    ...routeOf(S.exportTranslations),
    handler: async (req, reply) => {
      const { fileName, bytes } = await exportTranslations({ db: db(), cache }, tenantOf(req), req.query.surveyId);
      return reply.headers(downloadHeaders(fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).send(bytes);
    },
  });

  // multipart/form-data with one part, the .xlsx: its declared size is checked before a byte is read,
  // and the stream is cut at the same size when no size was declared.
  app.route({
    ...routeOf(S.importTranslations),
    handler: async (req) => {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > MAX_SHEET_BYTES + 64 * 1024) throw problem('payloadTooLarge');
      if (!req.isMultipart()) throw problem('validation', { errors: ['file: send the workbook as multipart/form-data'] });
      const part = await req.file({ limits: { fileSize: MAX_SHEET_BYTES, files: 1, fields: 0, parts: 1 } });
      if (!part) throw problem('validation', { errors: ['file: no workbook was sent'] });
      if (!/\.xlsx$/i.test(part.filename)) throw problem('validation', { errors: ['file: only Excel workbooks (.xlsx) are read'] });
      const bytes = await part.toBuffer();
      return ok(await importTranslations({ db: db(), cache }, tenantOf(req), req.query.surveyId, bytes), 'Translations imported.');
    },
  });
}
