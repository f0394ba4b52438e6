// Reading surveys: the fill page's preview data (public: the survey's organization comes from the
// survey), the organization's own views (GetById, details, the project's list). The organization's
// views reach only the caller's projects unless their role is organization-wide (./projectScope.ts);
// another project's survey is not found, like another organization's.
import type { Kysely } from 'kysely';
import { bindSurvey, expressionTrees, type ExpressionTrees, type SurveyModel } from '../../engine/survey/index';
import { roleById, type RoleName } from '../../schemas/roles';
import type { Caller } from '../access';
import { findMembership } from '../db/queries/memberships';
import { submissionContext } from '../db/queries/submissions';
import { countSubmissions, findSurveyHead, listSurveysForProject, projectExists, type SurveyHead } from '../db/queries/surveys';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { projectScopeOf } from './projectScope';
import type { SurveyCache } from './surveyCache';
import { fillsInPerson, linkOpens } from './surveyLinks';
import { taskAllowsSubmission } from './taskAccess';

interface Deps {
  db: Kysely<DB>;
  cache: SurveyCache;
  now?: () => Date;
}

/** The caller on an organization route (tenantOf). */
export interface SurveyReader {
  organizationId: string;
  memberId: string;
  roles: readonly RoleName[];
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
 * any status (the builder's preview), within their projects. Everything else is not found, never
 * forbidden. `linkValid` tells the page whether its address can submit at all (./surveyLinks.ts), so a
 * respondent is told before typing rather than refused after.
 */
export async function previewData(
  deps: Deps,
  caller: Caller | null,
  q: { surveyId: string; languageId?: number; uuid?: string; taskId?: string; messageReceiverId?: string },
) {
  const head = await findSurveyHead(deps.db, q.surveyId);
  if (!head) throw problem('notFound');
  const membership = once(() => (caller ? findMembership(deps.db, caller.userId, head.organizationId) : Promise.resolve(undefined)));
  if (head.status !== 1) {
    // Not deployed: the builder's preview, for the members who may read the survey's project.
    const member = await membership();
    const role = member && !member.organizationDeactivated ? roleById(member.roleId)?.name : undefined;
    const reader = member && role ? { organizationId: head.organizationId, memberId: member.memberId, roles: [role] } : undefined;
    if (!reader || !(await projectExists(deps.db, projectScopeOf(reader), head.projectId))) {
      // An archived survey's own link answers that it is closed; anything else does not exist to strangers.
      // It names the survey's default language, so the page can say so in it (the API's texts stay English).
      if (head.status === 2 && linkOpens(head, q.uuid?.toLowerCase() ?? null)) {
        const language = (await modelOf(deps, head)).surveyLanguageMaps.find((l) => l.languageId === head.defaultLanguageId)?.code;
        throw problem('surveyNotOpen', language ? { data: { language } } : undefined);
      }
      throw problem('notFound');
    }
  }
  const model = await modelOf(deps, head);
  const now = deps.now?.() ?? new Date();
  const link = q.uuid?.toLowerCase() ?? null;
  const task = { taskId: q.taskId ?? null, messageReceiverId: q.messageReceiverId ?? null };
  const linkValid =
    task.taskId !== null || task.messageReceiverId !== null
      ? await taskAllowsSubmission(deps.db, { organizationId: head.organizationId, surveyId: head.id, ...task, caller })
      : linkOpens(head, link) ||
        (await fillsInPerson(deps.db, await membership(), { organizationId: head.organizationId, surveyId: head.id }));
  let alreadySubmitted = false;
  if (link && link !== 'multiple-link' && link === head.publicLinkUuid && !head.multipleLink) {
    // The client id is irrelevant here; the context query answers whether the link was used.
    const ctx = await submissionContext(deps.db, head.id, '00000000-0000-0000-0000-000000000000', link);
    alreadySubmitted = ctx?.linkUsed ?? false;
  }
  const expired = isExpired(head, now);
  return {
    ...model,
    // The cached model keeps the status it was read with; publishing does not change the version it is cached by.
    surveyStatusId: head.status,
    languageId: q.languageId ?? head.defaultLanguageId,
    // The fill page sends it back as submission.surveyVersion: the answers are checked against this version.
    version: head.version,
    isExpired: expired,
    alreadySubmitted,
    linkValid,
    canSubmitSurvey: head.status === 1 && !expired && !alreadySubmitted && linkValid,
    // So the fill page runs the survey without loading the expression parser.
    expressionTrees: treesOf(model),
  };
}

/** A lazy value computed at most once. */
function once<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= f());
}

/** POST Survey/GetById: the organization's survey with its languages and items. */
export async function surveyById(deps: Deps, reader: SurveyReader, surveyId: string, languageId: number | undefined) {
  const head = await findSurveyHead(deps.db, surveyId, projectScopeOf(reader));
  if (!head) throw problem('notFound');
  const model = await modelOf(deps, head);
  // The version a builder save names (a save from an older one is refused as stale).
  return { ...model, surveyStatusId: head.status, languageId: languageId ?? head.defaultLanguageId, version: head.version };
}

/** GET Survey/GetSurveyDetails: the survey's settings, its public link and how many submissions it has. */
export async function surveyDetails(deps: Deps, reader: SurveyReader, surveyId: string) {
  const head = await findSurveyHead(deps.db, surveyId, projectScopeOf(reader));
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
    submissionCount: await countSubmissions(deps.db, head.organizationId, surveyId),
    isExpired: isExpired(head, deps.now?.() ?? new Date()),
    createdAt: head.createdAt.toISOString(),
    updatedAt: head.updatedAt.toISOString(),
  };
}

/** GET DataCollection/getAllSurveysForProjectByStatus. */
export async function surveysOfProject(deps: Deps, reader: SurveyReader, projectId: string, statuses: readonly number[]) {
  const scope = projectScopeOf(reader);
  if (!(await projectExists(deps.db, scope, projectId))) throw problem('notFound');
  const rows = await listSurveysForProject(deps.db, scope, projectId, statuses);
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
