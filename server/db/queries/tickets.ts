// The support tickets' statements. Every one is scoped to an organization; `submittedBy` narrows a list
// to one submitter's tickets (callers who see only their own).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import type { TicketStatus } from '../schema-tickets';
import { containsPattern } from './paging';

type Q = Kysely<DB>;

export interface TicketScope {
  organizationId: string;
  /** Only this user's tickets; undefined: all of the organization. */
  submittedBy?: string | undefined;
}

function scoped(db: Q, s: TicketScope) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.submitted_by')
    .innerJoin('organizations as o', 'o.id', 't.organization_id')
    .where('t.organization_id', '=', s.organizationId)
    .$if(s.submittedBy !== undefined, (qb) => qb.where('t.submitted_by', '=', s.submittedBy!));
}

const rowColumns = [
  't.id',
  't.type_id as type',
  't.subject',
  't.status',
  't.created_at as createdAt',
  't.submitted_by as submittedById',
  'u.full_name as submittedBy',
  'u.email as submitterEmail',
  'o.name as organizationName',
] as const;

type Scoped = ReturnType<typeof scoped>;
/** The latest message of each ticket, as a column. */
function withLastResponse(qb: Scoped) {
  return qb.select((eb) =>
    eb
      .selectFrom('ticket_messages as m')
      .select('m.body')
      .whereRef('m.ticket_id', '=', 't.id')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(1)
      .as('lastResponse'),
  );
}

export async function listTickets(
  db: Q,
  s: TicketScope,
  q: { search?: string | undefined; type?: number | undefined; page: number; pageSize: number },
) {
  const pattern = containsPattern(q.search);
  const base = scoped(db, s)
    .$if(q.type !== undefined, (qb) => qb.where('t.type_id', '=', q.type!))
    .$if(pattern !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('t.subject', 'ilike', pattern!),
          eb('u.full_name', 'ilike', pattern!),
          eb('u.email', 'ilike', pattern!),
          eb.exists(
            eb.selectFrom('ticket_messages as m').select('m.id').whereRef('m.ticket_id', '=', 't.id').where('m.body', 'ilike', pattern!),
          ),
        ]),
      ),
    );
  const [rows, total] = await Promise.all([
    withLastResponse(base)
      .select(rowColumns)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function ticketById(db: Q, s: TicketScope, id: string) {
  return withLastResponse(scoped(db, s)).select(rowColumns).where('t.id', '=', id).executeTakeFirst();
}

export function messagesOf(db: Q, organizationId: string, ticketId: string) {
  return db
    .selectFrom('ticket_messages as m')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'u.full_name as authorName', 'm.from_support as fromSupport', 'm.body', 'm.created_at as createdAt'])
    .where('m.organization_id', '=', organizationId)
    .where('m.ticket_id', '=', ticketId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
}

export function attachmentsOf(db: Q, organizationId: string, ticketIds: readonly string[]) {
  if (ticketIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ticket_attachments')
    .select([
      'id',
      'ticket_id as ticketId',
      'message_id as messageId',
      'file_name as fileName',
      'content_type as contentType',
      'size',
      'file_key as fileKey',
    ])
    .where('organization_id', '=', organizationId)
    .where('ticket_id', 'in', ticketIds)
    .orderBy('created_at')
    .orderBy('position')
    .execute();
}

export function attachmentById(db: Q, s: TicketScope, ticketId: string, attachmentId: string) {
  return db
    .selectFrom('ticket_attachments as a')
    .innerJoin('tickets as t', 't.id', 'a.ticket_id')
    .select(['a.file_key as key', 'a.file_name as fileName', 'a.content_type as contentType'])
    .where('a.organization_id', '=', s.organizationId)
    .where('t.organization_id', '=', s.organizationId)
    .where('a.ticket_id', '=', ticketId)
    .where('a.id', '=', attachmentId)
    .$if(s.submittedBy !== undefined, (qb) => qb.where('t.submitted_by', '=', s.submittedBy!))
    .executeTakeFirst();
}

export async function insertTicket(db: Q, t: { organizationId: string; userId: string; typeId: number; subject: string; body: string }) {
  const ticket = await db
    .insertInto('tickets')
    .values({ organization_id: t.organizationId, submitted_by: t.userId, type_id: t.typeId, subject: t.subject, updated_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = await insertMessage(db, {
    organizationId: t.organizationId,
    ticketId: ticket.id,
    authorId: t.userId,
    fromSupport: false,
    body: t.body,
  });
  return { ticketId: ticket.id, messageId: message.id };
}

export function insertMessage(
  db: Q,
  m: { organizationId: string; ticketId: string; authorId: string; fromSupport: boolean; body: string },
) {
  return db
    .insertInto('ticket_messages')
    .values({ organization_id: m.organizationId, ticket_id: m.ticketId, author_id: m.authorId, from_support: m.fromSupport, body: m.body })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function insertAttachments(
  db: Q,
  rows: readonly {
    organizationId: string;
    ticketId: string;
    messageId: string;
    key: string;
    fileName: string;
    contentType: string;
    size: number;
  }[],
) {
  if (rows.length === 0) return Promise.resolve();
  return db
    .insertInto('ticket_attachments')
    .values(
      rows.map((r, i) => ({
        position: i,
        organization_id: r.organizationId,
        ticket_id: r.ticketId,
        message_id: r.messageId,
        file_key: r.key,
        file_name: r.fileName,
        content_type: r.contentType,
        size: r.size,
      })),
    )
    .execute()
    .then(() => undefined);
}

export function setStatus(db: Q, organizationId: string, ticketId: string, status: TicketStatus) {
  return db
    .updateTable('tickets')
    .set({ status, updated_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', ticketId)
    .executeTakeFirst();
}

/** Deletes the tickets of `ids` in scope; answers the storage keys of their files, to be removed. */
export async function deleteTickets(db: Q, organizationId: string, ids: readonly string[]): Promise<{ deleted: number; keys: string[] }> {
  const keys = await db
    .selectFrom('ticket_attachments')
    .select('file_key')
    .where('organization_id', '=', organizationId)
    .where('ticket_id', 'in', ids)
    .execute();
  const r = await db.deleteFrom('tickets').where('organization_id', '=', organizationId).where('id', 'in', ids).executeTakeFirst();
  return { deleted: Number(r.numDeletedRows), keys: keys.map((k) => k.file_key) };
}
