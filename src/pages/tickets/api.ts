// The ticket calls of the pages (spec 000 section 7 "Tickets").
import { TICKETS_API as T, type TicketStatusName } from '../../../schemas/tickets';
import { call } from '../../api/call';
import { session } from '../../state/session';

export const ticketsApi = {
  byId: (id: string) => call(T.getTicketById, { query: { id } }),
  create: (form: FormData) => call(T.createTicket, {}, { form, timeoutMs: 300_000 }),
  reply: (ticketId: string, message: string, status?: TicketStatusName) =>
    call(T.replyToTicket, { body: { ticketId, message, ...(status ? { status } : {}) } }),
  setStatus: (id: string, status: TicketStatusName) => call(T.setTicketStatus, { body: { id, status } }),
};

/**
 * The session travels as a header, not a cookie, so an attachment's link cannot be followed as it is:
 * it is fetched with the session and handed to the browser as a download.
 */
export async function downloadAttachment(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${session.token ?? ''}`, 'organization-id': session.organizationId ?? '' },
  });
  if (!res.ok) throw new Error(String(res.status));
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
