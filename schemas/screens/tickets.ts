// /tickets 'Ticket history list' (spec 000 sections 2, 6, 8 and 9): search (500 ms), the type filter,
// 'Add ticket', 'Delete selected rows' for the five roles named, View. 'Add ticket' opens the page's own
// dialog (a multipart form with files) through the address, ?new=1.
import { TICKET_MANAGER_ROLES, TICKET_PAGE_SIZE, TICKET_TYPES, ticketRowSchema } from '../tickets';
import type { ScreenDeclaration } from './types';
import { TICKETS_API } from '../tickets';

export const ticketsScreen: ScreenDeclaration = {
  id: 'tickets',
  title: 'tickets.title',
  entity: ticketRowSchema,
  layout: 'table',
  source: {
    call: { endpoint: TICKETS_API.getAllTickets },
    items: 'ticketResponses',
    total: 'total',
    rowKey: 'id',
  },
  columns: [
    { key: 'subject', label: 'tickets.columns.subject', kind: 'text', primary: true },
    { key: 'type', label: 'tickets.columns.type', kind: 'label', labels: 'tickets.types' },
    { key: 'createdAt', label: 'tickets.columns.createdAt', kind: 'date', hideBelow: 'md' },
    { key: 'submittedBy', label: 'tickets.columns.submittedBy', kind: 'text', hideBelow: 'md' },
    { key: 'status', label: 'tickets.columns.status', kind: 'label', labels: 'tickets.statuses', hideBelow: 'lg' },
  ],
  search: { placeholder: 'tickets.search', debounceMs: 500, param: 'searchInput' },
  filters: [
    { param: 'type', label: 'tickets.columns.type', choices: TICKET_TYPES.map((t) => ({ value: t.id, label: `tickets.types.${t.id}` })) },
  ],
  pagination: { pageSize: TICKET_PAGE_SIZE },
  selection: {
    roles: TICKET_MANAGER_ROLES,
    actions: [
      {
        id: 'deleteSelected',
        label: 'tickets.deleteSelected',
        icon: 'delete',
        tone: 'danger',
        confirm: { title: 'tickets.deleteTitle', body: 'tickets.deleteBody', confirm: 'tickets.deleteConfirm', cancel: 'common.cancel' },
        run: { kind: 'call', call: { endpoint: TICKETS_API.deleteTickets, body: 'selection' } },
        success: 'tickets.deleted',
        failure: 'tickets.deleteFailed',
      },
    ],
  },
  rowClick: { id: 'view', label: 'tickets.view', run: { kind: 'navigate', to: '/tickets/{row.id}' } },
  rowActions: [{ id: 'view', label: 'tickets.view', icon: 'open', run: { kind: 'navigate', to: '/tickets/{row.id}' } }],
  toolbar: [{ id: 'add', label: 'tickets.add', icon: 'add', tone: 'primary', run: { kind: 'navigate', to: '/tickets?new=1' } }],
  empty: 'tickets.empty',
};
