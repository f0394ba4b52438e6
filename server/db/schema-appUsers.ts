// Kysely's view of the app user table (migration 0030_app_users). Keep in step with it.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AppUsersTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  name: string;
  collector_id: string | null;
  token_hash: string;
  created_by: string | null;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface AppUserTables {
  app_users: AppUsersTable;
}
