// XLSForm in: POST DataCollection/importXlsForm. The export is GET DataCollection/exportSurvey
// (routes/surveys.ts). Multipart is read part by part: the declared length and the file's size are
// checked before its bytes are held, fields are bounded, and the workbook goes to services/xlsformImport.
import type { FastifyRequest } from 'fastify';
import { XLSFORM_API, XLSFORM_IMPORT_FIELDS, XLSFORM_MAX_BYTES } from '../../schemas/xlsform';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { problem } from '../problems';
import { importWorkbook } from '../services/xlsformImport';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bad = (field: string, why: string) => problem('validation', { errors: [`'${field}' ${why}`] });

async function readImport(req: FastifyRequest): Promise<{ projectId: string; surveyId?: string; fileName: string; bytes: Buffer }> {
  if (!req.isMultipart()) throw bad('File', 'must be sent as multipart/form-data');
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > XLSFORM_MAX_BYTES + 64 * 1024)
    throw problem('payloadTooLarge', { errors: [`'File' must be at most ${XLSFORM_MAX_BYTES / 1024 / 1024} MB`] });
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | undefined;
  for await (const part of req.parts({ limits: { fileSize: XLSFORM_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6 } })) {
    if (!(XLSFORM_IMPORT_FIELDS as readonly string[]).includes(part.fieldname))
      throw bad(part.fieldname.slice(0, 50), 'is not a field of this call');
    if (part.type === 'file') {
      if (part.fieldname !== 'File') throw bad(part.fieldname, 'must be a text field');
      // The name only screens out other kinds of file; the reader tells the format by the bytes.
      if (!/\.(xlsx|xlsm|xls)$/i.test(part.filename)) {
        part.file.resume();
        throw bad('File', 'must be an Excel workbook (.xlsx, .xlsm or .xls)');
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        throw problem('payloadTooLarge', { errors: [`'File' must be at most ${XLSFORM_MAX_BYTES / 1024 / 1024} MB`] });
      file = { fileName: part.filename.slice(0, 200), bytes };
    } else fields[part.fieldname] = String(part.value);
  }
  if (!file) throw bad('File', 'is required');
  const projectId = fields.ProjectId;
  if (projectId === undefined) throw bad('ProjectId', 'is required');
  if (!UUID.test(projectId)) throw bad('ProjectId', 'must be a uuid');
  const surveyId = fields.SurveyId;
  if (surveyId !== undefined && surveyId !== '' && !UUID.test(surveyId)) throw bad('SurveyId', 'must be a uuid');
  return { projectId, ...(surveyId ? { surveyId } : {}), ...file };
}

export default async function xlsformRoutes(app: App): Promise<void> {
  app.route({
    ...routeOf(XLSFORM_API.importXlsForm),
    bodyLimit: XLSFORM_MAX_BYTES + 64 * 1024,
    handler: async (req) => {
      const body = await readImport(req);
      const { surveyId, report } = await importWorkbook(app.deps.database.db, tenantOf(req), body);
      const warnings = report.length;
      return ok({ surveyId, report }, warnings ? `Imported with ${warnings} note${warnings === 1 ? '' : 's'}.` : 'Imported.');
    },
  });
}
