// Survey calls (spec 001 section 7): the fill page's preview data and the submission (public: the
// survey's organization comes from the survey), and the organization's own survey views.
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES, type FormEntry } from '../../engine/survey/index';
import { ALL_ROLES } from '../../schemas/roles';
import { getByIdBody, previewQuery, surveyIdQuery, surveysByStatusQuery } from '../../schemas/surveys';
import { tenantOf } from '../access';
import { ok, type App } from '../app';
import { createStorage, type Storage } from '../plugins/storage';
import { problem } from '../problems';
import { submitSurvey, type ReceivedFile } from '../services/submissions';
import { createSurveyCache } from '../services/surveyCache';
import { previewData, surveyById, surveyDetails, surveysOfProject } from '../services/surveys';

const MULTIPART_LIMITS = { fileSize: MAX_FILE_BYTES, files: 50, fields: 50_000, parts: 50_050, fieldSize: 200_000 };

/** Reads the multipart body: fields as entries, files into memory (at most 5 MB each). */
async function readSubmission(req: FastifyRequest): Promise<{ entries: FormEntry[]; files: ReceivedFile[] }> {
  if (!req.isMultipart()) throw problem('validation', { errors: ['The submission must be sent as multipart/form-data'] });
  const entries: FormEntry[] = [];
  const files: ReceivedFile[] = [];
  try {
    for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        files.push({ field: part.fieldname, fileName: part.filename, declaredType: part.mimetype, bytes });
        entries.push([part.fieldname, { fileName: part.filename, contentType: part.mimetype, uri: `upload:${part.fieldname}` }]);
      } else entries.push([part.fieldname, String(part.value)]);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw problem('fileTooLarge');
    throw err;
  }
  return { entries, files };
}

export default async function surveyRoutes(app: App, opts: { storage?: Storage } = {}): Promise<void> {
  const storage = opts.storage ?? createStorage(join(app.deps.config.dataDir, 'files'));
  const cache = createSurveyCache();
  const deps = () => ({ db: app.deps.database.db, cache, storage });

  app.post('/Survey/GetById', { config: { access: ALL_ROLES }, schema: { body: getByIdBody } }, async (req) => {
    return ok(await surveyById(deps(), tenantOf(req).organizationId, req.body.SurveyId, req.body.languageId));
  });

  app.get('/Survey/GetPreviewData', { config: { access: 'public' }, schema: { querystring: previewQuery } }, async (req) => {
    const q = req.query;
    return ok(await previewData(deps(), req.caller, { surveyId: q.surveyId, ...(q.languageId ? { languageId: q.languageId } : {}), ...(q.uuid ? { uuid: q.uuid } : {}) }));
  });

  app.get('/Survey/GetSurveyDetails', { config: { access: ALL_ROLES }, schema: { querystring: surveyIdQuery } }, async (req) => {
    return ok(await surveyDetails(deps(), tenantOf(req).organizationId, req.query.surveyId));
  });

  app.get('/DataCollection/getAllSurveysForProjectByStatus', { config: { access: ALL_ROLES }, schema: { querystring: surveysByStatusQuery } }, async (req) => {
    return ok(await surveysOfProject(deps(), tenantOf(req).organizationId, req.query.ProjectId, req.query.surveyStatuses ?? []));
  });

  app.post('/DataCollection/SubmitSurvey', { config: { access: 'public' } }, async (req) => {
    const body = await readSubmission(req);
    const { submission, duplicate } = await submitSurvey(deps(), { ...body, caller: req.caller });
    return ok({ ...submission, duplicate }, duplicate ? 'This submission was already received.' : 'Survey submitted successfully.');
  });
}
