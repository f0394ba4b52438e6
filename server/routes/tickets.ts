// /api/Tickets/* (spec 000 section 7 "Tickets"). createTicket is multipart: the request's
// declared length, the number of files and each file's name (its type) are checked before a byte of a
// file is held; each file is counted as it streams and refused past 20MB; what arrived is then sniffed
// so that a renamed file is not taken for what its name says.
import { extname } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  TICKET_FIELDS,
  TICKET_FILE_EXTENSIONS,
  TICKET_FILE_MAX_BYTES,
  TICKET_MAX_FILES,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
  TICKET_TYPES,
  TICKETS_API,
} from '../../schemas/tickets';
import { SINGLE_LINE } from '../../schemas/common';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { sendStoredFile } from '../plugins/storage';
import { problem } from '../problems';
import * as tickets from '../services/tickets';
import type { TicketUpload } from '../services/tickets';

const bad = (field: string, why: string) => problem('validation', { errors: [`'${field}' ${why}`] });

/** What the bytes of each accepted extension may sniff as (xls is an OLE compound file; Office XML is zip). */
const SNIFFED: Record<(typeof TICKET_FILE_EXTENSIONS)[number], { accept: readonly string[]; type: string }> = {
  png: { accept: ['png'], type: 'image/png' },
  jpg: { accept: ['jpg'], type: 'image/jpeg' },
  jpeg: { accept: ['jpg'], type: 'image/jpeg' },
  gif: { accept: ['gif'], type: 'image/gif' },
  webp: { accept: ['webp'], type: 'image/webp' },
  pdf: { accept: ['pdf'], type: 'application/pdf' },
  xls: { accept: ['cfb', 'xls'], type: 'application/vnd.ms-excel' },
  xlsx: { accept: ['xlsx', 'zip'], type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  docx: { accept: ['docx', 'zip'], type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};

function extensionOf(fileName: string): (typeof TICKET_FILE_EXTENSIONS)[number] {
  const ext = extname(fileName).slice(1).toLowerCase();
  if (!(TICKET_FILE_EXTENSIONS as readonly string[]).includes(ext))
    throw problem('ticketFileType', { errors: [`'Attachments' ${fileName.slice(0, 100)}: type not accepted`] });
  return ext as (typeof TICKET_FILE_EXTENSIONS)[number];
}

async function readTicket(req: FastifyRequest): Promise<TicketUpload> {
  if (!req.isMultipart()) throw bad('Attachments', 'must be sent as multipart/form-data');
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > TICKET_MAX_FILES * TICKET_FILE_MAX_BYTES + 256 * 1024) throw problem('ticketFileTooLarge');
  const fields: Record<string, string> = {};
  const files: TicketUpload['files'] = [];
  const parts = req.parts({
    limits: {
      fileSize: TICKET_FILE_MAX_BYTES,
      files: TICKET_MAX_FILES + 1,
      fields: 3,
      fieldSize: TICKET_MESSAGE_MAX * 4,
      parts: TICKET_MAX_FILES + 4,
    },
  });
  for await (const part of parts) {
    if (!(TICKET_FIELDS as readonly string[]).includes(part.fieldname)) {
      if (part.type === 'file') part.file.resume();
      throw bad(part.fieldname.slice(0, 50), 'is not a field of this call');
    }
    if (part.type === 'file') {
      if (part.fieldname !== 'Attachments') {
        part.file.resume();
        throw bad(part.fieldname, 'must be a text field');
      }
      if (files.length >= TICKET_MAX_FILES) {
        part.file.resume();
        throw problem('ticketTooManyFiles', { errors: [`'Attachments' must hold at most ${TICKET_MAX_FILES} files`] });
      }
      let ext;
      try {
        ext = extensionOf(part.filename);
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > TICKET_FILE_MAX_BYTES) {
          part.file.resume();
          throw problem('ticketFileTooLarge', { errors: [`'Attachments' ${part.filename.slice(0, 100)} is larger than 20MB`] });
        }
        chunks.push(chunk);
      }
      if (part.file.truncated)
        throw problem('ticketFileTooLarge', { errors: [`'Attachments' ${part.filename.slice(0, 100)} is larger than 20MB`] });
      const bytes = Buffer.concat(chunks, size);
      const sniffed = await fileTypeFromBuffer(bytes);
      if (!sniffed || !SNIFFED[ext].accept.includes(sniffed.ext))
        throw problem('ticketFileType', { errors: [`'Attachments' ${part.filename.slice(0, 100)} is not a ${ext} file`] });
      files.push({ fileName: part.filename.slice(0, 200), contentType: SNIFFED[ext].type, extension: ext, bytes });
    } else fields[part.fieldname] = String(part.value);
  }
  const typeId = Number(fields.Type);
  if (!TICKET_TYPES.some((t) => t.id === typeId)) throw bad('Type', fields.Type ? 'is not a ticket type' : 'is required');
  const subject = (fields.Subject ?? '').trim();
  if (!subject) throw bad('Subject', 'is required');
  if (subject.length > TICKET_SUBJECT_MAX) throw bad('Subject', `must be at most ${TICKET_SUBJECT_MAX} characters`);
  if (!new RegExp(SINGLE_LINE).test(subject)) throw bad('Subject', 'must be one line');
  const body = (fields.LastResponse ?? '').trim();
  if (!body) throw bad('LastResponse', 'is required');
  if (body.length > TICKET_MESSAGE_MAX) throw bad('LastResponse', `must be at most ${TICKET_MESSAGE_MAX} characters`);
  return { typeId, subject, body, files };
}

export default async function ticketRoutes(app: App): Promise<void> {
  const storage = app.storage;
  const deps = () => ({ db: app.deps.database.db, storage, mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl });

  const T = TICKETS_API;
  app.route({ ...routeOf(T.getTicketTypes), handler: async () => ok(tickets.ticketTypes()) });
  app.route({ ...routeOf(T.getAllTickets), handler: async (req) => ok(await tickets.list(deps(), tenantOf(req), req.query)) });
  app.route({ ...routeOf(T.getTicketById), handler: async (req) => ok(await tickets.detail(deps(), tenantOf(req), req.query.id)) });
  app.route({
    ...routeOf(T.createTicket),
    handler: async (req) => {
      const upload = await readTicket(req);
      return ok(await tickets.create(deps(), tenantOf(req), upload), 'Ticket created successfully!');
    },
  });
  app.route({
    ...routeOf(T.deleteTickets),
    handler: async (req) => ok(await tickets.remove(deps(), tenantOf(req), req.body), 'Tickets deleted successfully!'),
  });
  app.route({ ...routeOf(T.replyToTicket), handler: async (req) => ok(await tickets.reply(deps(), tenantOf(req), req.body)) });
  app.route({
    ...routeOf(T.setTicketStatus),
    handler: async (req) => {
      await tickets.setStatus(deps(), tenantOf(req), req.body.id, req.body.status);
      return ok(true);
    },
  });
  app.route({
    ...routeOf(T.getAttachment),
    handler: async (req, reply) => {
      const a = await tickets.attachment(deps(), tenantOf(req), req.params.ticketId, req.params.attachmentId);
      return sendStoredFile(reply, storage, a);
    },
  });
}
