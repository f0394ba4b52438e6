// Survey reports on the project dashboard: one call with a survey's submissions per day,
// per collector and per task, the progress against its collection goal, the choice counts of each
// select question and a histogram of each number question. The data table's filters apply.
import type { FromSchema } from 'json-schema-to-ts';
import { uuid } from './common';
import { filterProperties } from './submissions';

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
