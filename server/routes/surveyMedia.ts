// Survey media: authors upload the images, audio, video and pulldata() CSV files
// their labels name; the fill page loads them. The request's declared length and the file's name (its
// kind and that kind's limit) are checked before a byte of it is held; the bytes are counted as they
// arrive; services/surveyMedia.ts checks what they are. Served only as a download: attachment,
// nosniff and a sandboxing CSP (plugins/storage.ts downloadHeaders).
import type { FastifyRequest } from 'fastify';
import { MEDIA_MAX_BYTES, MEDIA_RULES, SURVEY_MEDIA_API, SURVEY_MEDIA_FIELDS, type SurveyMediaKind } from '../../schemas/surveyMedia';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { sendStoredFile } from '../plugins/storage';
import { problem } from '../problems';
import { publicLimiter } from '../security/publicLimits';
import { mediaKindOf, mediaTooLarge, surveyMediaFile, surveyMediaList, uploadMedia } from '../services/surveyMedia';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bad = (field: string, why: string) => problem('validation', { errors: [`'${field}' ${why}`] });

async function readUpload(req: FastifyRequest): Promise<{ surveyId: string; fileName: string; kind: SurveyMediaKind; bytes: Buffer }> {
  if (!req.isMultipart()) throw bad('File', 'must be sent as multipart/form-data');
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > MEDIA_MAX_BYTES + 64 * 1024) throw mediaTooLarge(MEDIA_MAX_BYTES);
  const fields: Record<string, string> = {};
  let file: { fileName: string; kind: SurveyMediaKind; bytes: Buffer } | undefined;
  for await (const part of req.parts({ limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 } })) {
    if (!(SURVEY_MEDIA_FIELDS as readonly string[]).includes(part.fieldname))
      throw bad(part.fieldname.slice(0, 50), 'is not a field of this call');
    if (part.type === 'file') {
      if (part.fieldname !== 'File') throw bad(part.fieldname, 'must be a text field');
      let kind: SurveyMediaKind;
      try {
        kind = mediaKindOf(part.filename);
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const max = MEDIA_RULES[kind].maxBytes;
      // Counted as they stream: past the kind's limit the rest is drained, never held.
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > max) {
          part.file.resume();
          throw mediaTooLarge(max, kind);
        }
        chunks.push(chunk);
      }
      if (part.file.truncated) throw mediaTooLarge(max, kind);
      file = { fileName: part.filename, kind, bytes: Buffer.concat(chunks, size) };
    } else fields[part.fieldname] = String(part.value);
  }
  if (!file) throw bad('File', 'is required');
  const surveyId = fields.SurveyId;
  if (surveyId === undefined) throw bad('SurveyId', 'is required');
  if (!UUID.test(surveyId)) throw bad('SurveyId', 'must be a uuid');
  return { surveyId: surveyId.toLowerCase(), ...file };
}

export default async function surveyMediaRoutes(app: App): Promise<void> {
  const storage = app.storage;
  const deps = () => ({ db: app.deps.database.db, storage });
  const limits = publicLimiter(app);

  const M = SURVEY_MEDIA_API;

  app.route({
    ...routeOf(M.uploadSurveyMedia),
    handler: async (req) => {
      const upload = await readUpload(req);
      return ok(await uploadMedia(deps(), tenantOf(req), upload), 'The file has been uploaded.');
    },
  });

  app.route({
    ...routeOf(M.getSurveyMediaList),
    handler: async (req) => ok(await surveyMediaList(deps(), tenantOf(req), req.query.surveyId)),
  });

  app.route({
    ...routeOf(M.getSurveyMedia),
    handler: async (req, reply) => {
      await limits.address(req, 'media');
      await limits.survey(req, 'media', req.params.surveyId.toLowerCase());
      const media = await surveyMediaFile(deps(), req.caller, req.params.surveyId, req.params.fileName);
      return sendStoredFile(reply, storage, { key: media.key, fileName: media.fileName, contentType: media.contentType });
    },
  });
}
