// The survey data feed: a paged CSV or JSON view of a survey's submissions that Excel, Power
// BI or R refresh from, authenticated by a revocable per-user token (docs/feed.md). Not OData: see
// docs/decisions/0040-survey-data-feed-not-odata.md.
import type { FromSchema } from 'json-schema-to-ts';
import { page, uuid } from './common';
import { DATA_REVIEW_ROLES, filterProperties } from './submissions';

/** Who creates feed tokens, and whose tokens keep working: the roles that manage projects. */
export const FEED_ROLES = DATA_REVIEW_ROLES;
/** Live (not revoked) tokens one user may hold for one survey. */
export const MAX_FEED_TOKENS = 20;
/** Rows in one page of the feed; the default is also the most, so a client that ignores paging still gets much. */
export const MAX_FEED_PAGE_SIZE = 5000;
/** Requests one token may make per minute. */
export const FEED_RATE_PER_MINUTE = 60;
/** Failed feed authentications one address may make per 15 minutes (token guessing). */
export const FEED_FAILURES_PER_ADDRESS = 30;
/** What a token begins with, so a leaked one is recognizable (secret scanners, logs). */
export const FEED_TOKEN_PREFIX = 'fsf_';

export const createFeedTokenBody = {
  type: 'object',
  required: ['surveyId', 'name'],
  additionalProperties: false,
  properties: { surveyId: uuid, name: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
export type CreateFeedTokenBody = FromSchema<typeof createFeedTokenBody>;

export const revokeFeedTokenBody = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: uuid } } as const;

export const feedTokensQuery = {
  type: 'object',
  required: ['SurveyId'],
  properties: { SurveyId: uuid, Page: page, PageSize: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
} as const;
export type FeedTokensQuery = FromSchema<typeof feedTokensQuery>;

export const feedParams = {
  type: 'object',
  required: ['surveyId', 'format'],
  properties: { surveyId: uuid, format: { type: 'string', enum: ['csv', 'json'] } },
} as const;

export const feedQuery = {
  type: 'object',
  properties: {
    Page: page,
    PageSize: { type: 'integer', minimum: 1, maximum: MAX_FEED_PAGE_SIZE, default: MAX_FEED_PAGE_SIZE },
    /** Column headers and choices: question names (the default: stable when labels are edited) or labels. */
    Headers: { type: 'string', enum: ['labels', 'names'], default: 'names' },
    LanguageId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    ...filterProperties,
  },
} as const;
export type FeedQuery = FromSchema<typeof feedQuery>;
