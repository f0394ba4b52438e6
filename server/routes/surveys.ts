// Survey calls (spec 001 section 7): the fill page's preview data and the submission (public: the
// survey's organization comes from the survey), and the organization's own survey views.
import { SURVEYS_API } from '../../schemas/surveys';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { downloadHeaders } from '../plugins/storage';
import { publicLimiter } from '../security/publicLimits';
import { readSubmissionBody } from '../plugins/submissionBody';
import { submitSurvey, uploadLimitOf } from '../services/submissions';
import { loadAttachments } from '../services/surveyAttachments';
import { createSurveyCache } from '../services/surveyCache';
import { exportSurvey, exportXForm } from '../services/surveyExport';
import { previewData, surveyById, surveyDetails, surveysOfProject } from '../services/surveys';

export default async function surveyRoutes(app: App): Promise<void> {
  const storage = app.storage;
  const cache = createSurveyCache(200, {
    attachments: (db, organizationId, surveyId) => loadAttachments(db, storage, organizationId, surveyId),
  });
  const deps = () => ({ db: app.deps.database.db, cache, storage, webhooks: app.webhooks.queue });
  const limits = publicLimiter(app);

  const S = SURVEYS_API;

  app.route({
    ...routeOf(S.getById),
    handler: async (req) => ok(await surveyById(deps(), tenantOf(req), req.body.SurveyId, req.body.languageId)),
  });

  app.route({
    ...routeOf(S.getPreviewData),
    handler: async (req) => {
      const q = req.query;
      await limits.address(req, 'preview');
      await limits.survey(req, 'preview', q.surveyId.toLowerCase());
      return ok(
        await previewData(deps(), req.caller, {
          surveyId: q.surveyId,
          ...(q.languageId ? { languageId: q.languageId } : {}),
          ...(q.uuid ? { uuid: q.uuid } : {}),
          ...(q.taskId ? { taskId: q.taskId } : {}),
          ...(q.messageReceiverId ? { messageReceiverId: q.messageReceiverId } : {}),
        }),
      );
    },
  });

  app.route({ ...routeOf(S.getSurveyDetails), handler: async (req) => ok(await surveyDetails(deps(), tenantOf(req), req.query.surveyId)) });

  app.route({
    ...routeOf(S.getAllSurveysForProjectByStatus),
    handler: async (req) => ok(await surveysOfProject(deps(), tenantOf(req), req.query.ProjectId, req.query.surveyStatuses ?? [])),
  });

  app.route({
    ...routeOf(S.exportSurvey),
    handler: async (req, reply) => {
      const { fileName, bytes } = await exportSurvey(deps(), tenantOf(req), req.params.id);
      return reply.headers(downloadHeaders(fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).send(bytes);
    },
  });

  app.route({
    ...routeOf(S.exportXForm),
    handler: async (req, reply) => {
      const { fileName, xml } = await exportXForm(deps(), tenantOf(req), req.params.id);
      return reply.headers(downloadHeaders(fileName, 'application/xml; charset=utf-8')).send(xml);
    },
  });

  // The body is multipart, read by readSubmissionBody rather than by a schema.
  app.route({
    ...routeOf(S.submitSurvey),
    handler: async (req) => {
      await limits.address(req, 'submit');
      let counted = false;
      const body = await readSubmissionBody(req, {
        tempDir: storage.tempDir,
        // A streamed body is counted against its survey as soon as the survey is known, before its files are read.
        limitOf: async (surveyId) => {
          counted = true;
          await limits.survey(req, 'submit', surveyId);
          return uploadLimitOf(deps(), surveyId);
        },
      });
      try {
        // A small body was read whole: counted now, before any work is done on it.
        const named = body.entries.find(([k, v]) => k.toLowerCase() === 'surveyid' && typeof v === 'string');
        if (!counted && named) await limits.survey(req, 'submit', String(named[1]).trim().toLowerCase().slice(0, 64));
        const { submission, duplicate } = await submitSurvey(deps(), { entries: body.entries, files: body.files, caller: req.caller });
        if (!duplicate) app.metrics.submissions.inc({ via: 'web' });
        return ok({ ...submission, duplicate }, duplicate ? 'This submission was already received.' : 'Survey submitted successfully.');
      } finally {
        // Stored files were moved away; what is left is a refused or repeated submission's.
        await body.dispose();
      }
    },
  });
}
