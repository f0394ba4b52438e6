// Every migration, in order. Append only: an applied migration is never edited, a new one is added.
import { foundation } from './0001_foundation';
import { workspaces } from './0002_workspaces';
import { surveys } from './0003_surveys';
import { accountSecurity } from './0004_account_security';
import { builder } from './0005_builder';
import { surveyData } from './0006_survey_data';
import { members } from './0007_members';
import { xlsform } from './0008_xlsform';
import { tasks } from './0009_tasks';
import { profile } from './0010_profile';
import { surveyMedia } from './0011_survey_media';
import { exportJobs } from './0012_export_jobs';
import { mediaVersion } from './0013_media_version';
import { submissionData } from './0014_submission_data';
import { feedTokens } from './0015_feed_tokens';
import { dataTableIndexes } from './0016_data_table_indexes';
import { billing } from './0020_billing';
import { tickets } from './0021_tickets';
import { answerFilterIndexes } from './0022_answer_filter_indexes';
import { sheetTypes } from './0023_sheet_types';
import { xlsformItems } from './0024_xlsform_items';
import { surveyOwnLanguages } from './0025_survey_own_languages';
import { beneficiaries } from './0026_beneficiaries';
import { removedFiles } from './0027_removed_files';
import { targets } from './0028_targets';
import { choiceNames } from './0029_choice_names';
import { appUsers } from './0030_app_users';
import { webhooks } from './0031_webhooks';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  { version: 1, name: 'foundation', sql: foundation },
  { version: 2, name: 'workspaces', sql: workspaces },
  { version: 3, name: 'surveys', sql: surveys },
  { version: 4, name: 'account_security', sql: accountSecurity },
  { version: 5, name: 'builder', sql: builder },
  { version: 6, name: 'survey_data', sql: surveyData },
  { version: 7, name: 'members', sql: members },
  { version: 8, name: 'xlsform', sql: xlsform },
  { version: 9, name: 'tasks', sql: tasks },
  { version: 10, name: 'profile', sql: profile },
  { version: 11, name: 'survey_media', sql: surveyMedia },
  { version: 12, name: 'export_jobs', sql: exportJobs },
  { version: 13, name: 'media_version', sql: mediaVersion },
  { version: 14, name: 'submission_data', sql: submissionData },
  { version: 15, name: 'feed_tokens', sql: feedTokens },
  { version: 16, name: 'data_table_indexes', sql: dataTableIndexes },
  { version: 20, name: 'billing', sql: billing },
  { version: 21, name: 'tickets', sql: tickets },
  { version: 22, name: 'answer_filter_indexes', sql: answerFilterIndexes },
  { version: 23, name: 'sheet_types', sql: sheetTypes },
  { version: 24, name: 'xlsform_items', sql: xlsformItems },
  { version: 25, name: 'survey_own_languages', sql: surveyOwnLanguages },
  { version: 26, name: 'beneficiaries', sql: beneficiaries },
  { version: 27, name: 'removed_files', sql: removedFiles },
  { version: 28, name: 'targets', sql: targets },
  { version: 29, name: 'choice_names', sql: choiceNames },
  { version: 30, name: 'app_users', sql: appUsers },
  { version: 31, name: 'webhooks', sql: webhooks },
];
