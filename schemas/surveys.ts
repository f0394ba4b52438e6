// Request payloads of the survey calls (spec 001 section 7). The submission itself is multipart and is
// read by engine/survey's parseSubmission, not by a JSON Schema.
import type { FromSchema } from 'json-schema-to-ts';
import { uuid } from './common';

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

/** A survey named in the path: GET DataCollection/exportSurvey/{id}. */
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
