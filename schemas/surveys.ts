// Request payloads of the survey calls (spec 001 section 7). The submission itself is multipart and is
// read by engine/survey's parseSubmission, not by a JSON Schema.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, doneSchema, uuid } from './common';
import { endpoint } from './endpoint';
import { anyJson } from './envelope';
import { ALL_ROLES } from './roles';
import { surveyLanguagesSchema, surveyModelProperties, surveyModelRequired } from './surveyBuilder';

const languageId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const getByIdBody = {
  type: 'object',
  required: ['SurveyId'],
  properties: { SurveyId: uuid, languageId },
} as const;
export type GetByIdBody = FromSchema<typeof getByIdBody>;

export const previewQuery = {
  type: 'object',
  required: ['surveyId'],
  properties: {
    surveyId: uuid,
    languageId,
    taskId: uuid,
    messageReceiverId: uuid,
    /** The uuid segment of the public link, to tell whether a single-use link was used. */
    uuid: { type: 'string', maxLength: 40 },
  },
} as const;
export type PreviewQuery = FromSchema<typeof previewQuery>;

export const surveyIdQuery = {
  type: 'object',
  required: ['surveyId'],
  properties: { surveyId: uuid },
} as const;
export type SurveyIdQuery = FromSchema<typeof surveyIdQuery>;

/** A survey named in the path: GET DataCollection/exportSurvey/{id}, exportXForm/{id}. */
export const surveyIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: uuid },
} as const;

export const surveysByStatusQuery = {
  type: 'object',
  required: ['ProjectId'],
  properties: {
    ProjectId: uuid,
    surveyStatuses: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 4 }, maxItems: 5 },
  },
} as const;
export type SurveysByStatusQuery = FromSchema<typeof surveysByStatusQuery>;

// What the survey calls answer.

const nullableDateTime = { type: ['string', 'null'], format: 'date-time', maxLength: 40 } as const;
const version = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const count = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;
const surveyStatusId = surveyModelProperties.surveyStatusId;
/** Where a survey's public link leads: '/public-survey/{linkUuid}/{surveyId}'. */
const publicLink = { type: 'string', maxLength: 100 } as const;

/** POST /Survey/GetById: the model, the language asked for (else the default) and the version a save names. */
export const surveyByIdReply = {
  type: 'object',
  additionalProperties: false,
  required: [...surveyModelRequired, 'languageId', 'version'],
  properties: { ...surveyModelProperties, languageId, version },
} as const;

/**
 * GET /Survey/GetPreviewData: what the fill page runs, online and offline: the model with whether this
 * address may submit, and the parse tree of every expression by its source text, so that the page needs
 * no expression parser. The trees are the engine's (engine/expression), sent as it builds them.
 */
export const previewReply = {
  type: 'object',
  additionalProperties: false,
  required: [
    ...surveyModelRequired,
    'languageId',
    'version',
    'isExpired',
    'alreadySubmitted',
    'linkValid',
    'canSubmitSurvey',
    'expressionTrees',
  ],
  properties: {
    ...surveyModelProperties,
    languageId,
    version,
    isExpired: { type: 'boolean' },
    alreadySubmitted: { type: 'boolean' },
    linkValid: { type: 'boolean' },
    canSubmitSurvey: { type: 'boolean' },
    expressionTrees: { type: 'object', additionalProperties: anyJson },
  },
} as const;

/** GET /Survey/GetSurveyDetails: the survey's settings, its public link and how many submissions it has. */
export const surveyDetailsReply = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'projectId',
    'name',
    'description',
    'surveyStatusId',
    'endDate',
    'toggleLocation',
    'defaultLanguageId',
    'dataCollectionType',
    'collectionGoal',
    'multipleLink',
    'publicLinkUuid',
    'publicLink',
    'surveyLanguageMaps',
    'submissionCount',
    'isExpired',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: uuid,
    projectId: uuid,
    name: surveyModelProperties.name,
    description: surveyModelProperties.description,
    surveyStatusId,
    endDate: nullableDateTime,
    toggleLocation: { type: 'boolean' },
    defaultLanguageId: languageId,
    /** COLLECTION_TYPE: 0 survey link, 1 in person. */
    dataCollectionType: { type: 'integer', minimum: 0, maximum: 1 },
    collectionGoal: count,
    multipleLink: { type: 'boolean' },
    publicLinkUuid: uuid,
    publicLink,
    surveyLanguageMaps: surveyLanguagesSchema,
    submissionCount: count,
    isExpired: { type: 'boolean' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
} as const;

/**
 * Most surveys GET DataCollection/getAllSurveysForProjectByStatus lists. Nothing limits a project's
 * surveys; this is far beyond any project we know of.
 */
export const MAX_PROJECT_SURVEYS = 10000;

/** GET DataCollection/getAllSurveysForProjectByStatus: the project's surveys, newest first. */
export const projectSurveysReply = {
  type: 'object',
  additionalProperties: false,
  required: ['surveys'],
  properties: {
    surveys: {
      type: 'array',
      maxItems: MAX_PROJECT_SURVEYS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'name',
          'description',
          'surveyStatusId',
          'endDate',
          'collectionGoal',
          'submissionCount',
          'publicLink',
          'createdAt',
        ],
        properties: {
          id: uuid,
          name: surveyModelProperties.name,
          description: surveyModelProperties.description,
          surveyStatusId,
          endDate: nullableDateTime,
          collectionGoal: count,
          submissionCount: count,
          publicLink,
          createdAt: dateTime,
        },
      },
    },
  },
} as const;

/** POST DataCollection/SubmitSurvey: the submission stored, or the one stored before when this is a repeat. */
export const submittedReply = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'clientId', 'surveyId', 'submittedAt', 'answerCount', 'duplicate'],
  properties: {
    id: uuid,
    /** The client's id of the submission (its idempotency key). */
    clientId: uuid,
    surveyId: uuid,
    submittedAt: dateTime,
    /** Answers stored, repeat counters included. */
    answerCount: count,
    /** The same submission was received before: nothing new was stored. */
    duplicate: { type: 'boolean' },
  },
} as const;

/**
 * The survey calls. GetPreviewData and SubmitSurvey are public (the survey's organization comes from the
 * survey), and so is the online probe. SubmitSurvey's body is multipart, read by the route, not by a schema.
 */
export const SURVEYS_API = {
  getById: endpoint({ method: 'POST', path: '/Survey/GetById', access: ALL_ROLES, body: getByIdBody, answer: surveyByIdReply }),
  getPreviewData: endpoint({ method: 'GET', path: '/Survey/GetPreviewData', access: 'public', query: previewQuery, answer: previewReply }),
  getSurveyDetails: endpoint({
    method: 'GET',
    path: '/Survey/GetSurveyDetails',
    access: ALL_ROLES,
    query: surveyIdQuery,
    answer: surveyDetailsReply,
  }),
  getAllSurveysForProjectByStatus: endpoint({
    method: 'GET',
    path: '/DataCollection/getAllSurveysForProjectByStatus',
    access: ALL_ROLES,
    query: surveysByStatusQuery,
    answer: projectSurveysReply,
  }),
  exportSurvey: endpoint({
    method: 'GET',
    path: '/DataCollection/exportSurvey/:id',
    access: ALL_ROLES,
    params: surveyIdParams,
    answer: { file: 'the survey as an XLSForm workbook (.xlsx)' },
  }),
  /** The survey as an ODK XForm (engine/survey/xform), for ODK Collect, KoboCollect and ODK Web Forms. */
  exportXForm: endpoint({
    method: 'GET',
    path: '/DataCollection/exportXForm/:id',
    access: ALL_ROLES,
    params: surveyIdParams,
    answer: { file: 'the survey as an ODK XForm (.xml)' },
  }),
  submitSurvey: endpoint({ method: 'POST', path: '/DataCollection/SubmitSurvey', access: 'public', answer: submittedReply }),
  /** The online probe the fill page polls (spec 001 "Online state"). */
  checkOnlineStatus: endpoint({ method: 'GET', path: '/DataCollection/CheckOnlineStatus', access: 'public', answer: doneSchema }),
} as const;
