// The survey data feed (docs/feed.md): tokens a project manager creates, lists and revokes,
// and the feed they open - a page of a survey's submissions as CSV or JSON, with the export's columns
// and the data table's filters. A token is checked against its owner's rights at every request: the
// owner must still be a member of the organization with a role that manages projects, and the survey
// must lie in their projects (a removed or demoted member's token stops working). Only the token's
// SHA-256 is stored; the token is shown once.
import { createHash, randomBytes } from 'node:crypto';
import { QUESTION_TYPES, type CellValue } from '../../engine/survey/index';
import {
  FEED_FAILURES_PER_ADDRESS,
  FEED_RATE_PER_MINUTE,
  FEED_ROLES,
  FEED_TOKEN_PREFIX,
  MAX_FEED_TOKENS,
  DATA_FEED_API,
  type CreateFeedTokenBody,
  type FeedQuery,
  type FeedTokensQuery,
} from '../../schemas/dataFeed';
import { hasAnyRole, roleById, type RoleName } from '../../schemas/roles';
import { findMembership } from '../db/queries/memberships';
import { filesOf } from '../db/queries/submissionData';
import { hit } from '../db/queries/rateLimits';
import { problem } from '../problems';
import { listSubmissions, readableSurvey, type DataDeps, type DataReader } from './submissionData';
import { HEAD_COLUMNS, REVIEW_NAMES } from './submissionExport';
import { dataColumns, type CellOptions } from '../../engine/survey/index';

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The token as its owner sees it in the list (never the token itself). */
function tokenOut(r: {
  id: string;
  survey_id: string;
  name: string;
  token_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}) {
  return {
    id: r.id,
    surveyId: r.survey_id,
    name: r.name,
    prefix: r.token_prefix,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
    revokedAt: r.revoked_at?.toISOString() ?? null,
  };
}

export async function createFeedToken(deps: DataDeps, reader: DataReader, body: CreateFeedTokenBody) {
  await readableSurvey(deps, reader, body.surveyId);
  const live = await deps.db
    .selectFrom('feed_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', reader.organizationId)
    .where('user_id', '=', reader.userId)
    .where('survey_id', '=', body.surveyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(live.n) >= MAX_FEED_TOKENS)
    throw problem('validation', { errors: [`'name': at most ${MAX_FEED_TOKENS} feed tokens per survey; revoke one first`] });
  const token = `${FEED_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await deps.db
    .insertInto('feed_tokens')
    .values({
      organization_id: reader.organizationId,
      survey_id: body.surveyId,
      user_id: reader.userId,
      name: body.name.trim() || body.name,
      token_hash: hashOf(token),
      token_prefix: token.slice(0, 10),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...tokenOut(row), token };
}

export async function listFeedTokens(deps: DataDeps, reader: DataReader, q: FeedTokensQuery) {
  await readableSurvey(deps, reader, q.SurveyId);
  const base = deps.db
    .selectFrom('feed_tokens')
    .where('organization_id', '=', reader.organizationId)
    .where('user_id', '=', reader.userId)
    .where('survey_id', '=', q.SurveyId);
  const size = q.PageSize ?? 50;
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('revoked_at', (ob) => ob.desc().nullsFirst())
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(((q.Page ?? 1) - 1) * size)
      .limit(size)
      .execute(),
  ]);
  return { totalSize: Number(count.n), tokens: rows.map(tokenOut) };
}

/** Revokes one of the caller's own tokens (again: no change). Another's token is not found. */
export async function revokeFeedToken(deps: DataDeps, reader: DataReader, id: string) {
  const row = await deps.db
    .updateTable('feed_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('organization_id', '=', reader.organizationId)
    .where('user_id', '=', reader.userId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (row) return tokenOut(row);
  const gone = await deps.db
    .selectFrom('feed_tokens')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', reader.organizationId)
    .where('user_id', '=', reader.userId)
    .executeTakeFirst();
  if (!gone) throw problem('notFound');
  return tokenOut(gone);
}

/**
 * The token of a feed request: `Authorization: Bearer <token>`, or Basic with the token as the password
 * (any user name) for clients that only speak Basic (Excel and Power BI "From Web"). Never the query
 * string: addresses end up in logs, histories and proxies.
 */
export function feedTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  if (authorization.startsWith('Bearer ')) return authorization.slice(7).trim() || undefined;
  if (authorization.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const password = colon < 0 ? decoded : decoded.slice(colon + 1);
    return password || undefined;
  }
  return undefined;
}

const refused = () => problem('unauthorized', { message: 'The feed token is missing, not valid or revoked.' });

/** The reader a token stands for, with its owner's rights now; refuses revoked tokens and members that left or lost the role. */
export async function feedReader(
  deps: DataDeps,
  token: string | undefined,
  surveyId: string,
  address: string,
): Promise<{ reader: DataReader; tokenId: string }> {
  const failed = async () => {
    // Counted per address, so guessing tokens runs into the limit long before it could find one.
    if (!(await hit(deps.db, `feed-auth:${address}`, FEED_FAILURES_PER_ADDRESS, 900))) return problem('tooManyRequests');
    return refused();
  };
  if (!token || token.length > 200 || !token.startsWith(FEED_TOKEN_PREFIX)) throw await failed();
  const row = await deps.db
    .selectFrom('feed_tokens')
    .selectAll()
    .where('token_hash', '=', hashOf(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw await failed();
  // A token opens the survey it was made for only; any other survey is not found, as for a stranger.
  if (row.survey_id !== surveyId) throw problem('notFound');
  if (!(await hit(deps.db, `feed:${row.id}`, FEED_RATE_PER_MINUTE, 60)))
    throw problem('tooManyRequests', {
      message: `At most ${FEED_RATE_PER_MINUTE} feed requests a minute per token. Please wait a minute.`,
    });
  const membership = await findMembership(deps.db, row.user_id, row.organization_id);
  const role = membership ? (roleById(membership.roleId)?.name as RoleName | undefined) : undefined;
  if (!membership || membership.organizationDeactivated || !role || !hasAnyRole([role], FEED_ROLES)) throw refused();
  await deps.db.updateTable('feed_tokens').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
  return {
    tokenId: row.id,
    reader: { organizationId: row.organization_id, memberId: membership.memberId, userId: row.user_id, roles: [role] },
  };
}

export interface FeedPage {
  header: string[];
  rows: CellValue[][];
  totalSize: number;
  page: number;
  pageSize: number;
}

/** The address of a stored file for the feed's clients, opened with the same token (feedFile). */
export const feedFileLink = (publicUrl: string, surveyId: string, fileId: string) =>
  `${publicUrl.replace(/\/$/, '')}/api${DATA_FEED_API.feedFile.path.replace(':surveyId', surveyId).replace(':fileId', fileId)}`;

/**
 * One page of the feed, oldest first (new submissions land on the last page; earlier pages stay put).
 * A file answer is the address of the file on the feed (`publicUrl` first), which the same token opens.
 */
export async function feedPage(deps: DataDeps, reader: DataReader, surveyId: string, q: FeedQuery, publicUrl: string): Promise<FeedPage> {
  const { survey } = await readableSurvey(deps, reader, surveyId);
  const opts: CellOptions = { headers: q.Headers ?? 'names', languageId: q.LanguageId, multiple: 'single' };
  const columns = dataColumns(survey.bindings, null, opts);
  const page = q.Page ?? 1;
  const pageSize = q.PageSize ?? 5000;
  const list = await listSubmissions(deps, reader, {
    ...q,
    SurveyId: surveyId,
    Page: page,
    PageSize: pageSize,
    Headers: opts.headers,
    LanguageId: q.LanguageId,
    Sort: q.Sort ?? 'submittedAt',
  });
  const fileColumns = columns.filter((c) => QUESTION_TYPES[c.node.type].slot === 'answerFiles');
  const links = new Map<string, string>();
  if (fileColumns.length && list.submissions.length)
    for (const f of await filesOf(
      deps.db,
      reader.organizationId,
      list.submissions.map((s) => s.id),
    ))
      links.set(f.storage_key, feedFileLink(publicUrl, surveyId, f.id));
  const cell = (c: (typeof columns)[number], v: CellValue | undefined): CellValue =>
    v === undefined ? null : typeof v === 'string' && fileColumns.includes(c) ? (links.get(v) ?? v) : v;
  return {
    header: [...HEAD_COLUMNS, ...columns.map((c) => c.header)],
    totalSize: list.totalSize,
    page,
    pageSize,
    rows: list.submissions.map((s) => [
      s.id,
      s.submittedAt,
      s.startedAt,
      s.durationSeconds,
      s.submitterName,
      s.taskId,
      s.latitude,
      s.longitude,
      REVIEW_NAMES[s.reviewStatus] ?? '',
      s.reviewComment,
      s.surveyVersion,
      ...columns.map((c) => cell(c, s.answers[c.key])),
    ]),
  };
}

/**
 * RFC 4180: every field quoted, CRLF; every answer as it was given, as in the CSV for analysis: the
 * feed is read by Power Query, R and scripts, never opened by a spreadsheet as a file
 * (docs/decisions/0067-export-cells-for-analysis-and-for-excel.md).
 */
export function feedCsv(p: FeedPage): string {
  const field = (v: CellValue) => (v === null ? '' : `"${String(v).replace(/"/g, '""')}"`);
  return [p.header.map(field).join(','), ...p.rows.map((r) => r.map(field).join(','))].join('\r\n') + '\r\n';
}

/** JSON: one object per submission keyed by the header, with the next page's address as OData clients expect it. */
export function feedJson(p: FeedPage, nextLink: string | null) {
  return {
    totalSize: p.totalSize,
    page: p.page,
    pageSize: p.pageSize,
    nextLink,
    value: p.rows.map((r) => Object.fromEntries(p.header.map((h, i) => [h, r[i] ?? null]))),
  };
}
