// Kysely's view of the target tables (migration 0030_targets). Keep in step with it.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Optional<T> = ColumnType<T, T | undefined, T>;
/** A date column: PostgreSQL's date, read as text (YYYY-MM-DD) by the queries' casts. */
type DateColumn = ColumnType<string, string, string>;

export interface TargetsTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  survey_id: string;
  total: number;
  start_date: DateColumn | null;
  deadline: DateColumn | null;
  approved_only: Generated<boolean>;
  calculation: ColumnType<unknown, string | null, string | null> | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Optional<Date>;
  deleted_at: Optional<Date | null>;
}

export interface TargetStrataTable {
  organization_id: string;
  target_id: string;
  location_group_id: string;
  target: number;
  population: number | null;
  position: number;
}

export interface TargetTables {
  targets: TargetsTable;
  target_strata: TargetStrataTable;
}
