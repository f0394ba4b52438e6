// Kysely's view of the task tables (migration 0009_tasks). Keep in step with it.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Optional<T> = ColumnType<T, T | undefined, T>;

export interface LocationGroupsTable {
  id: Generated<string>;
  organization_id: string;
  workspace_id: string;
  name: string;
  country_id: number | null;
  state: Generated<string>;
  city: Generated<string>;
  district: Generated<string>;
  subdistrict: Generated<string>;
  village_neighborhood: Generated<string>;
  address_line1: Generated<string>;
  location_type: Generated<string>;
  deleted_at: Optional<Date | null>;
  created_at: CreatedAt;
}

export interface TaskSeriesTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  survey_id: string;
  collector_id: string;
  recurrence: number;
  every_x_days: number | null;
  weekday: number | null;
  round_hours: number | null;
  collection_type: number;
  location_id: number | null;
  location_group_id: string | null;
  note: Generated<string>;
  starts_at: Timestamp;
  until_at: Timestamp | null;
  next_round_at: Timestamp | null;
  first_round: Generated<number>;
  last_round: Generated<number>;
  created_by: string | null;
  deleted_at: Optional<Date | null>;
  created_at: CreatedAt;
}

export interface TasksTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  survey_id: string;
  collector_id: string;
  series_id: Optional<string | null>;
  collection_round: Generated<number>;
  collection_type: number;
  status: Generated<number>;
  end_date: Timestamp | null;
  location_id: number | null;
  location_group_id: string | null;
  note: Generated<string>;
  rejection_reason: Optional<string | null>;
  started_at: Optional<Date | null>;
  completed_at: Optional<Date | null>;
  created_by: string | null;
  deleted_at: Optional<Date | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MessagingTasksTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  survey_id: string;
  channel: number;
  message: Generated<string>;
  language_code: Generated<string>;
  created_by: string | null;
  deleted_at: Optional<Date | null>;
  created_at: CreatedAt;
}

export interface MessageReceiversTable {
  id: Generated<string>;
  organization_id: string;
  messaging_task_id: string;
  name: Generated<string>;
  address: string;
  status: Generated<number>;
  sent_at: Optional<Date | null>;
  error: Optional<string | null>;
  submitted_at: Optional<Date | null>;
}

export interface TaskTables {
  location_groups: LocationGroupsTable;
  task_series: TaskSeriesTable;
  tasks: TasksTable;
  messaging_tasks: MessagingTasksTable;
  message_receivers: MessageReceiversTable;
}
