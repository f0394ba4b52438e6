// Survey data (issue 16): listing, reading, reviewing and exporting a survey's submissions; who may do
// which (docs/decisions.md "Survey data: roles"); the review statuses; the payloads with their bounds.
import type { FromSchema } from 'json-schema-to-ts';
import { page, uuid } from './common';
import { MANAGER_ROLES, roleNames, type RoleName } from './roles';

/** Everyone in the project reads its data; a DataCollector reads only the submissions they sent. */
export const DATA_READ_ROLES = roleNames;
/** Review and correct: the roles that manage projects (Junior project managers and Guests read only). */
export const DATA_REVIEW_ROLES = MANAGER_ROLES satisfies readonly RoleName[];
/** Roles that see only their own submissions. */
export const OWN_DATA_ONLY_ROLES = ['DataCollector'] as const satisfies readonly RoleName[];

/** Review status of a submission; 0 is "not reviewed yet" (the table's default). */
export const REVIEW_STATUS = { NotReviewed: 0, Approved: 1, NotApproved: 2, OnHold: 3 } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

/** Most rows a page of the data table asks for. */
export const MAX_DATA_PAGE_SIZE = 500;
/** Answer filters on one request, and the length of each ('name:op:value'). */
export const MAX_ANSWER_FILTERS = 20;

const dataPageSize = { type: 'integer', minimum: 1, maximum: MAX_DATA_PAGE_SIZE, default: 50 } as const;
const reviewStatuses = { type: 'array', items: { type: 'integer', minimum: 0, maximum: 3 }, maxItems: 4 } as const;
const day = { type: 'string', format: 'date', maxLength: 10 } as const;
const questionName = '[A-Za-z_][A-Za-z0-9_.-]{0,199}';

/** The filters of the data table; the export takes the same. */
export const filterProperties = {
  /** Newest first unless told: a field, '-' before it for descending; 'q:<name>' sorts by a question. */
  Sort: { type: 'string', maxLength: 210, pattern: `^-?(submittedAt|startedAt|collector|reviewStatus|duration|q:${questionName})$` },
  Search: { type: 'string', maxLength: 200 },
  From: day,
  To: day,
  CollectorId: uuid,
  TaskId: uuid,
  ReviewStatus: reviewStatuses,
  /** 'name:op:value': eq, ne, gt, gte, lt, lte (numbers, dates, texts), in (choices, '|'-separated), contains, empty, notempty. */
  Filter: { type: 'array', maxItems: MAX_ANSWER_FILTERS, items: { type: 'string', minLength: 3, maxLength: 1000 } },
} as const;

export const submissionsQuery = {
  type: 'object',
  required: ['SurveyId'],
  properties: {
    SurveyId: uuid,
    Page: page,
    PageSize: dataPageSize,
    /** Choices in the cells: 'labels' in LanguageId (else the survey's base language), or 'names'. */
    Headers: { type: 'string', enum: ['labels', 'names'], default: 'names' },
    LanguageId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    ...filterProperties,
  },
} as const;
export type SubmissionsQuery = FromSchema<typeof submissionsQuery>;

/** The rows of one repeat group of a survey ('Repeat' is the repeat section's name). */
export const repeatRowsQuery = {
  type: 'object',
  required: ['SurveyId', 'Repeat'],
  properties: {
    SurveyId: uuid,
    Repeat: { type: 'string', maxLength: 200, pattern: `^${questionName}$` },
    Page: page,
    PageSize: dataPageSize,
    Headers: { type: 'string', enum: ['labels', 'names'], default: 'names' },
    LanguageId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    ...filterProperties,
  },
} as const;
export type RepeatRowsQuery = FromSchema<typeof repeatRowsQuery>;

export const EXPORT_FORMATS = ['csv', 'xlsx', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuery = {
  type: 'object',
  properties: {
    format: { type: 'string', enum: EXPORT_FORMATS, default: 'xlsx' },
    /** Column headers and choices: 'labels' in the survey language, or 'names'. */
    headers: { type: 'string', enum: ['labels', 'names'], default: 'names' },
    languageId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    /** Select multiple: one column with every selection, or one 0/1 column per choice. */
    multiple: { type: 'string', enum: ['single', 'split'], default: 'single' },
    /** Submission times: ISO 8601 (UTC), or 'display' (yyyy-mm-dd hh:mm, UTC). */
    dates: { type: 'string', enum: ['iso', 'display'], default: 'iso' },
    /** Force a job even for a small export (or a direct download of a large one is refused with a job). */
    async: { type: 'boolean' },
    ...filterProperties,
  },
} as const;
export type ExportQuery = FromSchema<typeof exportQuery>;

export const idParams = { type: 'object', required: ['id'], properties: { id: uuid } } as const;
export const surveyIdParams = { type: 'object', required: ['surveyId'], properties: { surveyId: uuid } } as const;
export const jobIdParams = { type: 'object', required: ['jobId'], properties: { jobId: uuid } } as const;

/** GET DataCollection/getExportJobs: the caller's earlier exports of a survey. */
export const exportJobsQuery = {
  type: 'object',
  required: ['SurveyId'],
  properties: { SurveyId: uuid, Page: page, PageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
} as const;

export const auditQuery = {
  type: 'object',
  properties: { Page: page, PageSize: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
} as const;

const comment = { type: 'string', maxLength: 2000 } as const;

/** A corrected answer: the question, the repeat instance ('' at the top, '2' or '2.1'), the new value. */
const correction = {
  type: 'object',
  required: ['questionId', 'value'],
  additionalProperties: false,
  properties: {
    questionId: uuid,
    repeatPath: { type: 'string', maxLength: 100, pattern: '^([1-9][0-9]{0,4}(\\.[1-9][0-9]{0,4}){0,9})?$' },
    /** Text, a number, true/false, or the choice names of a select. */
    value: {
      anyOf: [
        { type: 'string', maxLength: 30000 },
        { type: 'number', minimum: -1e15, maximum: 1e15 },
        { type: 'boolean' },
        { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 200 } },
      ],
    },
  },
} as const;

export const reviewBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: uuid,
    status: { type: 'integer', minimum: 0, maximum: 3 },
    comment,
    corrections: { type: 'array', maxItems: 100, items: correction },
  },
} as const;
export type ReviewBody = FromSchema<typeof reviewBody>;

export const bulkReviewBody = {
  type: 'object',
  required: ['ids', 'status'],
  additionalProperties: false,
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: MAX_DATA_PAGE_SIZE, uniqueItems: true, items: uuid },
    status: { type: 'integer', minimum: 0, maximum: 3 },
    comment,
  },
} as const;
export type BulkReviewBody = FromSchema<typeof bulkReviewBody>;

/** Export jobs (spec 001's async job states). */
export const JOB_STATE = { Succeeded: 'Succeeded', Failed: 'Failed', Processing: 'Processing', Scheduled: 'Scheduled' } as const;
export type JobState = (typeof JOB_STATE)[keyof typeof JOB_STATE];
/** The spec's message of a failed download, shown without detail. */
export const DOWNLOAD_FAILED = 'Download failed. Please try again.';
