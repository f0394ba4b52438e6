// Respondents (the spec's beneficiaries, spec 000 section 1, 001 section 1): the lists of a project
// ("respondent databases", ImportedBeneficiaryTable 14) and the people on them (Beneficiary 10). The spec
// names no calls for this area; these are ours, in its style. The data model and the privacy rules are in
// docs/decisions/0070-respondents.md.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, genderCodes, SINGLE_LINE, uuid } from './common';
import { endpoint } from './endpoint';
import { ALL_ROLES, MANAGER_ROLES, type RoleName } from './roles';
import { messageChannelCodes } from './tasks';

/** Who reads lists and respondents. DataCollector sees only respondents of their own tasks; Guest no contact fields. */
export const BENEFICIARY_READERS = ALL_ROLES;
/** Who imports, adds, edits and deletes (the task managers: they also send surveys to respondents). */
export const BENEFICIARY_EDITORS = [...MANAGER_ROLES, 'JuniorProjectManager'] as const satisfies readonly RoleName[];
/** Who erases a person for good. */
export const BENEFICIARY_ERASERS = MANAGER_ROLES;
/** The roles that never see contact fields. */
export const CONTACT_BLIND_ROLES = ['Guest'] as const satisfies readonly RoleName[];

/** The standard fields of every list, in the order the table shows them. */
export const STANDARD_FIELDS = [
  'idNumber',
  'fullName',
  'gender',
  'dateOfBirth',
  'age',
  'phone',
  'email',
  'preferredChannel',
  'language',
  'locationGroup',
  'country',
  'state',
  'city',
  'district',
  'intervention',
  'type',
] as const;
export type StandardField = (typeof STANDARD_FIELDS)[number];
/** Fields a guest never sees and whose views are written to the audit log. */
export const CONTACT_FIELDS = ['phone', 'email'] as const satisfies readonly StandardField[];
export const KEY_FIELDS = ['idNumber', 'phone'] as const satisfies readonly StandardField[];
export type KeyField = (typeof KEY_FIELDS)[number];
export const DUPLICATE_POLICIES = ['skip', 'update', 'keepBoth'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];
export const CUSTOM_COLUMN_TYPES = ['text', 'number', 'date', 'choice'] as const;
export type CustomColumnType = (typeof CUSTOM_COLUMN_TYPES)[number];

export const BENEFICIARY_PAGE_SIZES = [10, 20, 50, 100] as const;
export const BENEFICIARY_PAGE_MAX = 100;
export const BENEFICIARY_TEXT_MAX = 200;
export const BENEFICIARY_CUSTOM_MAX = 50;
export const BENEFICIARY_CHOICES_MAX = 100;
export const BENEFICIARY_CELL_MAX = 1000;

/** The import's file: these types, this size, at most this many rows and columns. */
export const IMPORT_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_COLUMNS = 200;
/** The multipart fields of POST /Beneficiaries/importTable (and previewImport, which takes the first two). */
export const IMPORT_FIELDS = ['ProjectId', 'File', 'Mapping', 'TableId'] as const;
/** How many rows the preview shows, and how many report lines an answer carries at most. */
export const IMPORT_PREVIEW_ROWS = 10;
export const IMPORT_REPORT_MAX = 1000;

const text = { type: 'string', maxLength: BENEFICIARY_TEXT_MAX, pattern: SINGLE_LINE } as const;
const nullableText = { type: ['string', 'null'], maxLength: BENEFICIARY_TEXT_MAX, pattern: SINGLE_LINE } as const;
const nullableInt = { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 } as const;
const columnKey = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_]*$' } as const;
const customValue = { anyOf: [{ type: 'string', maxLength: BENEFICIARY_CELL_MAX }, { type: 'number' }, { type: 'null' }] } as const;

/** One of a list's own columns. */
export const customColumnSchema = {
  type: 'object',
  required: ['key', 'label', 'type'],
  additionalProperties: false,
  properties: {
    key: columnKey,
    label: { type: 'string', minLength: 1, maxLength: BENEFICIARY_TEXT_MAX, pattern: SINGLE_LINE },
    type: { type: 'string', enum: CUSTOM_COLUMN_TYPES },
    choices: { type: 'array', maxItems: BENEFICIARY_CHOICES_MAX, items: text },
  },
} as const;
export type CustomColumn = FromSchema<typeof customColumnSchema>;

/** A list as the lists page shows it. */
export const beneficiaryTableSchema = {
  type: 'object',
  required: ['id', 'projectId', 'name', 'keyField', 'columns', 'size', 'createdAt', 'deletedAt'],
  properties: {
    id: uuid,
    projectId: uuid,
    name: text,
    keyField: { type: 'string', enum: KEY_FIELDS },
    columns: { type: 'array', maxItems: BENEFICIARY_CUSTOM_MAX, items: customColumnSchema },
    /** How many live respondents it holds. */
    size: { type: 'integer', minimum: 0 },
    createdAt: dateTime,
    deletedAt: { type: ['string', 'null'], maxLength: 40 },
  },
} as const;
export type BeneficiaryTable = FromSchema<typeof beneficiaryTableSchema>;

/** The fields a person's row carries; contact fields are null for a guest. */
const beneficiaryFields = {
  idNumber: nullableText,
  fullName: nullableText,
  gender: { type: ['integer', 'null'], enum: [...genderCodes, null] },
  dateOfBirth: { type: ['string', 'null'], format: 'date', maxLength: 10 },
  age: { type: ['integer', 'null'], minimum: 0, maximum: 150 },
  phone: { type: ['string', 'null'], maxLength: 32 },
  email: { type: ['string', 'null'], maxLength: 254 },
  preferredChannel: { type: ['integer', 'null'], enum: [...messageChannelCodes, null] },
  languageId: nullableInt,
  locationGroupId: { type: ['string', 'null'], format: 'uuid' },
  countryId: nullableInt,
  state: text,
  city: text,
  district: text,
  intervention: text,
  type: text,
  custom: { type: 'object', maxProperties: BENEFICIARY_CUSTOM_MAX, additionalProperties: customValue },
} as const;

export const beneficiarySchema = {
  type: 'object',
  required: [
    'id',
    'tableId',
    ...(Object.keys(beneficiaryFields) as (keyof typeof beneficiaryFields)[]),
    'languageName',
    'locationGroupName',
    'countryName',
    'erased',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: uuid,
    tableId: uuid,
    ...beneficiaryFields,
    languageName: nullableText,
    locationGroupName: nullableText,
    countryName: nullableText,
    /** Erased: the personal fields are gone for good. */
    erased: { type: 'boolean' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
} as const;
export type Beneficiary = FromSchema<typeof beneficiarySchema>;

/** What add and edit send: any of the fields; on add a full name or the list's key is needed. */
export const beneficiaryInputSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...beneficiaryFields,
    phone: { type: ['string', 'null'], maxLength: 40 },
    fullName: { type: ['string', 'null'], maxLength: BENEFICIARY_TEXT_MAX, pattern: SINGLE_LINE },
  },
} as const;
export type BeneficiaryInput = FromSchema<typeof beneficiaryInputSchema>;

// ---- Import ----

/** How the import reads the file: each source column to a field, the key, duplicates, strictness. */
export const importMappingSchema = {
  type: 'object',
  required: ['columns', 'key', 'duplicates'],
  additionalProperties: false,
  properties: {
    /** The new list's name (the file's name when absent); ignored when adding to a list. */
    name: { type: 'string', minLength: 1, maxLength: BENEFICIARY_TEXT_MAX, pattern: SINGLE_LINE },
    columns: {
      type: 'array',
      maxItems: IMPORT_MAX_COLUMNS,
      items: {
        type: 'object',
        required: ['source', 'field'],
        additionalProperties: false,
        properties: {
          /** The column's heading in the file. */
          source: { type: 'string', minLength: 1, maxLength: BENEFICIARY_TEXT_MAX },
          /** A standard field, 'custom' (a column of the list's own) or 'ignore'. */
          field: { type: 'string', enum: [...STANDARD_FIELDS, 'custom', 'ignore'] },
          /** For 'custom': the column's type (text when absent) and choices (taken from the file when absent). */
          type: { type: 'string', enum: CUSTOM_COLUMN_TYPES },
          choices: { type: 'array', maxItems: BENEFICIARY_CHOICES_MAX, items: text },
        },
      },
    },
    key: { type: 'string', enum: KEY_FIELDS },
    duplicates: { type: 'string', enum: DUPLICATE_POLICIES },
    /** Strict: one refused row refuses the whole file and nothing is stored. */
    strict: { type: 'boolean', default: false },
    /** The region national phone numbers are read in (ISO 3166 alpha-2), the project's country when absent. */
    phoneRegion: { type: 'string', pattern: '^[A-Z]{2}$', maxLength: 2 },
  },
} as const;
export type ImportMapping = FromSchema<typeof importMappingSchema>;

/** The report's line codes; the pages translate them (beneficiaries.report.<code>). */
export const IMPORT_ISSUES = [
  'badPhone',
  'badEmail',
  'unknownLocation',
  'duplicateKey',
  'missingKey',
  'badDate',
  'badNumber',
  'badChoice',
  'badGender',
  'badChannel',
  'unknownLanguage',
  'tooLong',
  'unreadable',
] as const;
export type ImportIssue = (typeof IMPORT_ISSUES)[number];

export const importLineSchema = {
  type: 'object',
  required: ['row', 'column', 'code', 'level', 'message', 'value'],
  properties: {
    /** The file's row (the heading is row 1); 0 for the file as a whole. */
    row: { type: 'integer', minimum: 0 },
    column: { type: 'string', maxLength: BENEFICIARY_TEXT_MAX },
    code: { type: 'string', enum: IMPORT_ISSUES },
    /** error: the row is refused; warning: the row is stored (or skipped as the duplicate policy says). */
    level: { type: 'string', enum: ['error', 'warning'] },
    message: { type: 'string', maxLength: 500 },
    /** The cell as read, cut short. */
    value: { type: 'string', maxLength: 100 },
  },
} as const;
export type ImportLine = FromSchema<typeof importLineSchema>;

export const importReportSchema = {
  type: 'object',
  required: ['rows', 'added', 'updated', 'skipped', 'refused', 'lines', 'linesLeftOff'],
  properties: {
    rows: { type: 'integer', minimum: 0 },
    added: { type: 'integer', minimum: 0 },
    updated: { type: 'integer', minimum: 0 },
    skipped: { type: 'integer', minimum: 0 },
    refused: { type: 'integer', minimum: 0 },
    lines: { type: 'array', maxItems: IMPORT_REPORT_MAX, items: importLineSchema },
    /** Lines past the first IMPORT_REPORT_MAX. */
    linesLeftOff: { type: 'integer', minimum: 0 },
  },
} as const;
export type ImportReport = FromSchema<typeof importReportSchema>;

export const importAnswerSchema = {
  type: 'object',
  required: ['tableId', 'report'],
  properties: { tableId: uuid, report: importReportSchema },
} as const;

export const previewAnswerSchema = {
  type: 'object',
  required: ['columns', 'suggested', 'rows', 'totalRows'],
  properties: {
    columns: { type: 'array', maxItems: IMPORT_MAX_COLUMNS, items: { type: 'string', maxLength: BENEFICIARY_TEXT_MAX } },
    suggested: importMappingSchema,
    rows: {
      type: 'array',
      maxItems: IMPORT_PREVIEW_ROWS,
      items: { type: 'array', maxItems: IMPORT_MAX_COLUMNS, items: { type: 'string', maxLength: BENEFICIARY_CELL_MAX } },
    },
    totalRows: { type: 'integer', minimum: 0 },
  },
} as const;
export type ImportPreview = FromSchema<typeof previewAnswerSchema>;

// ---- Reading ----

export const tablesQuery = {
  type: 'object',
  required: ['ProjectId'],
  additionalProperties: false,
  properties: {
    ProjectId: uuid,
    /** The project's lists in the recycle bin instead (BENEFICIARY_EDITORS only). */
    IsDeleted: { type: 'boolean', default: false },
    Page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    PageSize: { type: 'integer', minimum: 1, maximum: BENEFICIARY_PAGE_MAX, default: 10 },
  },
} as const;
export type TablesQuery = FromSchema<typeof tablesQuery>;

export const tablesAnswerSchema = {
  type: 'object',
  required: ['tables', 'totalSize'],
  properties: {
    tables: { type: 'array', maxItems: BENEFICIARY_PAGE_MAX, items: beneficiaryTableSchema },
    totalSize: { type: 'integer', minimum: 0 },
  },
} as const;

export const beneficiariesQuery = {
  type: 'object',
  required: ['TableId'],
  additionalProperties: false,
  properties: {
    TableId: uuid,
    Search: { type: 'string', maxLength: 200 },
    District: { type: 'string', maxLength: BENEFICIARY_TEXT_MAX },
    Intervention: { type: 'string', maxLength: BENEFICIARY_TEXT_MAX },
    Type: { type: 'string', maxLength: BENEFICIARY_TEXT_MAX },
    Gender: { type: 'integer', enum: genderCodes },
    LocationGroupId: uuid,
    Page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    PageSize: { type: 'integer', minimum: 1, maximum: BENEFICIARY_PAGE_MAX, default: 10 },
  },
} as const;
export type BeneficiariesQuery = FromSchema<typeof beneficiariesQuery>;

export const beneficiariesAnswerSchema = {
  type: 'object',
  required: ['beneficiaries', 'totalSize', 'contactsHidden'],
  properties: {
    beneficiaries: { type: 'array', maxItems: BENEFICIARY_PAGE_MAX, items: beneficiarySchema },
    totalSize: { type: 'integer', minimum: 0 },
    /** The caller's role does not see phone and e-mail: they are null on every row. */
    contactsHidden: { type: 'boolean' },
  },
} as const;
export type BeneficiaryPage = FromSchema<typeof beneficiariesAnswerSchema>;

export const tableIdQuery = { type: 'object', required: ['TableId'], additionalProperties: false, properties: { TableId: uuid } } as const;

const FILTER_VALUES_MAX = 500;
const filterValues = { type: 'array', maxItems: FILTER_VALUES_MAX, items: text } as const;
/** The values the filter chips offer: what the list holds, and the project's location groups. */
export const filterOptionsSchema = {
  type: 'object',
  required: ['districts', 'interventions', 'types', 'locationGroups'],
  properties: {
    districts: filterValues,
    interventions: filterValues,
    types: filterValues,
    locationGroups: {
      type: 'array',
      maxItems: FILTER_VALUES_MAX,
      items: { type: 'object', required: ['id', 'name'], properties: { id: uuid, name: text } },
    },
  },
} as const;
export type FilterOptions = FromSchema<typeof filterOptionsSchema>;

export const beneficiaryIdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: uuid } } as const;

const HISTORY_MAX = 10_000;
export const historyEntrySchema = {
  type: 'object',
  required: ['at', 'by', 'action', 'changes'],
  properties: {
    at: dateTime,
    by: { type: 'string', maxLength: 200 },
    action: { type: 'string', enum: ['created', 'imported', 'edited', 'erased'] },
    changes: {
      type: 'array',
      maxItems: STANDARD_FIELDS.length + BENEFICIARY_CUSTOM_MAX,
      items: {
        type: 'object',
        required: ['field', 'from', 'to'],
        additionalProperties: false,
        properties: { field: { type: 'string', maxLength: 100 }, from: customValue, to: customValue },
      },
    },
  },
} as const;
export type HistoryEntry = FromSchema<typeof historyEntrySchema>;

export const linkedSubmissionSchema = {
  type: 'object',
  required: ['id', 'surveyId', 'surveyName', 'submittedAt'],
  properties: { id: uuid, surveyId: uuid, surveyName: { type: 'string', maxLength: 500 }, submittedAt: dateTime },
} as const;

export const beneficiaryDetailSchema = {
  type: 'object',
  required: ['beneficiary', 'table', 'history', 'submissions', 'contactsHidden'],
  properties: {
    beneficiary: beneficiarySchema,
    table: {
      type: 'object',
      required: ['id', 'name', 'columns'],
      properties: { id: uuid, name: text, columns: beneficiaryTableSchema.properties.columns },
    },
    history: { type: 'array', maxItems: HISTORY_MAX, items: historyEntrySchema },
    submissions: { type: 'array', maxItems: HISTORY_MAX, items: linkedSubmissionSchema },
    contactsHidden: { type: 'boolean' },
  },
} as const;
export type BeneficiaryDetail = FromSchema<typeof beneficiaryDetailSchema>;

// ---- Writing ----

export const addBody = {
  type: 'object',
  required: ['tableId', 'fields'],
  additionalProperties: false,
  properties: { tableId: uuid, fields: beneficiaryInputSchema },
} as const;
export const editBody = {
  type: 'object',
  required: ['id', 'fields'],
  additionalProperties: false,
  properties: { id: uuid, fields: beneficiaryInputSchema },
} as const;
export const eraseBody = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: uuid } } as const;

/** The respondent calls. importTable and previewImport are multipart: their fields are IMPORT_FIELDS. */
export const BENEFICIARIES_API = {
  previewImport: endpoint({
    method: 'POST',
    path: '/Beneficiaries/previewImport',
    access: BENEFICIARY_EDITORS,
    answer: previewAnswerSchema,
  }),
  importTable: endpoint({ method: 'POST', path: '/Beneficiaries/importTable', access: BENEFICIARY_EDITORS, answer: importAnswerSchema }),
  getTables: endpoint({
    method: 'GET',
    path: '/Beneficiaries/getTables',
    access: BENEFICIARY_READERS,
    query: tablesQuery,
    answer: tablesAnswerSchema,
  }),
  getBeneficiaries: endpoint({
    method: 'GET',
    path: '/Beneficiaries/getBeneficiaries',
    access: BENEFICIARY_READERS,
    query: beneficiariesQuery,
    answer: beneficiariesAnswerSchema,
  }),
  getFilterOptions: endpoint({
    method: 'GET',
    path: '/Beneficiaries/getFilterOptions',
    access: BENEFICIARY_READERS,
    query: tableIdQuery,
    answer: filterOptionsSchema,
  }),
  getById: endpoint({
    method: 'GET',
    path: '/Beneficiaries/getById/:id',
    access: BENEFICIARY_READERS,
    params: beneficiaryIdParams,
    answer: beneficiaryDetailSchema,
  }),
  add: endpoint({ method: 'POST', path: '/Beneficiaries/add', access: BENEFICIARY_EDITORS, body: addBody, answer: beneficiarySchema }),
  edit: endpoint({ method: 'POST', path: '/Beneficiaries/edit', access: BENEFICIARY_EDITORS, body: editBody, answer: beneficiarySchema }),
  erase: endpoint({
    method: 'POST',
    path: '/Beneficiaries/erase',
    access: BENEFICIARY_ERASERS,
    body: eraseBody,
    answer: { type: 'boolean' },
  }),
} as const;
