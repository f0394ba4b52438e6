// Kysely's view of the support tickets' tables and the account closures (migration 0021).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type TicketStatus = 'open' | 'answered' | 'closed';

export interface TicketsTable {
  id: Generated<string>;
  organization_id: string;
  submitted_by: string;
  type_id: number;
  subject: string;
  status: Generated<TicketStatus>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export interface TicketMessagesTable {
  id: Generated<string>;
  organization_id: string;
  ticket_id: string;
  author_id: string;
  from_support: Generated<boolean>;
  body: string;
  created_at: CreatedAt;
}
export interface TicketAttachmentsTable {
  id: Generated<string>;
  organization_id: string;
  ticket_id: string;
  message_id: string;
  file_key: string;
  file_name: string;
  content_type: string;
  size: number;
  /** Order of upload within the message. */
  position: Generated<number>;
  created_at: CreatedAt;
}

export interface AccountClosuresTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  whole_organization: boolean;
  option: number;
  reason: number;
  custom_reason: string | null;
  feedback: string;
  created_at: CreatedAt;
}

export interface TicketTables {
  account_closures: AccountClosuresTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  ticket_attachments: TicketAttachmentsTable;
}
