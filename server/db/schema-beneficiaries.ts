// Kysely's view of the respondent tables (migration 0026_beneficiaries). Keep in step with it.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Optional<T> = ColumnType<T, T | undefined, T>;
/** A JSON column: read as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface BeneficiaryTablesTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  name: string;
  key_field: 'idNumber' | 'phone';
  columns: Json<unknown[]>;
  created_by: string | null;
  deleted_at: Optional<Date | null>;
  created_at: CreatedAt;
}

export interface BeneficiariesTable {
  id: Generated<string>;
  seq: Generated<string>;
  organization_id: string;
  project_id: string;
  table_id: string;
  key_value: Optional<string | null>;
  id_number: Optional<string | null>;
  full_name: Optional<string | null>;
  gender: Optional<number | null>;
  /** A date column: read back as a Date at midnight UTC, written as 'YYYY-MM-DD'. */
  date_of_birth: ColumnType<Date | string | null, string | null | undefined, string | null>;
  age: Optional<number | null>;
  phone: Optional<string | null>;
  email: Optional<string | null>;
  preferred_channel: Optional<number | null>;
  language_id: Optional<number | null>;
  location_group_id: Optional<string | null>;
  country_id: Optional<number | null>;
  state: Generated<string>;
  city: Generated<string>;
  district: Generated<string>;
  intervention: Generated<string>;
  type: Generated<string>;
  custom: Json<Record<string, string | number | null>>;
  erased_at: Optional<Date | null>;
  created_by: string | null;
  deleted_at: Optional<Date | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface BeneficiaryChangesTable {
  id: Generated<string>;
  organization_id: string;
  beneficiary_id: string;
  user_id: string | null;
  user_name: Generated<string>;
  at: CreatedAt;
  action: 'created' | 'imported' | 'edited' | 'erased';
  changes: Json<{ field: string; from: unknown; to: unknown }[]>;
}

export interface BeneficiaryAuditTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  table_id: string;
  beneficiary_id: string | null;
  user_id: string;
  user_name: Generated<string>;
  action: 'viewContacts' | 'exportContacts' | 'erase';
  people: Generated<number>;
  at: CreatedAt;
}

export interface BeneficiaryTables {
  beneficiary_tables: BeneficiaryTablesTable;
  beneficiaries: BeneficiariesTable;
  beneficiary_changes: BeneficiaryChangesTable;
  beneficiary_audit: BeneficiaryAuditTable;
}
