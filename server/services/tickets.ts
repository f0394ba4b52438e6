// Support tickets (spec 000 sections 2, 3, 5, 7, 8). Managers (the roles that may bulk delete)
// see every ticket of their organization; other members see the tickets they submitted. Support (the
// organization's SuperAdmin, see schemas/tickets.ts) answers in the thread and sets the status; the
// submitter gets an e-mail on each answer.
import type { Kysely } from 'kysely';
import {
  TICKET_MANAGER_ROLES,
  TICKET_SUPPORT_ROLES,
  TICKET_TYPES,
  type TicketDetail,
  type TicketList,
  type TicketListQuery,
  type TicketMessage,
  type TicketRow,
  type TicketStatusName,
} from '../../schemas/tickets';
import { hasAnyRole } from '../../schemas/roles';
import * as q from '../db/queries/tickets';
import type { DB } from '../db/schema';
import type { Mailer } from '../plugins/mail';
import { staged, type Storage } from '../plugins/storage';
import { problem } from '../problems';
import { ticketReplyMail } from './mailTemplates';
import type { Tenant } from './recycleBin';

export interface TicketDeps {
  db: Kysely<DB>;
  storage: Storage;
  mailer: Mailer;
  publicUrl: string;
}

export interface TicketUpload {
  typeId: number;
  subject: string;
  body: string;
  files: { fileName: string; contentType: string; extension: string; bytes: Buffer }[];
}

function scopeOf(t: Tenant): q.TicketScope {
  return { organizationId: t.organizationId, submittedBy: hasAnyRole(t.roles, TICKET_MANAGER_ROLES) ? undefined : t.userId };
}
const isSupport = (t: Tenant) => hasAnyRole(t.roles, TICKET_SUPPORT_ROLES);
const iso = (d: Date | string) => new Date(d).toISOString();
const attachmentUrl = (ticketId: string, id: string) => `/api/Tickets/getAttachment/${ticketId}/${id}`;

export function ticketTypes() {
  return TICKET_TYPES.map((t) => ({ id: t.id, name: t.name }));
}

export async function list(deps: TicketDeps, t: Tenant, query: TicketListQuery): Promise<TicketList> {
  const { rows, total } = await q.listTickets(deps.db, scopeOf(t), {
    search: query.searchInput,
    type: query.type,
    page: query.page ?? 1,
    pageSize: query.pageSize ?? 10,
  });
  const files = await q.attachmentsOf(
    deps.db,
    t.organizationId,
    rows.map((r) => r.id),
  );
  return {
    total,
    ticketResponses: rows.map((r): TicketRow => ({
      id: r.id,
      type: r.type,
      subject: r.subject,
      lastResponse: r.lastResponse ?? '',
      status: r.status,
      createdAt: iso(r.createdAt),
      submittedBy: r.submittedBy,
      submitterEmail: r.submitterEmail,
      organizationName: r.organizationName,
      attachments: files.filter((f) => f.ticketId === r.id).map((f) => f.fileName),
    })),
  };
}

export async function detail(deps: TicketDeps, t: Tenant, id: string): Promise<TicketDetail> {
  const r = await q.ticketById(deps.db, scopeOf(t), id);
  if (!r) throw problem('notFound');
  const [messages, files] = await Promise.all([
    q.messagesOf(deps.db, t.organizationId, id),
    q.attachmentsOf(deps.db, t.organizationId, [id]),
  ]);
  return {
    id: r.id,
    type: r.type,
    subject: r.subject,
    lastResponse: r.lastResponse ?? '',
    status: r.status,
    createdAt: iso(r.createdAt),
    submittedBy: r.submittedBy,
    submitterEmail: r.submitterEmail,
    organizationName: r.organizationName,
    attachments: files.map((f) => f.fileName),
    messages: messages.map((m): TicketMessage => ({
      id: m.id,
      authorName: m.authorName,
      fromSupport: m.fromSupport,
      body: m.body,
      createdAt: iso(m.createdAt),
      attachments: files
        .filter((f) => f.messageId === m.id)
        .map((f) => ({ id: f.id, fileName: f.fileName, size: f.size, contentType: f.contentType, url: attachmentUrl(id, f.id) })),
    })),
    canAnswer: isSupport(t),
    canReply: isSupport(t) || (r.submittedById === t.userId && r.status !== 'closed'),
  };
}

export async function create(deps: TicketDeps, t: Tenant, input: TicketUpload): Promise<string> {
  return staged(deps.storage, async (put) => {
    const keys: { key: string; f: TicketUpload['files'][number] }[] = [];
    for (const f of input.files) {
      const key = deps.storage.newKey(t.organizationId, f.extension);
      await put(key, f.bytes);
      keys.push({ key, f });
    }
    return deps.db.transaction().execute(async (trx) => {
      const { ticketId, messageId } = await q.insertTicket(trx, {
        organizationId: t.organizationId,
        userId: t.userId,
        typeId: input.typeId,
        subject: input.subject,
        body: input.body,
      });
      await q.insertAttachments(
        trx,
        keys.map(({ key, f }) => ({
          organizationId: t.organizationId,
          ticketId,
          messageId,
          key,
          fileName: f.fileName,
          contentType: f.contentType,
          size: f.bytes.length,
        })),
      );
      return ticketId;
    });
  });
}

/** A message in the thread. Support's reply sets the status (answered unless told) and e-mails the submitter. */
export async function reply(
  deps: TicketDeps,
  t: Tenant,
  input: { ticketId: string; message: string; status?: TicketStatusName | undefined },
): Promise<TicketDetail> {
  const ticket = await q.ticketById(deps.db, scopeOf(t), input.ticketId);
  if (!ticket) throw problem('notFound');
  const support = isSupport(t);
  if (!support && ticket.submittedById !== t.userId) throw problem('forbidden');
  if (!support && input.status !== undefined) throw problem('ticketSupportOnly');
  if (!support && ticket.status === 'closed') throw problem('ticketClosed');
  const body = input.message.trim();
  if (!body) throw problem('validation', { errors: ["'message' is required"] });
  await deps.db.transaction().execute(async (trx) => {
    await q.insertMessage(trx, { organizationId: t.organizationId, ticketId: ticket.id, authorId: t.userId, fromSupport: support, body });
    // A submitter's follow-up reopens the question; support's answer says it is answered (or what support chose).
    await q.setStatus(trx, t.organizationId, ticket.id, support ? (input.status ?? 'answered') : 'open');
  });
  if (support && ticket.submittedById !== t.userId) {
    const link = `${deps.publicUrl.replace(/\/$/, '')}/tickets/${ticket.id}`;
    // The answer is in the database whether or not the mail goes out; a failed mail must not fail the reply.
    await deps.mailer
      .send({
        to: ticket.submitterEmail,
        ...ticketReplyMail({ fullName: ticket.submittedBy, subject: ticket.subject, message: body, link }),
      })
      .catch(() => undefined);
  }
  return detail(deps, t, ticket.id);
}

export async function setStatus(deps: TicketDeps, t: Tenant, id: string, status: TicketStatusName): Promise<void> {
  if (!isSupport(t)) throw problem('forbidden');
  const r = await q.setStatus(deps.db, t.organizationId, id, status);
  if (Number(r.numUpdatedRows) === 0) throw problem('notFound');
}

export async function remove(deps: TicketDeps, t: Tenant, ids: readonly string[]): Promise<number> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  const { deleted, keys } = await deps.db.transaction().execute((trx) => q.deleteTickets(trx, t.organizationId, unique));
  if (deleted === 0) throw problem('notFound');
  await Promise.all(keys.map((k) => deps.storage.remove(k).catch(() => undefined)));
  return deleted;
}

export async function attachment(deps: TicketDeps, t: Tenant, ticketId: string, attachmentId: string) {
  const a = await q.attachmentById(deps.db, scopeOf(t), ticketId, attachmentId);
  if (!a) throw problem('notFound');
  return a;
}
