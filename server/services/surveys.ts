// Reading surveys: the fill page's preview data (public: the survey's organization comes from the
// survey), the organization's own views (GetById, details, the project's list).
import type { Kysely } from 'kysely';
import { bindSurvey, expressionTrees, type ExpressionTrees, type SurveyModel } from '../../engine/survey/index';
import type { Caller } from '../access';
import { findMembership } from '../db/queries/memberships';
import { submissionContext } from '../db/queries/submissions';
import { countSubmissions, findSurveyHead, listSurveysForProject, projectExists, type SurveyHead } from '../db/queries/surveys';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import type { SurveyCache } from './surveyCache';

interface Deps {
  db: Kysely<DB>;
  cache: SurveyCache;
  now?: () => Date;
}

/** The page of a survey's public link (spec 001 section 2): '/public-survey/{linkUuid}/{surveyId}'. */
export const publicLinkOf = (head: Pick<SurveyHead, 'id' | 'publicLinkUuid'>): string => `/public-survey/${head.publicLinkUuid}/${head.id}`;

async function modelOf(deps: Deps, head: SurveyHead): Promise<SurveyModel> {
  const cached = await deps.cache.get(deps.db, head.organizationId, head.id, head.version);
  if (!cached) throw problem('notFound');
  return cached.model;
}

const trees = new WeakMap<SurveyModel, ExpressionTrees>();

/** The parse trees of the survey's expressions, once per cached survey version (engine/survey/trees.ts). */
function treesOf(model: SurveyModel): ExpressionTrees {
  let t = trees.get(model);
  if (t === undefined) trees.set(model, (t = expressionTrees(bindSurvey(model))));
  return t;
}

const isExpired = (head: SurveyHead, now: Date): boolean => head.endDate !== null && head.endDate.getTime() < now.getTime();

/**
 * GET Survey/GetPreviewData. Anyone may read a deployed survey; members of its organization read it in
 * any status (the builder's preview). Everything else is not found, never forbidden.
 */
export async function previewData(deps: Deps, caller: Caller | null, q: { surveyId: string; languageId?: number; uuid?: string }) {
  const head = await findSurveyHead(deps.db, q.surveyId);
  if (!head) throw problem('notFound');
  if (head.status !== 1) {
    const member = caller ? await findMembership(deps.db, caller.userId, head.organizationId) : undefined;
    if (!member) throw problem('notFound');
  }
  const model = await modelOf(deps, head);
  const now = deps.now?.() ?? new Date();
  const link = q.uuid?.toLowerCase();
  let alreadySubmitted = false;
  if (link && link !== 'multiple-link' && link === head.publicLinkUuid && !head.multipleLink) {
    // The client id is irrelevant here; the context query answers whether the link was used.
    const ctx = await submissionContext(deps.db, head.id, '00000000-0000-0000-0000-000000000000', link);
    alreadySubmitted = ctx?.linkUsed ?? false;
  }
  const expired = isExpired(head, now);
  return {
    ...model,
    languageId: q.languageId ?? head.defaultLanguageId,
    // The fill page sends it back as submission.surveyVersion: the answers are checked against this version.
    version: head.version,
    isExpired: expired,
    alreadySubmitted,
    canSubmitSurvey: head.status === 1 && !expired && !alreadySubmitted,
    // So the fill page runs the survey without loading the expression parser.
    expressionTrees: treesOf(model),
  };
}

/** POST Survey/GetById: the organization's survey with its languages and items. */
export async function surveyById(deps: Deps, organizationId: string, surveyId: string, languageId: number | undefined) {
  const head = await findSurveyHead(deps.db, surveyId, organizationId);
  if (!head) throw problem('notFound');
  const model = await modelOf(deps, head);
  // The version a builder save names (a save from an older one is refused as stale).
  return { ...model, languageId: languageId ?? head.defaultLanguageId, version: head.version };
}

/** GET Survey/GetSurveyDetails: the survey's settings, its public link and how many submissions it has. */
export async function surveyDetails(deps: Deps, organizationId: string, surveyId: string) {
  const head = await findSurveyHead(deps.db, surveyId, organizationId);
  if (!head) throw problem('notFound');
  const model = await modelOf(deps, head);
  return {
    id: head.id,
    projectId: head.projectId,
    name: head.name,
    description: head.description,
    surveyStatusId: head.status,
    endDate: head.endDate?.toISOString() ?? null,
    toggleLocation: head.toggleLocation,
    defaultLanguageId: head.defaultLanguageId,
    dataCollectionType: head.dataCollectionType,
    collectionGoal: head.collectionGoal,
    multipleLink: head.multipleLink,
    publicLinkUuid: head.publicLinkUuid,
    publicLink: publicLinkOf(head),
    surveyLanguageMaps: model.surveyLanguageMaps,
    submissionCount: await countSubmissions(deps.db, organizationId, surveyId),
    isExpired: isExpired(head, deps.now?.() ?? new Date()),
    createdAt: head.createdAt.toISOString(),
    updatedAt: head.updatedAt.toISOString(),
  };
}

/** GET DataCollection/getAllSurveysForProjectByStatus. */
export async function surveysOfProject(deps: Deps, organizationId: string, projectId: string, statuses: readonly number[]) {
  if (!(await projectExists(deps.db, organizationId, projectId))) throw problem('notFound');
  const rows = await listSurveysForProject(deps.db, organizationId, projectId, statuses);
  return {
    surveys: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      surveyStatusId: r.status,
      endDate: r.endDate?.toISOString() ?? null,
      collectionGoal: r.collectionGoal,
      submissionCount: r.submissionCount,
      publicLink: publicLinkOf(r),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
