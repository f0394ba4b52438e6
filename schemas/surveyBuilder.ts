// The builder's calls: Survey Tools list, create, save, publish, archive, duplicate and the
// translation calls; who may make them; and the survey model as a save sends it, with bounds on
// every field. The model is engine/survey/model.ts's SurveyModel.
import type { FromSchema } from 'json-schema-to-ts';
import type { SurveyModel } from '../engine/survey/index';
import { SHEET_TYPE_NAMES } from '../engine/survey/question-types';
import { dateTime, page, pageSize, uuid } from './common';
import { anyJson } from './envelope';
import { endpoint } from './endpoint';
import { MANAGER_ROLES, roleNames, type RoleName } from './roles';

/** Survey Tools is a project menu entry for everyone but data collectors (spec 000 section 6). */
export const SURVEY_VIEW_ROLES = roleNames.filter((r) => r !== 'DataCollector');
/** Build and translate: the project managers, junior ones included (see docs/decisions/0023-survey-roles.md). */
export const SURVEY_AUTHOR_ROLES = [...MANAGER_ROLES, 'JuniorProjectManager'] as const satisfies readonly RoleName[];
/** Publish, archive, delete: what respondents see or lose; the roles that create and delete projects. */
export const SURVEY_OWNER_ROLES = MANAGER_ROLES;

/** Survey status as the tools list shows it (spec 001 section 4). */
export const SURVEY_STATUS_NAMES = { 0: 'Editing', 1: 'Published', 2: 'Archived' } as const;
/** Translation status (spec 001 "Translation data"). */
export const TRANSLATE_STATUS = { Translated: 0, InProgress: 1, Archived: 2 } as const;

export const MAX_SURVEY_ITEMS = 2000;
export const MAX_SURVEY_DEPTH = 10;

const id = uuid;
const languageId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const expression = { type: ['string', 'null'], maxLength: 10000 } as const;
const localized = (maxLength: number) =>
  ({
    type: 'array',
    maxItems: 300,
    items: { type: 'object', required: ['languageId', 'text'], properties: { languageId, text: { type: 'string', maxLength } } },
  }) as const;

/** Media file names per language and kind (XLSForm media columns). */
const mediaTexts = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['kind', 'languageId', 'text'],
    properties: {
      kind: { type: 'string', enum: ['image', 'big-image', 'audio', 'video'] },
      languageId,
      text: { type: 'string', maxLength: 500 },
    },
  },
} as const;

const choice = {
  type: 'object',
  required: ['id', 'name', 'choiceLabels'],
  properties: {
    id,
    // A space inside a choice name is XLSForm's (a select_one's); none at either end.
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '^\\S(.*\\S)?$' },
    choiceLabels: localized(4000),
    emoji: { type: ['string', 'null'], maxLength: 50 },
    filters: { type: 'object', maxProperties: 50, additionalProperties: { type: 'string', maxLength: 1000 } },
    media: mediaTexts,
  },
} as const;

const question = {
  type: 'object',
  required: ['id', 'name', 'questionType'],
  properties: {
    id,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    questionType: {
      type: 'integer',
      enum: [0, 32, 33, 34, 35, 36, 37, 38, 40, 100, 104, 105, 106, 110, 112, 113, 275, 276, 277, 278, 279],
    },
    isRequired: { type: 'boolean' },
    requiredExpression: expression,
    default: { type: ['string', 'null'], maxLength: 10000 },
    calculation: expression,
    relevant: expression,
    constraint: expression,
    constraintMessages: localized(4000),
    requiredMessages: localized(4000),
    readOnly: { type: 'boolean' },
    guidanceHints: localized(30000),
    media: mediaTexts,
    extraColumns: {
      type: 'object',
      maxProperties: 100,
      propertyNames: { maxLength: 200 },
      additionalProperties: { type: 'string', maxLength: 10000 },
    },
    sheetType: { anyOf: [{ type: 'null' }, { type: 'string', enum: SHEET_TYPE_NAMES }] },
    choiceFilter: expression,
    appearance: { type: ['string', 'null'], maxLength: 500 },
    parameters: { type: ['string', 'null'], maxLength: 1000 },
    questionLabels: localized(30000),
    surveyQuestionHints: localized(30000),
    selectQuestionChoices: { type: 'array', maxItems: 5000, items: choice },
    secondChoices: { type: 'array', maxItems: 500, items: choice },
    maxChoices: { type: ['integer', 'null'], minimum: 1, maximum: 100000 },
    range: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['firstLabel', 'secondLabel'],
          properties: { firstLabel: localized(4000), secondLabel: localized(4000) },
        },
      ],
    },
    hasEmoji: { type: 'boolean' },
    order: { type: 'integer', minimum: 0, maximum: 100000 },
  },
} as const;

/** The survey model as GetById sends it and a save sends it back; its items refer to saveSurveyBody's $defs. */
const surveyModelSchema = {
  type: 'object',
  required: ['id', 'name', 'surveyItems'],
  properties: {
    id,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', maxLength: 4000 },
    endDate: { type: ['string', 'null'], format: 'date-time', maxLength: 40 },
    surveyStatusId: { type: 'integer', minimum: 0, maximum: 2 },
    toggleLocation: { type: 'boolean' },
    surveyLanguageMaps: { type: 'array', maxItems: 300 },
    surveyItems: { type: 'array', maxItems: MAX_SURVEY_ITEMS, items: { $ref: '#/$defs/item' } },
  },
} as const;

/** POST /Survey/SaveSurvey: the whole model, the ids deleted since the version it started from. */
export const saveSurveyBody = {
  type: 'object',
  required: ['surveyId', 'version', 'model'],
  additionalProperties: false,
  $defs: {
    item: {
      type: 'object',
      required: ['itemLabel', 'id', 'surveyItem'],
      properties: {
        itemLabel: { type: 'string', enum: ['Section', 'Question'] },
        id,
        sectionId: { type: ['string', 'null'], maxLength: 36 },
        xpath: { type: 'string', maxLength: 10000 },
        repeatGroup: { type: 'boolean' },
        repeat_count: { type: ['string', 'null'], maxLength: 10000 },
        surveyItem: question,
        innerItems: { type: 'array', maxItems: MAX_SURVEY_ITEMS, items: { $ref: '#/$defs/item' } },
      },
    },
  },
  properties: {
    surveyId: uuid,
    version: { type: 'integer', minimum: 1, maximum: 2147483647 },
    model: surveyModelSchema,
    deletedIds: { type: 'array', maxItems: MAX_SURVEY_ITEMS * 2, uniqueItems: true, items: uuid },
  },
} as const;

export const surveyToolsQuery = {
  type: 'object',
  required: ['ProjectId'],
  additionalProperties: false,
  properties: {
    ProjectId: uuid,
    search: { type: 'string', maxLength: 200 },
    surveyStatuses: { type: 'array', maxItems: 3, items: { type: 'integer', minimum: 0, maximum: 2 } },
    Page: page,
    PageSize: { ...pageSize, maximum: 100 },
  },
} as const;
export type SurveyToolsQuery = FromSchema<typeof surveyToolsQuery>;

export const createSurveyBody = {
  type: 'object',
  required: ['projectId', 'name'],
  additionalProperties: false,
  properties: {
    projectId: uuid,
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    description: { type: 'string', maxLength: 4000 },
    /** The base language (languages reference table); default English. */
    languageId,
    collectionGoal: { type: 'integer', minimum: 0, maximum: 100000000 },
    dataCollectionType: { type: 'integer', enum: [0, 1] },
    /** A survey of the organization to copy the items, choices and texts of. */
    copyOfSurveyId: uuid,
  },
} as const;
export type CreateSurveyBody = FromSchema<typeof createSurveyBody>;

/** GET /Survey/ExportTranslations and POST /Survey/ImportTranslations (the workbook is the multipart body). */
export const translationSheetQuery = {
  type: 'object',
  required: ['surveyId'],
  additionalProperties: false,
  properties: { surveyId: uuid },
} as const;

export const surveyIdBody = {
  type: 'object',
  required: ['surveyId'],
  additionalProperties: false,
  properties: { surveyId: uuid },
} as const;

export const duplicateSurveyBody = {
  type: 'object',
  required: ['surveyId'],
  additionalProperties: false,
  properties: { surveyId: uuid, name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } },
} as const;

export const addLanguageBody = {
  type: 'object',
  required: ['surveyId', 'languageId'],
  additionalProperties: false,
  properties: { surveyId: uuid, languageId },
} as const;

export const translationStatusBody = {
  type: 'object',
  required: ['surveyId', 'languageId', 'translateStatus'],
  additionalProperties: false,
  properties: { surveyId: uuid, languageId, translateStatus: { type: 'integer', enum: [0, 1, 2] } },
} as const;

/** POST /Survey/SaveTranslation: texts of one language, as many as changed since the last call. */
export const saveTranslationBody = {
  type: 'object',
  required: ['surveyId', 'languageId'],
  additionalProperties: false,
  properties: {
    surveyId: uuid,
    languageId,
    texts: {
      type: 'array',
      maxItems: 10000,
      items: {
        type: 'object',
        required: ['itemId', 'kind', 'text'],
        additionalProperties: false,
        properties: {
          itemId: uuid,
          kind: { type: 'string', enum: ['label', 'hint', 'constraint', 'required', 'guidance', 'range_first', 'range_second'] },
          text: { type: 'string', maxLength: 30000 },
        },
      },
    },
    choiceTexts: {
      type: 'array',
      maxItems: 20000,
      items: {
        type: 'object',
        required: ['choiceId', 'text'],
        additionalProperties: false,
        properties: { choiceId: uuid, text: { type: 'string', maxLength: 4000 } },
      },
    },
  },
} as const;
export type SaveTranslationBody = FromSchema<typeof saveTranslationBody>;

// What the builder's calls answer, and the survey model as every survey read sends it.

const surveyName = { type: 'string', maxLength: 200 } as const;
const surveyDescription = { type: 'string', maxLength: 4000 } as const;
const surveyStatusId = { type: 'integer', enum: [0, 1, 2] } as const;
const version = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const count = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;
/** Where a survey's public link leads: '/public-survey/{linkUuid}/{surveyId}'. */
const publicLink = { type: 'string', maxLength: 100 } as const;

/** A language of a survey as the model lists it (engine/survey/model.ts SurveyLanguage). */
export const surveyLanguageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['languageId', 'name', 'code', 'isBaseLanguage', 'translateStatus'],
  properties: {
    languageId,
    name: { type: 'string', maxLength: 200 },
    code: { type: 'string', maxLength: 20 },
    isBaseLanguage: { type: 'boolean' },
    /** TRANSLATE_STATUS. */
    translateStatus: { type: 'integer', minimum: 0, maximum: 2 },
    /** A language of this survey alone (from an imported form), shown by its name. */
    custom: { type: 'boolean' },
  },
} as const;

/** SurveySettings: the XLSForm settings an import kept (engine/survey/model.ts). */
const surveySettingsSchema = {
  type: 'object',
  additionalProperties: false,
  // maxLength: SETTING_MAX of engine/survey/xlsform/columns.ts, the longest the import keeps.
  properties: {
    version: { type: 'string', maxLength: 2000 },
    instanceName: { type: 'string', maxLength: 2000 },
    style: { type: 'string', maxLength: 2000 },
    submissionUrl: { type: 'string', maxLength: 2000 },
  },
} as const;

/** A survey's languages (the save body allows as many). */
export const surveyLanguagesSchema = { type: 'array', maxItems: 300, items: surveyLanguageSchema } as const;

/**
 * The survey model as the server sends it (engine/survey/model.ts SurveyModel): GetById, the fill page's
 * GetPreviewData and a save's answer spread these fields with their own. The item tree is the author's
 * form, sent as stored (saveSurveyBody's item schema bounds what a save may write), and so are the rows
 * of the CSV files attached for pulldata(), present only when the survey has some.
 */
export const surveyModelProperties = {
  id,
  name: surveyName,
  description: surveyDescription,
  endDate: { type: ['string', 'null'], format: 'date-time', maxLength: 40 },
  surveyStatusId,
  toggleLocation: { type: 'boolean' },
  surveyLanguageMaps: surveyLanguagesSchema,
  surveyItems: { type: 'array', maxItems: MAX_SURVEY_ITEMS, items: anyJson },
  settings: surveySettingsSchema,
  attachments: anyJson,
} as const;
export const surveyModelRequired = [
  'id',
  'name',
  'description',
  'endDate',
  'surveyStatusId',
  'toggleLocation',
  'surveyLanguageMaps',
  'surveyItems',
] as const;

export const surveyModelReply = {
  type: 'object',
  additionalProperties: false,
  required: surveyModelRequired,
  properties: surveyModelProperties,
} as const;

/** One row of GET /Survey/GetSurveyTools (the Survey Tools screen lists these). */
export const surveyToolsRow = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'name',
    'description',
    'surveyStatusId',
    'status',
    'collectionGoal',
    'submissionCount',
    'endDate',
    'version',
    'publicLink',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id,
    name: surveyName,
    description: surveyDescription,
    surveyStatusId,
    status: { type: 'string', enum: Object.values(SURVEY_STATUS_NAMES) },
    collectionGoal: count,
    submissionCount: count,
    endDate: { type: ['string', 'null'], format: 'date-time', maxLength: 40 },
    version,
    publicLink,
    createdAt: dateTime,
    updatedAt: dateTime,
  },
} as const;

export const surveyToolsReply = {
  type: 'object',
  additionalProperties: false,
  required: ['surveys', 'totalSize'],
  properties: {
    surveys: { type: 'array', maxItems: surveyToolsQuery.properties.PageSize.maximum, items: surveyToolsRow },
    totalSize: count,
  },
} as const;

/** CreateSurvey and DuplicateSurvey: the new survey, at its first version. */
export const createdSurveyReply = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'version'],
  properties: { id, version },
} as const;

/** SaveSurvey: the new version and the model as stored. */
export const savedSurveyReply = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'version', 'model'],
  properties: { id, version, model: surveyModelReply },
} as const;

/**
 * SaveSurvey's body and answer as TypeScript. The item tree is recursive, beyond FromSchema, and the answer
 * sends the items as stored: the engine's model types them, in the handler and in the builder's call.
 */
export interface SaveSurveyBody {
  surveyId: string;
  version: number;
  model: SurveyModel;
  deletedIds?: string[];
}
export type SavedSurvey = Omit<FromSchema<typeof savedSurveyReply>, 'model'> & { model: SurveyModel };

/** PublishSurvey and ArchiveSurvey. */
export const surveyStatusReply = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'surveyStatusId', 'version'],
  properties: { id, surveyStatusId, version },
} as const;

/** AddSurveyLanguage, SaveTranslation, SetTranslationStatus: the version the change made. */
export const translationSavedReply = {
  type: 'object',
  additionalProperties: false,
  required: ['surveyId', 'version'],
  properties: { surveyId: id, version },
} as const;

/** ImportTranslations: the texts changed per language of the sheet, and its rows that matched no text. */
export const translationsImportedReply = {
  type: 'object',
  additionalProperties: false,
  required: ['surveyId', 'version', 'languages', 'unknownRows'],
  properties: {
    surveyId: id,
    version,
    languages: {
      type: 'array',
      maxItems: 300,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['languageId', 'changed'],
        properties: { languageId, changed: count },
      },
    },
    unknownRows: count,
  },
} as const;

/**
 * The builder's calls. SaveSurvey's body is the recursive item tree: its handler is typed with the
 * engine's SurveyModel rather than from the schema. ImportTranslations is multipart: the workbook is its one part.
 */
export const SURVEY_BUILDER_API = {
  getSurveyTools: endpoint({
    method: 'GET',
    path: '/Survey/GetSurveyTools',
    access: SURVEY_VIEW_ROLES,
    query: surveyToolsQuery,
    answer: surveyToolsReply,
  }),
  createSurvey: endpoint({
    method: 'POST',
    path: '/Survey/CreateSurvey',
    access: SURVEY_AUTHOR_ROLES,
    body: createSurveyBody,
    answer: createdSurveyReply,
  }),
  duplicateSurvey: endpoint({
    method: 'POST',
    path: '/Survey/DuplicateSurvey',
    access: SURVEY_AUTHOR_ROLES,
    body: duplicateSurveyBody,
    answer: createdSurveyReply,
  }),
  saveSurvey: endpoint({
    method: 'POST',
    path: '/Survey/SaveSurvey',
    access: SURVEY_AUTHOR_ROLES,
    body: saveSurveyBody,
    answer: savedSurveyReply,
  }),
  publishSurvey: endpoint({
    method: 'POST',
    path: '/DataCollection/PublishSurvey',
    access: SURVEY_OWNER_ROLES,
    body: surveyIdBody,
    answer: surveyStatusReply,
  }),
  archiveSurvey: endpoint({
    method: 'POST',
    path: '/Survey/ArchiveSurvey',
    access: SURVEY_OWNER_ROLES,
    body: surveyIdBody,
    answer: surveyStatusReply,
  }),
  addSurveyLanguage: endpoint({
    method: 'POST',
    path: '/Survey/AddSurveyLanguage',
    access: SURVEY_AUTHOR_ROLES,
    body: addLanguageBody,
    answer: translationSavedReply,
  }),
  saveTranslation: endpoint({
    method: 'POST',
    path: '/Survey/SaveTranslation',
    access: SURVEY_AUTHOR_ROLES,
    body: saveTranslationBody,
    answer: translationSavedReply,
  }),
  setTranslationStatus: endpoint({
    method: 'POST',
    path: '/Survey/SetTranslationStatus',
    access: SURVEY_AUTHOR_ROLES,
    body: translationStatusBody,
    answer: translationSavedReply,
  }),
  exportTranslations: endpoint({
    method: 'GET',
    path: '/Survey/ExportTranslations',
    access: SURVEY_AUTHOR_ROLES,
    query: translationSheetQuery,
    answer: { file: 'the translation workbook (.xlsx), one column per language' },
  }),
  importTranslations: endpoint({
    method: 'POST',
    path: '/Survey/ImportTranslations',
    access: SURVEY_AUTHOR_ROLES,
    query: translationSheetQuery,
    answer: translationsImportedReply,
  }),
} as const;
