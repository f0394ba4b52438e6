// The ticket calls of the pages (spec 000 section 7 "Tickets").
import type { TicketDetail, TicketStatusName } from '../../../schemas/tickets';
import { api, request } from '../../api/client';
import { session } from '../../state/session';

export const ticketsApi = {
  byId: (id: string) => api.get<TicketDetail>('/Tickets/getTicketById', { query: { id } }),
  create: (form: FormData) => request<string>('POST', '/Tickets/createTicket', { form, timeoutMs: 300_000 }),
  reply: (ticketId: string, message: string, status?: TicketStatusName) =>
    api.post<TicketDetail>('/Tickets/replyToTicket', { ticketId, message, ...(status ? { status } : {}) }),
  setStatus: (id: string, status: TicketStatusName) => api.post<boolean>('/Tickets/setTicketStatus', { id, status }),
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
