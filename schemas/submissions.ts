// Survey data: listing, reading, reviewing and exporting a survey's submissions; who may do
// which (docs/decisions/0037-survey-data-roles-review-and-filters.md); the review statuses; the payloads with their bounds.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, page, uuid } from './common';
import { endpoint } from './endpoint';
import { anyJson } from './envelope';
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
    /**
     * CSV and ZIP: 'excel' (texts a spreadsheet would run as a formula get an apostrophe) or 'analysis'
     * (every answer as given, for pandas, R, Stata; docs/decisions/0067-export-cells-for-analysis-and-for-excel.md).
     */
    csvFor: { type: 'string', enum: ['excel', 'analysis'], default: 'excel' },
    /** Force a job even for a small export (or a direct download of a large one is refused with a job). */
    async: { type: 'boolean' },
    ...filterProperties,
  },
} as const;
export type ExportQuery = FromSchema<typeof exportQuery>;

/** The app's page that opens a stored file of a submission with the session (src/pages/data/SubmissionFilePage.tsx). */
export const SUBMISSION_FILE_ROUTE = '/survey/submission-file/:organizationId/:fileId';
/** The address of that page for one file, which the exports write in file columns. */
export const submissionFilePage = (organizationId: string, fileId: string) =>
  SUBMISSION_FILE_ROUTE.replace(':organizationId', organizationId).replace(':fileId', fileId);

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

// What the survey data calls answer.

const nullableDateTime = { type: ['string', 'null'], format: 'date-time', maxLength: 40 } as const;
const nullableUuid = { type: ['string', 'null'], format: 'uuid' } as const;
const personName = { type: ['string', 'null'], maxLength: 200 } as const;
const count = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;

/** Fields one submission may carry (the multipart reader's limit, server/plugins/submissionBody.ts): its answers at most. */
export const MAX_SUBMISSION_FIELDS = 50_000;
/** Files one submission may carry (server/plugins/submissionBody.ts MAX_FILES). */
const MAX_SUBMISSION_FILES = 50;
/** A question's name (200) with the instance indexes of up to 10 repeats around it ('member_age_2_1'). */
const answerName = { type: 'string', maxLength: 300 } as const;
/** A column of the data table: a question's name, or 'name/choice' for a split select. */
const columnKey = { type: 'string', maxLength: 401 } as const;
/** A column's header: the key, or the question's label (and choice label) when labels are asked for. */
export const columnHeader = { type: 'string', maxLength: 40_000 } as const;

/**
 * A cell of the data table (engine/survey/data.ts CellValue): a text, a number, true/false, or none.
 * A calculation's text may be as long as the evaluation allows (server/services/answerCheck.ts).
 */
export const cellValue = { type: ['string', 'number', 'boolean', 'null'], maxLength: 1_000_000 } as const;
/** A row's cells by column key. */
export const cells = { type: 'object', additionalProperties: cellValue } as const;

/** A submission's head as the data calls show it (services/submissionData.ts headOut). */
const submissionHeadProperties = {
  id: uuid,
  surveyId: uuid,
  submittedAt: dateTime,
  startedAt: nullableDateTime,
  durationSeconds: { type: ['integer', 'null'], minimum: 0 },
  submitterId: nullableUuid,
  submitterName: personName,
  taskId: nullableUuid,
  latitude: { type: ['number', 'null'], minimum: -90, maximum: 90 },
  longitude: { type: ['number', 'null'], minimum: -180, maximum: 180 },
  reviewStatus: { type: 'integer', minimum: 0, maximum: 3 },
  reviewComment: { type: ['string', 'null'], maxLength: 2000 },
  reviewedAt: nullableDateTime,
  reviewerName: personName,
  surveyVersion: { type: ['integer', 'null'], minimum: 1 },
  languageId: { type: ['integer', 'null'], minimum: 1 },
  isAnonymous: { type: 'boolean' },
} as const;
const submissionHeadRequired = [
  'id',
  'surveyId',
  'submittedAt',
  'startedAt',
  'durationSeconds',
  'submitterId',
  'submitterName',
  'taskId',
  'latitude',
  'longitude',
  'reviewStatus',
  'reviewComment',
  'reviewedAt',
  'reviewerName',
  'surveyVersion',
  'languageId',
  'isAnonymous',
] as const satisfies readonly (keyof typeof submissionHeadProperties)[];

/** GET DataCollection/getSubmissions: a page of the table, one cell per top-level question answered. */
export const submissionsReply = {
  type: 'object',
  additionalProperties: false,
  required: ['totalSize', 'submissions'],
  properties: {
    totalSize: count,
    submissions: {
      type: 'array',
      maxItems: MAX_DATA_PAGE_SIZE,
      items: {
        type: 'object',
        additionalProperties: false,
        required: [...submissionHeadRequired, 'answers'],
        properties: { ...submissionHeadProperties, answers: cells },
      },
    },
  },
} as const;

/** GET DataCollection/getRepeatRows: the instances of one repeat group for a page of submissions. */
export const repeatRowsReply = {
  type: 'object',
  additionalProperties: false,
  required: ['totalSize', 'columns', 'rows'],
  properties: {
    totalSize: count,
    columns: {
      type: 'array',
      maxItems: 100_000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'header'],
        properties: { key: columnKey, header: columnHeader },
      },
    },
    rows: {
      type: 'array',
      maxItems: MAX_DATA_PAGE_SIZE * MAX_SUBMISSION_FIELDS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['submissionId', 'submittedAt', 'index', 'parentIndex', 'answers'],
        properties: {
          submissionId: uuid,
          submittedAt: dateTime,
          /** The repeat path of the instance: '2', or '2.1' inside another repeat. */
          index: { type: 'string', maxLength: 100 },
          parentIndex: { type: ['string', 'null'], maxLength: 100 },
          answers: cells,
        },
      },
    },
  },
} as const;

/**
 * GET DataCollection/getSubmissionById/{id} and reviewSubmission's answer: the head, the answers as the
 * fill page reads them (each one's detail is the respondent's answer, engine/survey AnswerDetail) and
 * the stored files.
 */
export const submissionReply = {
  type: 'object',
  additionalProperties: false,
  required: [...submissionHeadRequired, 'surveyName', 'filledVersion', 'answers', 'files'],
  properties: {
    ...submissionHeadProperties,
    surveyName: { type: 'string', maxLength: 200 },
    /** The survey version the submission was filled in (its answers refer to its items). */
    filledVersion: { type: 'integer', minimum: 1 },
    answers: {
      type: 'array',
      maxItems: MAX_SUBMISSION_FIELDS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['surveyId', 'userId', 'questionId', 'name', 'answerDetail'],
        properties: { surveyId: uuid, userId: nullableUuid, questionId: uuid, name: answerName, answerDetail: anyJson },
      },
    },
    files: {
      type: 'array',
      maxItems: MAX_SUBMISSION_FILES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'questionId', 'repeatPath', 'fileName', 'contentType', 'size', 'storageKey'],
        properties: {
          id: uuid,
          questionId: uuid,
          repeatPath: { type: 'string', maxLength: 100 },
          fileName: { type: 'string', maxLength: 255 },
          contentType: { type: 'string', maxLength: 200 },
          size: count,
          /** What the file answer holds: the renderer asks for the file by it. */
          storageKey: { type: 'string', maxLength: 100 },
        },
      },
    },
  },
} as const;

/** GET DataCollection/getSubmissionAudit/{id}: the trail, newest first. */
export const auditReply = {
  type: 'object',
  additionalProperties: false,
  required: ['totalSize', 'entries'],
  properties: {
    totalSize: count,
    entries: {
      type: 'array',
      maxItems: auditQuery.properties.PageSize.maximum,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'userId', 'userName', 'at', 'action', 'itemId', 'repeatPath', 'oldValue', 'newValue', 'comment', 'questionName'],
        properties: {
          id: { type: 'string', maxLength: 20 },
          userId: nullableUuid,
          /** The name at the time of the change. */
          userName: { type: 'string', maxLength: 200 },
          at: dateTime,
          action: { type: 'string', enum: ['review', 'correction'] },
          itemId: nullableUuid,
          repeatPath: { type: 'string', maxLength: 100 },
          /**
           * The value before and after, as the trail stored it: a corrected answer's cell (text, number,
           * true/false, null), or a review's { status, comment }.
           */
          oldValue: anyJson,
          newValue: anyJson,
          comment: { type: ['string', 'null'], maxLength: 2000 },
          /** The corrected question's name in the current version; null for a review or a question since removed. */
          questionName: { type: ['string', 'null'], maxLength: 200 },
        },
      },
    },
  },
} as const;

/** POST DataCollection/bulkReviewSubmissions: how many submissions the caller reached and reviewed. */
export const bulkReviewReply = {
  type: 'object',
  additionalProperties: false,
  required: ['reviewed'],
  properties: { reviewed: count },
} as const;

/** An export job as getExportJob shows it: never why it failed (the spec's message only). */
export const exportJobSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'jobId',
    'surveyId',
    'format',
    'state',
    'progress',
    'totalRows',
    'fileName',
    'sizeBytes',
    'createdAt',
    'finishedAt',
    'expiresAt',
    'downloadUrl',
    'message',
  ],
  properties: {
    jobId: uuid,
    surveyId: uuid,
    format: { type: 'string', enum: EXPORT_FORMATS },
    state: { type: 'string', enum: Object.values(JOB_STATE) },
    /** Percent done. */
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    totalRows: { type: ['integer', 'null'], minimum: 0 },
    /** Once it has succeeded. */
    fileName: { type: ['string', 'null'], maxLength: 300 },
    sizeBytes: { type: ['integer', 'null'], minimum: 0 },
    createdAt: dateTime,
    finishedAt: nullableDateTime,
    expiresAt: dateTime,
    downloadUrl: { type: ['string', 'null'], maxLength: 100 },
    /** DOWNLOAD_FAILED when it failed. */
    message: { type: ['string', 'null'], maxLength: 200 },
  },
} as const;

/** GET DataCollection/getExportJobs: the caller's earlier exports of a survey, newest first. */
export const exportJobsReply = {
  type: 'object',
  additionalProperties: false,
  required: ['jobs', 'totalSize'],
  properties: {
    jobs: { type: 'array', maxItems: exportJobsQuery.properties.PageSize.maximum, items: exportJobSchema },
    totalSize: count,
  },
} as const;

/** GET DataCollection/getMapSettings: the tile server of GPS maps (MAP_TILE_URL); null: none configured. */
export const mapSettingsReply = {
  type: 'object',
  additionalProperties: false,
  required: ['tileUrl', 'attribution'],
  properties: { tileUrl: { type: ['string', 'null'], maxLength: 2000 }, attribution: { type: ['string', 'null'], maxLength: 2000 } },
} as const;

/**
 * The survey data calls. exportSubmissions answers the file, or 202 with the export job (exportJobSchema)
 * when it is large: the route adds that answer beside the declaration's.
 */
export const SUBMISSIONS_API = {
  getSubmissions: endpoint({
    method: 'GET',
    path: '/DataCollection/getSubmissions',
    access: DATA_READ_ROLES,
    query: submissionsQuery,
    answer: submissionsReply,
  }),
  getRepeatRows: endpoint({
    method: 'GET',
    path: '/DataCollection/getRepeatRows',
    access: DATA_READ_ROLES,
    query: repeatRowsQuery,
    answer: repeatRowsReply,
  }),
  getSubmissionById: endpoint({
    method: 'GET',
    path: '/DataCollection/getSubmissionById/:id',
    access: DATA_READ_ROLES,
    params: idParams,
    answer: submissionReply,
  }),
  getSubmissionFile: endpoint({
    method: 'GET',
    path: '/DataCollection/getSubmissionFile/:id',
    access: DATA_READ_ROLES,
    params: idParams,
    answer: { file: 'the stored file of a file or image answer' },
  }),
  getSubmissionAudit: endpoint({
    method: 'GET',
    path: '/DataCollection/getSubmissionAudit/:id',
    access: DATA_READ_ROLES,
    params: idParams,
    query: auditQuery,
    answer: auditReply,
  }),
  reviewSubmission: endpoint({
    method: 'POST',
    path: '/DataCollection/reviewSubmission',
    access: DATA_REVIEW_ROLES,
    body: reviewBody,
    answer: submissionReply,
  }),
  bulkReviewSubmissions: endpoint({
    method: 'POST',
    path: '/DataCollection/bulkReviewSubmissions',
    access: DATA_REVIEW_ROLES,
    body: bulkReviewBody,
    answer: bulkReviewReply,
  }),
  exportSubmissions: endpoint({
    method: 'GET',
    path: '/DataCollection/exportSubmissions/:surveyId',
    access: DATA_READ_ROLES,
    params: surveyIdParams,
    query: exportQuery,
    answer: { file: 'the export file (csv, xlsx or zip)' },
  }),
  getExportJob: endpoint({
    method: 'GET',
    path: '/DataCollection/getExportJob/:jobId',
    access: DATA_READ_ROLES,
    params: jobIdParams,
    answer: exportJobSchema,
  }),
  getExportJobs: endpoint({
    method: 'GET',
    path: '/DataCollection/getExportJobs',
    access: DATA_READ_ROLES,
    query: exportJobsQuery,
    answer: exportJobsReply,
  }),
  downloadExport: endpoint({
    method: 'GET',
    path: '/DataCollection/downloadExport/:jobId',
    access: DATA_READ_ROLES,
    params: jobIdParams,
    answer: { file: 'the file of an export job that has succeeded' },
  }),
  getMapSettings: endpoint({ method: 'GET', path: '/DataCollection/getMapSettings', access: DATA_READ_ROLES, answer: mapSettingsReply }),
} as const;
