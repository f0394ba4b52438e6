// Media that survey authors attach: POST DataCollection/uploadSurveyMedia (multipart
// fields SurveyId and File), GET DataCollection/getSurveyMediaList?surveyId= and
// GET DataCollection/getSurveyMedia/{surveyId}/{fileName} (what the fill page loads).
import type { FromSchema } from 'json-schema-to-ts';
import { uuid } from './common';
import { endpoint } from './endpoint';
import { SURVEY_AUTHOR_ROLES, SURVEY_VIEW_ROLES } from './surveyBuilder';

export const SURVEY_MEDIA_UPLOAD_ROLES = SURVEY_AUTHOR_ROLES;
export const SURVEY_MEDIA_LIST_ROLES = SURVEY_VIEW_ROLES;
/** The multipart fields the upload reads; anything else is refused naming it. */
export const SURVEY_MEDIA_FIELDS = ['SurveyId', 'File'] as const;

export const MEDIA_KINDS = ['image', 'audio', 'video', 'csv'] as const;
export type SurveyMediaKind = (typeof MEDIA_KINDS)[number];

/** Per kind: the file name endings accepted, the types the bytes must show, and the size limit. */
export const MEDIA_RULES: Record<SurveyMediaKind, { extensions: readonly string[]; types: readonly string[]; maxBytes: number }> = {
  image: {
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
    types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    maxBytes: 5 * 1024 * 1024,
  },
  audio: {
    extensions: ['mp3', 'm4a', 'ogg', 'oga', 'opus', 'wav', 'amr', 'aac'],
    types: ['audio/mpeg', 'audio/x-m4a', 'audio/mp4', 'audio/ogg', 'audio/opus', 'audio/wav', 'audio/x-wav', 'audio/amr', 'audio/aac'],
    maxBytes: 10 * 1024 * 1024,
  },
  video: {
    extensions: ['mp4', 'm4v', 'webm', '3gp', 'ogv', 'mov'],
    types: ['video/mp4', 'video/x-m4v', 'video/webm', 'video/3gpp', 'video/ogg', 'video/quicktime'],
    maxBytes: 20 * 1024 * 1024,
  },
  // CSV has no magic number: its bytes must be UTF-8 text that is not markup (services/surveyMedia.ts).
  csv: { extensions: ['csv'], types: ['text/csv'], maxBytes: 5 * 1024 * 1024 },
};
/** The largest file of any kind: the bound of the request as a whole. */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(MEDIA_RULES).map((r) => r.maxBytes));
/** A pulldata() CSV: rows, columns and cell length. */
export const MEDIA_CSV_LIMITS = { rows: 100_000, columns: 200, cellLength: 2_000 } as const;
/** Media per survey. */
export const MEDIA_PER_SURVEY = 500;

/**
 * Why an upload was refused, as the page says it in the reader's language (surveyMedia.refusals.<reason>):
 * the refusal's `data`, with the figures its sentence needs. The English sentence stays in `errors`.
 */
export const MEDIA_REFUSAL_REASONS = [
  'fileName',
  'kind',
  'empty',
  'tooLarge',
  'notKind',
  'notText',
  'binary',
  'markup',
  'rows',
  'columns',
  'cell',
  'full',
] as const;
export type MediaRefusalReason = (typeof MEDIA_REFUSAL_REASONS)[number];
export interface MediaRefusal {
  reason: MediaRefusalReason;
  /** The kind the file's name announced (tooLarge, notKind, and the CSV reasons). */
  kind?: SurveyMediaKind;
  /** The limit passed: megabytes (tooLarge), rows, columns, characters, files (full). */
  max?: number;
  /** The CSV row where a limit was passed. */
  row?: number;
}

/** The refusal an error envelope's data carries, when it is one of these. */
export function mediaRefusalOf(data: unknown): MediaRefusal | undefined {
  const r = data as Partial<MediaRefusal> | null;
  return r && typeof r === 'object' && (MEDIA_REFUSAL_REASONS as readonly unknown[]).includes(r.reason) ? (r as MediaRefusal) : undefined;
}

/** A media file's name as labels reference it ('cat.png'): no paths, no control characters. */
export const MEDIA_FILE_NAME = '^[\\p{L}\\p{N}_][\\p{L}\\p{N}_ .()-]{0,95}\\.[A-Za-z0-9]{2,5}$';

export const surveyMediaParams = {
  type: 'object',
  required: ['surveyId', 'fileName'],
  properties: { surveyId: uuid, fileName: { type: 'string', minLength: 1, maxLength: 100, pattern: MEDIA_FILE_NAME } },
} as const;

export const surveyMediaListQuery = {
  type: 'object',
  required: ['surveyId'],
  properties: { surveyId: uuid },
} as const;

/** One media file of a survey: POST DataCollection/uploadSurveyMedia answers the one stored. */
export const surveyMediaEntrySchema = {
  type: 'object',
  required: ['fileName', 'kind', 'contentType', 'size'],
  properties: {
    fileName: surveyMediaParams.properties.fileName,
    kind: { type: 'string', enum: MEDIA_KINDS },
    contentType: { type: 'string', maxLength: 100 },
    size: { type: 'integer', minimum: 1, maximum: MEDIA_MAX_BYTES },
  },
} as const;
export type SurveyMediaEntry = FromSchema<typeof surveyMediaEntrySchema>;

/** GET DataCollection/getSurveyMediaList: the survey's media files. */
export const surveyMediaListSchema = { type: 'array', maxItems: MEDIA_PER_SURVEY, items: surveyMediaEntrySchema } as const;

/** The survey media calls: the upload is multipart (SURVEY_MEDIA_FIELDS); the file itself is public. */
export const SURVEY_MEDIA_API = {
  uploadSurveyMedia: endpoint({
    method: 'POST',
    path: '/DataCollection/uploadSurveyMedia',
    access: SURVEY_MEDIA_UPLOAD_ROLES,
    answer: surveyMediaEntrySchema,
  }),
  getSurveyMediaList: endpoint({
    method: 'GET',
    path: '/DataCollection/getSurveyMediaList',
    access: SURVEY_MEDIA_LIST_ROLES,
    query: surveyMediaListQuery,
    answer: surveyMediaListSchema,
  }),
  getSurveyMedia: endpoint({
    method: 'GET',
    path: '/DataCollection/getSurveyMedia/:surveyId/:fileName',
    access: 'public',
    params: surveyMediaParams,
    answer: { file: 'the media file, as a download' },
  }),
} as const;
