// Survey calls (spec 001 section 7): the fill page's preview data and the submission (public: the
// survey's organization comes from the survey), and the organization's own survey views.
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES, type FormEntry } from '../../engine/survey/index';
import { ALL_ROLES } from '../../schemas/roles';
import { getByIdBody, previewQuery, surveyIdParams, surveyIdQuery, surveysByStatusQuery } from '../../schemas/surveys';
import { tenantOf } from '../access';
import { ok, type App } from '../app';
import { FormDataError, boundaryOf, parseFormData } from '../plugins/formData';
import { createStorage, downloadHeaders, type Storage } from '../plugins/storage';
import { problem } from '../problems';
import { submitSurvey, type ReceivedFile } from '../services/submissions';
import { createSurveyCache } from '../services/surveyCache';
import { exportSurvey } from '../services/surveyExport';
import { previewData, surveyById, surveyDetails, surveysOfProject } from '../services/surveys';

const LIMITS = { fileSize: MAX_FILE_BYTES, files: 50, fields: 50_000, fieldSize: 200_000 };
const MULTIPART_LIMITS = { ...LIMITS, parts: LIMITS.files + LIMITS.fields };
/** Bodies up to this size (known from content-length) are read whole and parsed in memory. */
const IN_MEMORY_BODY = 8 * 1024 * 1024;

function refusal(err: unknown): never {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw problem('fileTooLarge');
  if (code === 'FST_FILES_LIMIT') throw problem('validation', { errors: [`A submission carries at most ${LIMITS.files} files`] });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw problem('validation', { errors: [`A submission carries at most ${LIMITS.fields} fields`] });
  if (err instanceof FormDataError) throw problem('validation', { errors: [err.message] });
  throw err;
}

async function readBody(req: FastifyRequest, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.raw) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > length || size > IN_MEMORY_BODY) throw problem('validation', { errors: ['The body is longer than its content-length'] });
    chunks.push(b);
  }
  return Buffer.concat(chunks, size);
}

/** Reads the multipart body: fields as entries, files into memory (at most 5 MB each). */
async function readSubmission(req: FastifyRequest): Promise<{ entries: FormEntry[]; files: ReceivedFile[] }> {
  if (!req.isMultipart()) throw problem('validation', { errors: ['The submission must be sent as multipart/form-data'] });
  const entries: FormEntry[] = [];
  const files: ReceivedFile[] = [];
  const add = (name: string, value: string | Buffer, file?: { fileName: string; contentType: string }): void => {
    if (file === undefined) entries.push([name, typeof value === 'string' ? value : value.toString('utf8')]);
    else {
      files.push({ field: name, fileName: file.fileName, declaredType: file.contentType, bytes: value as Buffer });
      entries.push([name, { fileName: file.fileName, contentType: file.contentType, uri: `upload:${name}` }]);
    }
  };
  const length = Number(req.headers['content-length']);
  const boundary = boundaryOf(req.headers['content-type']);
  try {
    if (boundary !== undefined && Number.isInteger(length) && length <= IN_MEMORY_BODY) {
      for (const part of parseFormData(await readBody(req, length), boundary, LIMITS)) {
        if (part.fileName === undefined) entries.push([part.name, part.value]);
        else add(part.name, part.data, { fileName: part.fileName, contentType: part.contentType });
      }
    } else {
      for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
        if (part.type === 'file') add(part.fieldname, await part.toBuffer(), { fileName: part.filename, contentType: part.mimetype });
        else add(part.fieldname, String(part.value));
      }
    }
  } catch (err) {
    refusal(err);
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

  app.get('/DataCollection/exportSurvey/:id', { config: { access: ALL_ROLES }, schema: { params: surveyIdParams } }, async (req, reply) => {
    const { fileName, bytes } = await exportSurvey(deps(), tenantOf(req).organizationId, req.params.id);
    return reply.headers(downloadHeaders(fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).send(bytes);
  });

  app.post('/DataCollection/SubmitSurvey', { config: { access: 'public' } }, async (req) => {
    const body = await readSubmission(req);
    const { submission, duplicate } = await submitSurvey(deps(), { ...body, caller: req.caller });
    return ok({ ...submission, duplicate }, duplicate ? 'This submission was already received.' : 'Survey submitted successfully.');
  });
}
