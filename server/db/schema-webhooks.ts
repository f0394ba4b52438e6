// Kysely's view of the webhook tables (migration 0031_webhooks). Keep in step with it.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface WebhooksTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string | null;
  survey_id: string | null;
  url: string;
  events: string[];
  secret: string;
  created_by: string | null;
  created_at: CreatedAt;
  failures: Defaulted<number>;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  organization_id: string;
  webhook_id: string;
  event: string;
  survey_id: string;
  submission_id: string | null;
  detail: ColumnType<unknown, string | null | undefined, string | null> | null;
  payload: string | null;
  status: Defaulted<'pending' | 'delivered' | 'failed'>;
  attempts: Defaulted<number>;
  tries: Defaulted<number>;
  next_attempt_at: Defaulted<Date>;
  claimed_until: Timestamp | null;
  created_at: CreatedAt;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  organization_id: string;
  delivery_id: string;
  attempted_at: CreatedAt;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
