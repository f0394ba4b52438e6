// Survey reports on the project dashboard: one call with a survey's submissions per day,
// per collector and per task, the progress against its collection goal, the choice counts of each
// select question and a histogram of each number question. The data table's filters apply.
import type { FromSchema } from 'json-schema-to-ts';
import { uuid } from './common';
import { endpoint } from './endpoint';
import { DATA_READ_ROLES, filterProperties } from './submissions';

/**
 * Most days, collectors, tasks, and questions of each kind a report lists (the newest days, the busiest
 * collectors and tasks); GPS questions and the newest points each shows on its map.
 */
export const REPORT_LIMITS = { days: 366, collectors: 100, tasks: 100, questions: 100, bins: 30, gpsQuestions: 20, points: 2000 } as const;

export const surveyReportQuery = {
  type: 'object',
  required: ['SurveyId'],
  properties: {
    SurveyId: uuid,
    /** Choice and question labels in this survey language (else the base language). */
    LanguageId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    /** Bins of each number question's histogram. */
    Bins: { type: 'integer', minimum: 1, maximum: REPORT_LIMITS.bins, default: 10 },
    ...filterProperties,
  },
} as const;
export type SurveyReportQuery = FromSchema<typeof surveyReportQuery>;

const count = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;
const percent = { type: 'number', minimum: 0 } as const;
const questionName = { type: 'string', maxLength: 200 } as const;
/** A question's label in the language asked for; references to answers ('${name}') read as an ellipsis. */
const questionLabel = { type: 'string', maxLength: 30000 } as const;

/** GET DataCollection/getSurveyReport: every figure of the survey's reports, aggregated over the filtered submissions. */
export const surveyReportReply = {
  type: 'object',
  additionalProperties: false,
  required: [
    'survey',
    'totalSubmissions',
    'firstSubmittedAt',
    'lastSubmittedAt',
    'goal',
    'perDay',
    'perCollector',
    'perTask',
    'selectQuestions',
    'numberQuestions',
    'gpsQuestions',
  ],
  properties: {
    survey: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'languageId', 'languages'],
      properties: {
        id: uuid,
        name: { type: 'string', maxLength: 200 },
        /** The language of the labels: the one asked for when the survey has it, else the base language. */
        languageId: { type: 'integer', minimum: 1 },
        languages: {
          type: 'array',
          maxItems: 300,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'name', 'code'],
            properties: {
              id: { type: 'integer', minimum: 1 },
              name: { type: 'string', maxLength: 200 },
              code: { type: 'string', maxLength: 20 },
            },
          },
        },
      },
    },
    totalSubmissions: count,
    firstSubmittedAt: { type: ['string', 'null'], format: 'date-time', maxLength: 40 },
    lastSubmittedAt: { type: ['string', 'null'], format: 'date-time', maxLength: 40 },
    /** Progress against the collection goal; no percent when there is no goal. */
    goal: {
      type: 'object',
      additionalProperties: false,
      required: ['target', 'reached', 'percent'],
      properties: { target: count, reached: count, percent: { type: ['number', 'null'], minimum: 0 } },
    },
    /** Submissions per UTC day, the newest days that have any, oldest first. */
    perDay: {
      type: 'array',
      maxItems: REPORT_LIMITS.days,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['day', 'count'],
        properties: { day: { type: 'string', format: 'date', maxLength: 10 }, count },
      },
    },
    /** The busiest collectors; id and name null for anonymous submissions. */
    perCollector: {
      type: 'array',
      maxItems: REPORT_LIMITS.collectors,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'count'],
        properties: { id: { type: ['string', 'null'], format: 'uuid' }, name: { type: ['string', 'null'], maxLength: 200 }, count },
      },
    },
    /** The busiest tasks; id null for submissions outside any task. */
    perTask: {
      type: 'array',
      maxItems: REPORT_LIMITS.tasks,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'count'],
        properties: { id: { type: ['string', 'null'], format: 'uuid' }, count },
      },
    },
    selectQuestions: {
      type: 'array',
      maxItems: REPORT_LIMITS.questions,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'label', 'multiple', 'answered', 'choices'],
        properties: {
          id: uuid,
          name: questionName,
          label: questionLabel,
          multiple: { type: 'boolean' },
          answered: count,
          choices: {
            type: 'array',
            maxItems: 5000,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'name', 'label', 'count', 'percent'],
              properties: { id: uuid, name: questionName, label: { type: 'string', maxLength: 4000 }, count, percent },
            },
          },
        },
      },
    },
    numberQuestions: {
      type: 'array',
      maxItems: REPORT_LIMITS.questions,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'label', 'answered', 'min', 'max', 'mean', 'bins'],
        properties: {
          id: uuid,
          name: questionName,
          label: questionLabel,
          answered: count,
          min: { type: ['number', 'null'] },
          max: { type: ['number', 'null'] },
          mean: { type: ['number', 'null'] },
          /** The histogram: whole-number bins (from and to included) for whole numbers, equal widths for decimals. */
          bins: {
            type: 'array',
            maxItems: REPORT_LIMITS.bins,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['from', 'to', 'count'],
              properties: { from: { type: 'number' }, to: { type: 'number' }, count },
            },
          },
        },
      },
    },
    gpsQuestions: {
      type: 'array',
      maxItems: REPORT_LIMITS.gpsQuestions,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'label', 'answered', 'points'],
        properties: {
          id: uuid,
          name: questionName,
          label: questionLabel,
          answered: count,
          /** The newest points; `answered` says how many exist. */
          points: {
            type: 'array',
            maxItems: REPORT_LIMITS.points,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['submissionId', 'latitude', 'longitude'],
              properties: {
                submissionId: uuid,
                latitude: { type: 'number', minimum: -90, maximum: 90 },
                longitude: { type: 'number', minimum: -180, maximum: 180 },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** The survey report call; the data table's readers read it. */
export const SURVEY_REPORT_API = {
  getSurveyReport: endpoint({
    method: 'GET',
    path: '/DataCollection/getSurveyReport',
    access: DATA_READ_ROLES,
    query: surveyReportQuery,
    answer: surveyReportReply,
  }),
} as const;
