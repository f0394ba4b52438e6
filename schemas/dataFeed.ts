// The survey data feed: a paged CSV or JSON view of a survey's submissions that Excel, Power
// BI or R refresh from, authenticated by a revocable per-user token (docs/feed.md). Not OData: see
// docs/decisions/0040-survey-data-feed-not-odata.md.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, page, uuid } from './common';
import { endpoint } from './endpoint';
import { DATA_REVIEW_ROLES, cellValue, filterProperties } from './submissions';

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

export const feedFileParams = {
  type: 'object',
  required: ['surveyId', 'fileId'],
  properties: { surveyId: uuid, fileId: uuid },
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

const nullableDateTime = { type: ['string', 'null'], format: 'date-time', maxLength: 40 } as const;
const count = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;

/** A feed token as its owner sees it in the list: never the token itself, only its first characters. */
const feedTokenProperties = {
  id: uuid,
  surveyId: uuid,
  name: createFeedTokenBody.properties.name,
  prefix: { type: 'string', maxLength: 16 },
  createdAt: dateTime,
  lastUsedAt: nullableDateTime,
  revokedAt: nullableDateTime,
} as const;
const feedTokenRequired = ['id', 'surveyId', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'] as const;

/** POST DataCollection/revokeFeedToken; a row of getFeedTokens. */
export const feedTokenReply = {
  type: 'object',
  additionalProperties: false,
  required: feedTokenRequired,
  properties: feedTokenProperties,
} as const;

/** POST DataCollection/createFeedToken: the token, shown this once. */
export const createdFeedTokenReply = {
  type: 'object',
  additionalProperties: false,
  required: [...feedTokenRequired, 'token'],
  properties: { ...feedTokenProperties, token: { type: 'string', maxLength: 200 } },
} as const;

export const feedTokensReply = {
  type: 'object',
  additionalProperties: false,
  required: ['totalSize', 'tokens'],
  properties: { totalSize: count, tokens: { type: 'array', maxItems: feedTokensQuery.properties.PageSize.maximum, items: feedTokenReply } },
} as const;

/**
 * GET DataCollection/feed/{surveyId}/json: a page of submissions, one object per submission keyed by the
 * column headers (the export's), and the next page's address as OData clients expect it. The csv format
 * answers the same page as text/csv, which is sent as it is.
 */
export const feedPageReply = {
  type: 'object',
  additionalProperties: false,
  required: ['totalSize', 'page', 'pageSize', 'nextLink', 'value'],
  properties: {
    totalSize: count,
    page: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_FEED_PAGE_SIZE },
    /** This request's address (at most 8 KiB, server/httpErrors.ts) on the public origin, with the next page. */
    nextLink: { type: ['string', 'null'], maxLength: 10_000 },
    value: { type: 'array', maxItems: MAX_FEED_PAGE_SIZE, items: { type: 'object', additionalProperties: cellValue } },
  },
} as const;

/**
 * The feed calls: the tokens, with a session; the feed itself, public, with a token in the Authorization
 * header. Its json format answers feedPageReply; its csv format the same page as text/csv, an answer the
 * route adds beside the declaration's.
 */
export const DATA_FEED_API = {
  createFeedToken: endpoint({
    method: 'POST',
    path: '/DataCollection/createFeedToken',
    access: FEED_ROLES,
    body: createFeedTokenBody,
    answer: createdFeedTokenReply,
  }),
  getFeedTokens: endpoint({
    method: 'GET',
    path: '/DataCollection/getFeedTokens',
    access: FEED_ROLES,
    query: feedTokensQuery,
    answer: feedTokensReply,
  }),
  revokeFeedToken: endpoint({
    method: 'POST',
    path: '/DataCollection/revokeFeedToken',
    access: FEED_ROLES,
    body: revokeFeedTokenBody,
    answer: feedTokenReply,
  }),
  feed: endpoint({
    method: 'GET',
    path: '/DataCollection/feed/:surveyId/:format',
    access: 'public',
    params: feedParams,
    query: feedQuery,
    answer: feedPageReply,
  }),
  /** A file of a submission of the feed's survey, with the same token: the address in the feed's file columns. */
  feedFile: endpoint({
    method: 'GET',
    path: '/DataCollection/feed/:surveyId/file/:fileId',
    access: 'public',
    params: feedFileParams,
    answer: { file: 'the stored file of a file or image answer, as a download' },
  }),
} as const;
