// /api/Beneficiaries/* (respondents; schemas/beneficiaries.ts). importTable and previewImport are
// multipart: the declared length, the file's name (its type) and its size are checked before its bytes
// are held; the Mapping field is JSON checked against its schema; the file is read in the worker pool.
import { Ajv } from 'ajv';
import type { FastifyRequest } from 'fastify';
import {
  BENEFICIARIES_API as B,
  IMPORT_EXTENSIONS,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  importMappingSchema,
  type ImportMapping,
} from '../../schemas/beneficiaries';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { problem } from '../problems';
import * as beneficiaries from '../services/beneficiaries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MB = 1024 * 1024;
const MAPPING_MAX = 64 * 1024;
const bad = (field: string, why: string) => problem('validation', { errors: [`'${field}' ${why}`] });
const tooLarge = () => problem('payloadTooLarge', { errors: [`'File' must be at most ${IMPORT_MAX_BYTES / MB} MB`] });

const checkMapping = new Ajv({ allErrors: false, useDefaults: true, strict: false }).compile<ImportMapping>(importMappingSchema);

interface ImportBody {
  projectId: string;
  tableId?: string | undefined;
  mapping?: ImportMapping | undefined;
  file: beneficiaries.ImportFile;
}

async function readImport(req: FastifyRequest, withMapping: boolean): Promise<ImportBody> {
  if (!req.isMultipart()) throw bad('File', 'must be sent as multipart/form-data');
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + MAPPING_MAX + 64 * 1024) throw tooLarge();
  const fields: Record<string, string> = {};
  let file: beneficiaries.ImportFile | undefined;
  const allowed: readonly string[] = withMapping ? IMPORT_FIELDS : ['ProjectId', 'File'];
  for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 3, fieldSize: MAPPING_MAX, parts: 5 } })) {
    if (!allowed.includes(part.fieldname)) {
      if (part.type === 'file') part.file.resume();
      throw bad(part.fieldname.slice(0, 50), 'is not a field of this call');
    }
    if (part.type === 'file') {
      if (part.fieldname !== 'File') {
        part.file.resume();
        throw bad(part.fieldname, 'must be a text field');
      }
      const ext = /\.([a-z]+)$/i.exec(part.filename)?.[1]?.toLowerCase();
      if (!ext || !(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) {
        part.file.resume();
        throw bad('File', `must be one of ${IMPORT_EXTENSIONS.map((e) => `.${e}`).join(', ')}`);
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      file = { fileName: part.filename.slice(0, 200), bytes };
    } else fields[part.fieldname] = String(part.value);
  }
  if (!file) throw bad('File', 'is required');
  const projectId = fields.ProjectId;
  if (projectId === undefined) throw bad('ProjectId', 'is required');
  if (!UUID.test(projectId)) throw bad('ProjectId', 'must be a uuid');
  const tableId = fields.TableId || undefined;
  if (tableId !== undefined && !UUID.test(tableId)) throw bad('TableId', 'must be a uuid');
  let mapping: ImportMapping | undefined;
  if (withMapping) {
    if (fields.Mapping === undefined) throw bad('Mapping', 'is required');
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.Mapping);
    } catch {
      throw bad('Mapping', 'must be JSON');
    }
    if (!checkMapping(parsed)) {
      const e = checkMapping.errors?.[0];
      throw bad(`Mapping${e?.instancePath ?? ''}`, e?.message ?? 'is not valid');
    }
    mapping = parsed;
  }
  return { projectId, tableId, mapping, file };
}

export default async function beneficiaryRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;
  const bodyLimit = IMPORT_MAX_BYTES + MAPPING_MAX + 64 * 1024;

  app.route({
    ...routeOf(B.previewImport),
    bodyLimit,
    handler: async (req) => {
      const body = await readImport(req, false);
      return ok(await beneficiaries.preview(db(), tenantOf(req), body.projectId, body.file));
    },
  });

  app.route({
    ...routeOf(B.importTable),
    bodyLimit,
    handler: async (req) => {
      const body = await readImport(req, true);
      const r = await beneficiaries.importTable(db(), tenantOf(req), { ...body, mapping: body.mapping! });
      return ok(r, `Imported ${r.report.added} respondent${r.report.added === 1 ? '' : 's'}.`);
    },
  });

  app.route({
    ...routeOf(B.getTables),
    handler: async (req) =>
      ok(
        await beneficiaries.listTables(db(), tenantOf(req), req.query.ProjectId, {
          page: req.query.Page ?? 1,
          pageSize: req.query.PageSize ?? 10,
          deleted: req.query.IsDeleted ?? false,
        }),
      ),
  });

  app.route({ ...routeOf(B.getBeneficiaries), handler: async (req) => ok(await beneficiaries.pageOf(db(), tenantOf(req), req.query)) });

  app.route({
    ...routeOf(B.getFilterOptions),
    handler: async (req) => ok(await beneficiaries.filterOptions(db(), tenantOf(req), req.query.TableId)),
  });

  app.route({ ...routeOf(B.getById), handler: async (req) => ok(await beneficiaries.detail(db(), tenantOf(req), req.params.id)) });

  app.route({
    ...routeOf(B.add),
    handler: async (req) => ok(await beneficiaries.add(db(), tenantOf(req), req.body.tableId, req.body.fields), 'Respondent added.'),
  });

  app.route({
    ...routeOf(B.edit),
    handler: async (req) => ok(await beneficiaries.edit(db(), tenantOf(req), req.body.id, req.body.fields), 'Respondent updated.'),
  });

  app.route({
    ...routeOf(B.erase),
    handler: async (req) => {
      await beneficiaries.erase(db(), tenantOf(req), req.body.id);
      return ok(true, 'Respondent erased.');
    },
  });
}
