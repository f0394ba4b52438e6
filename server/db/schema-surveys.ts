// Kysely's view of migration 0003 (surveys, their items and texts, submissions). Kept beside schema.ts,
// which includes it in DB, so that areas editing schema.ts do not edit the same lines.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface SurveysTable {
  id: Generated<string>;
  organization_id: string;
  project_id: string;
  name: string;
  description: Generated<string>;
  status: Generated<number>;
  end_date: Timestamp | null;
  toggle_location: Generated<boolean>;
  default_language_id: number;
  data_collection_type: Generated<number>;
  collection_goal: Generated<number>;
  public_link_uuid: Generated<string>;
  multiple_link: Generated<boolean>;
  /** SurveySettings (engine/survey/model.ts): the XLSForm settings an import kept. */
  settings: ColumnType<Record<string, string>, string | undefined, string>;
  version: Generated<number>;
  created_by: string | null;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SurveyLanguagesTable {
  organization_id: string;
  survey_id: string;
  language_id: number;
  is_base: Generated<boolean>;
  translate_status: Generated<number>;
}

export interface SurveyItemsTable {
  id: Generated<string>;
  organization_id: string;
  survey_id: string;
  parent_id: string | null;
  question_type: number;
  name: string;
  sort_order: number;
  is_required: Generated<boolean>;
  /** Migration 0023: required only while this expression holds (XLSForm `required: ${x} = 1`). */
  required_expression: ColumnType<string | null, string | null | undefined, string | null>;
  relevant: string | null;
  constraint_expression: string | null;
  calculation: string | null;
  default_value: string | null;
  choice_filter: string | null;
  appearance: string | null;
  parameters: string | null;
  max_choices: number | null;
  repeat_group: Generated<boolean>;
  repeat_count: string | null;
  has_emoji: Generated<boolean>;
  /** Migration 0005: set when the builder removed the item from a survey that has been published. */
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 0006: XLSForm read_only. */
  read_only: Generated<boolean>;
  /** Migration 0006: XLSForm columns we do not model, by header. */
  extra_columns: ColumnType<Record<string, string>, string | undefined, string>;
  /** Migration 0023: the XLSForm variant of the type (engine/survey SHEET_TYPES), null for the type's own. */
  sheet_type: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 0005: the model of each version of a survey respondents may have filled. */
export interface SurveyVersionsTable {
  organization_id: string;
  survey_id: string;
  version: number;
  model: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

/** Migration 0006 added required messages, guidance hints and the media columns. */
export type ItemTextKind =
  | 'label'
  | 'hint'
  | 'constraint'
  | 'range_first'
  | 'range_second'
  | 'required'
  | 'guidance'
  | 'media_image'
  | 'media_big-image'
  | 'media_audio'
  | 'media_video';
export interface ItemTextsTable {
  organization_id: string;
  survey_id: string;
  item_id: string;
  kind: ItemTextKind;
  language_id: number;
  text: string;
}

export interface ChoicesTable {
  id: Generated<string>;
  organization_id: string;
  survey_id: string;
  item_id: string;
  list: Generated<number>;
  name: string;
  sort_order: number;
  emoji: string | null;
  filters: ColumnType<Record<string, string>, string | undefined, string>;
  /** Migration 0006: MediaText[] of the choice. */
  media: ColumnType<unknown, string | undefined, string>;
}

export interface ChoiceTextsTable {
  organization_id: string;
  survey_id: string;
  choice_id: string;
  language_id: number;
  text: string;
}

export interface SubmissionsTable {
  id: Generated<string>;
  organization_id: string;
  survey_id: string;
  client_id: string;
  content_hash: string;
  data_collection_type: number;
  is_anonymous: Generated<boolean>;
  submitter_id: string | null;
  task_id: string | null;
  receiver_id: string | null;
  link_uuid: string | null;
  single_use_link: Generated<boolean>;
  language_id: number | null;
  started_at: Timestamp | null;
  submitted_at: ColumnType<Date, Date | string | undefined, Date | string>;
  latitude: number | null;
  longitude: number | null;
  deleted_at: Timestamp | null;
  /** Migration 0005: the survey version the answers were validated against; null before. */
  survey_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0006: the review (schemas/submissions.ts REVIEW_STATUS). */
  review_status: Generated<number>;
  review_comment: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  /** Migration 0026: the respondent the submission was made for. */
  beneficiary_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SubmissionAuditTable {
  id: Generated<string>;
  organization_id: string;
  submission_id: string;
  user_id: string | null;
  user_name: Generated<string>;
  at: Generated<Date>;
  action: 'review' | 'correction';
  item_id: string | null;
  repeat_path: Generated<string>;
  old_value: ColumnType<unknown, string | null, string | null> | null;
  new_value: ColumnType<unknown, string | null, string | null> | null;
  comment: string | null;
}

export interface AnswersTable {
  organization_id: string;
  submission_id: string;
  item_id: string;
  question_type: number;
  repeat_path: Generated<string>;
  text_value: string | null;
  number_value: number | null;
  bool_value: boolean | null;
  choice_ids: string[] | null;
  detail: ColumnType<unknown, string | null, string | null> | null;
}

export interface SubmissionFilesTable {
  id: Generated<string>;
  organization_id: string;
  submission_id: string;
  item_id: string;
  repeat_path: Generated<string>;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: CreatedAt;
}

/** Migration 0009: media that survey authors attach. */
export interface SurveyMediaTable {
  id: Generated<string>;
  organization_id: string;
  survey_id: string;
  file_name: string;
  kind: 'image' | 'audio' | 'video' | 'csv';
  content_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: CreatedAt;
}

/** Migration 0012: export jobs (services/exportJobs.ts). */
export interface ExportJobsTable {
  id: Generated<string>;
  organization_id: string;
  survey_id: string;
  requested_by: string;
  member_id: string;
  roles: string[];
  format: 'csv' | 'xlsx' | 'zip';
  query: ColumnType<unknown, string, string>;
  state: Generated<'Scheduled' | 'Processing' | 'Succeeded' | 'Failed'>;
  progress: Generated<number>;
  total_rows: number | null;
  file_name: string | null;
  file_path: string | null;
  size_bytes: ColumnType<number | null, number | null, number | null>;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp;
}

/** Migration 0015: data feed tokens (services/dataFeed.ts). */
export interface FeedTokensTable {
  id: Generated<string>;
  organization_id: string;
  survey_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  token_prefix: string;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** Migration 0014: the column number of a question or choice in a survey's compact copies. */
export interface SurveyDataColumnsTable {
  organization_id: string;
  survey_id: string;
  key_id: string;
  n: number;
}

/** Migration 0014: each submission's compact copy, read by exports (services/compactCopy.ts). */
export interface SubmissionDataTable {
  submission_id: string;
  organization_id: string;
  top: string;
  repeats: string | null;
}

export interface SurveyTables {
  surveys: SurveysTable;
  survey_languages: SurveyLanguagesTable;
  survey_items: SurveyItemsTable;
  item_texts: ItemTextsTable;
  choices: ChoicesTable;
  choice_texts: ChoiceTextsTable;
  submissions: SubmissionsTable;
  answers: AnswersTable;
  submission_files: SubmissionFilesTable;
  submission_audit: SubmissionAuditTable;
  survey_versions: SurveyVersionsTable;
  survey_media: SurveyMediaTable;
  export_jobs: ExportJobsTable;
  feed_tokens: FeedTokensTable;
  survey_data_columns: SurveyDataColumnsTable;
  submission_data: SubmissionDataTable;
}
