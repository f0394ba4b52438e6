// Kysely's view of the tables the migrations create. Keep in step with server/db/migrations.
import type { ColumnType, Generated } from 'kysely';
import type { AppUserTables } from './schema-appUsers';
import type { BeneficiaryTables } from './schema-beneficiaries';
import type { SurveyTables } from './schema-surveys';
import type { TargetTables } from './schema-targets';
import type { WebhookTables } from './schema-webhooks';
import type { TaskTables } from './schema-tasks';
import type { TicketTables } from './schema-tickets';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface OrganizationTypesTable {
  id: number;
  name: string;
}
export interface CountriesTable {
  id: number;
  name: string;
  code: string;
}
export interface LanguagesTable {
  /** The list's rows are seeded with their ids; an organization's own languages take the sequence's. */
  id: Generated<number>;
  name: string;
  code: string;
  /** Null for the product's list; else the organization whose imported form named this language. */
  organization_id: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface PlansTable {
  id: number;
  name: string;
  description: Generated<string>;
  monthly_price: number;
  annual_price: number;
  workspace_limit: number;
  members_limit: number;
  database_limit: number;
  projects_limit: Generated<number>;
  sort_order: Generated<number>;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  full_name: string;
  phone_number: string | null;
  password_hash: string;
  email_confirmed_at: Timestamp | null;
  country_id: number | null;
  gender: number | null;
  profile_picture_key: string | null;
  /** A JSON object (0009_profile); written as its JSON text. */
  geographical_detail: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: CreatedAt;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  type_id: number | null;
  country_id: number | null;
  zip_code: string | null;
  registration_done: Generated<boolean>;
  deactivated_at: Timestamp | null;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface OrganizationMembersTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  role_id: number;
  role_within_organization: string | null;
  deleted_at: Timestamp | null;
  deactivated_by_self: Generated<boolean>;
  gender: ColumnType<number | null, number | null | undefined, number | null>;
  location_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}
export interface MemberLanguagesTable {
  organization_id: string;
  member_id: string;
  language_id: number;
}
export interface MemberInvitationsTable {
  id: Generated<string>;
  user_id: string;
  organization_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export type SubscriptionStatus = 'trialing' | 'active' | 'incomplete' | 'past_due' | 'unpaid' | 'canceled';
export interface SubscriptionsTable {
  id: Generated<string>;
  organization_id: string;
  plan_id: number;
  status: SubscriptionStatus;
  is_monthly: Generated<boolean>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  cancel_at: Timestamp | null;
  payment_method_id: string | null;
  card_last4: string | null;
  provider_subscription_id: string | null;
  pending_plan_id: Generated<number | null>;
  pending_is_monthly: Generated<boolean | null>;
  cancel_reason: Generated<number | null>;
  cancel_reason_text: Generated<string | null>;
  credit_cents: Generated<number>;
  provider: Generated<'sandbox' | 'stripe'>;
  created_at: CreatedAt;
}

export interface PaymentMethodsTable {
  id: string;
  organization_id: string;
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  declines: Generated<boolean>;
  created_at: CreatedAt;
}

export type InvoiceStatus = 'open' | 'paid' | 'void' | 'uncollectible';
export interface InvoicesTable {
  id: Generated<string>;
  organization_id: string;
  subscription_id: string;
  number: number;
  kind: 'subscription' | 'proration';
  plan_id: number;
  plan_name: string;
  is_monthly: boolean;
  period_start: Timestamp;
  period_end: Timestamp;
  amount_cents: number;
  currency: Generated<string>;
  status: InvoiceStatus;
  provider_invoice_id: string | null;
  paid_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface BillingRemindersTable {
  organization_id: string;
  period_end: Timestamp;
  days_before: number;
  sent_at: CreatedAt;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  remember: Generated<boolean>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export type CodePurpose = 'confirm-email' | 'reset-password' | 'update-email' | 'change-password';
export interface VerificationCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  payload: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface RevokedSessionsTable {
  family_id: string;
  user_id: string;
  expires_at: Timestamp;
}
export interface LoginThrottleTable {
  account: string;
  address: string;
  failures: number;
  last_failure_at: Timestamp;
  next_allowed_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: Generated<number>;
}
/** Keys of stored files whose row went (migration 0023), waiting for the purge to remove the files. */
export interface RemovedFilesTable {
  storage_key: string;
  removed_at: Generated<Timestamp>;
}
export interface BotCheckUsedTable {
  signature: string;
  expires_at: Timestamp;
}
export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  error: string | null;
}

export interface WorkspacesTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  description: Generated<string>;
  created_by: string | null;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
}
export interface WorkspaceMembersTable {
  organization_id: string;
  workspace_id: string;
  member_id: string;
  deleted_at: Timestamp | null;
}
export interface ProjectTypesTable {
  id: number;
  name: string;
  enabled: Generated<boolean>;
}
export interface ProjectsTable {
  id: Generated<string>;
  organization_id: string;
  workspace_id: string;
  type_id: number;
  name: string;
  description: Generated<string>;
  manager_id: string | null;
  start_date: string;
  end_date: string;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
}
export interface ProjectCountriesTable {
  organization_id: string;
  project_id: string;
  country_id: number;
}
export interface ProjectMembersTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  member_id: string;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface DB extends SurveyTables, TaskTables, TicketTables, BeneficiaryTables, TargetTables, AppUserTables, WebhookTables {
  organization_types: OrganizationTypesTable;
  countries: CountriesTable;
  languages: LanguagesTable;
  plans: PlansTable;
  users: UsersTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  subscriptions: SubscriptionsTable;
  payment_methods: PaymentMethodsTable;
  invoices: InvoicesTable;
  billing_reminders: BillingRemindersTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  revoked_sessions: RevokedSessionsTable;
  login_throttle: LoginThrottleTable;
  bot_check_used: BotCheckUsedTable;
  mail_outbox: MailOutboxTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  project_types: ProjectTypesTable;
  projects: ProjectsTable;
  project_countries: ProjectCountriesTable;
  project_members: ProjectMembersTable;
  member_languages: MemberLanguagesTable;
  member_invitations: MemberInvitationsTable;
  removed_files: RemovedFilesTable;
}
