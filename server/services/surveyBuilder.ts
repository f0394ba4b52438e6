// The builder's writes: create a survey (blank or a copy), save the whole model, duplicate.
// A save names the version it started from; a survey saved since (another tab, another person) is
// refused rather than overwritten.
import type { Kysely } from 'kysely';
import { publishProblems, describeProblem, type SurveyModel } from '../../engine/survey/index';
import type { CreateSurveyBody } from '../../schemas/surveyBuilder';
import { loadSurveyModel, insertSurvey, projectExists } from '../db/queries/surveys';
import { lockSurvey, surveySettings, updateSurveyFields } from '../db/queries/surveyTools';
import { languageExists } from '../db/queries/surveyTranslations';
import { existingItems, idsUsedElsewhere, removeItems, writeModel } from '../db/queries/surveyWrites';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { attachedCsvFiles } from './surveyAttachments';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';
import { checkModelShape, completeModel } from './surveyShape';
import { keepCurrentVersion } from './surveyVersions';

type Q = Kysely<DB>;

async function englishId(db: Q): Promise<number> {
  const r = await db
    .selectFrom('languages')
    .select('id')
    .where('code', '=', 'en')
    .where('organization_id', 'is', null)
    .executeTakeFirstOrThrow();
  return r.id;
}

function blankModel(name: string, description: string, languageId: number): SurveyModel {
  return {
    id: '00000000-0000-0000-0000-000000000000',
    name,
    description,
    endDate: null,
    surveyStatusId: 0,
    toggleLocation: false,
    surveyLanguageMaps: [{ languageId, name: '', code: '', isBaseLanguage: true, translateStatus: 0 }],
    surveyItems: [],
  };
}

/** A new survey in Editing: blank, or a copy of one of the organization's surveys (any project). */
export async function createSurvey(db: Q, t: Tenant, body: CreateSurveyBody): Promise<{ id: string; version: number }> {
  if (!(await projectExists(db, projectScopeOf(t), body.projectId))) throw problem('notFound');
  let model: SurveyModel;
  if (body.copyOfSurveyId !== undefined) {
    const original = await loadSurveyModel(db, t.organizationId, body.copyOfSurveyId);
    if (!original) throw problem('notFound');
    model = { ...original, name: body.name.trim(), description: body.description ?? original.description };
  } else {
    const languageId = body.languageId ?? (await englishId(db));
    if (!(await languageExists(db, languageId, t.organizationId))) throw problem('unknownLanguage');
    model = blankModel(body.name.trim(), body.description ?? '', languageId);
  }
  const { id } = await db.transaction().execute((trx) =>
    insertSurvey(trx, {
      organizationId: t.organizationId,
      projectId: body.projectId,
      createdBy: t.userId,
      model,
      status: 0,
      endDate: null,
      ...(body.collectionGoal !== undefined ? { collectionGoal: body.collectionGoal } : {}),
      ...(body.dataCollectionType !== undefined ? { dataCollectionType: body.dataCollectionType } : {}),
    }),
  );
  const head = await db.selectFrom('surveys').select('version').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, version: head.version };
}

/** POST /Survey/DuplicateSurvey: a copy in the same project, in Editing. */
export async function duplicateSurvey(db: Q, t: Tenant, surveyId: string, name?: string): Promise<{ id: string; version: number }> {
  const settings = await surveySettings(db, t.organizationId, surveyId);
  const original = settings && (await loadSurveyModel(db, t.organizationId, surveyId));
  if (!settings || !original) throw problem('notFound');
  return createSurvey(db, t, {
    projectId: settings.project_id,
    name: name ?? `${original.name} (copy)`.slice(0, 200),
    copyOfSurveyId: surveyId,
    collectionGoal: settings.collection_goal,
    dataCollectionType: settings.data_collection_type as 0 | 1,
  });
}

export interface SaveRequest {
  surveyId: string;
  version: number;
  model: SurveyModel;
  deletedIds?: readonly string[] | undefined;
}

/** The item ids that go: listed as deleted (with what they hold) and absent from the model. */
function removals(
  existing: { id: string; parentId: string | null; removed: boolean }[],
  modelIds: ReadonlySet<string>,
  deletedIds: readonly string[],
): string[] {
  const live = existing.filter((e) => !e.removed);
  const childrenOf = new Map<string | null, string[]>();
  for (const e of live) childrenOf.set(e.parentId, [...(childrenOf.get(e.parentId) ?? []), e.id]);
  const deleted = new Set<string>();
  const add = (id: string) => {
    deleted.add(id);
    for (const c of childrenOf.get(id) ?? []) if (!modelIds.has(c)) add(c);
  };
  for (const id of deletedIds) if (live.some((e) => e.id === id)) add(id);
  for (const id of deletedIds)
    if (modelIds.has(id)) throw problem('validation', { errors: [`'deletedIds' lists ${id}, which the model still has`] });
  const missing = live.filter((e) => !modelIds.has(e.id)).map((e) => e.id);
  const unexplained = missing.filter((id) => !deleted.has(id));
  // A client that lost items by mistake must not delete them silently.
  if (unexplained.length)
    throw problem('validation', {
      errors: unexplained.slice(0, 20).map((id) => `'model' lacks item ${id}, which 'deletedIds' does not list`),
    });
  return missing;
}

/** POST /Survey/SaveSurvey. Answers the new version and the model as stored. */
export async function saveSurvey(db: Q, t: Tenant, req: SaveRequest): Promise<{ id: string; version: number; model: SurveyModel }> {
  const org = t.organizationId;
  if (req.model.id !== req.surveyId) throw problem('validation', { errors: ["'model.id' must be the survey's id"] });
  const model = completeModel(req.model);
  const version = await db.transaction().execute(async (trx) => {
    const head = await lockSurvey(trx, org, req.surveyId);
    if (!head) throw problem('notFound');
    if (head.version !== req.version)
      throw problem('staleSave', {
        errors: [`The survey is at version ${head.version}; these changes were made to version ${req.version}.`],
      });
    const languages = await trx
      .selectFrom('survey_languages')
      .select('language_id')
      .where('organization_id', '=', org)
      .where('survey_id', '=', head.id)
      .execute();
    const { itemIds, choiceIds } = checkModelShape(model, new Set(languages.map((l) => l.language_id)));
    // Respondents fill a published survey as it is saved: it must stay publishable.
    if (head.status === 1) {
      const problems = publishProblems(model, undefined, await attachedCsvFiles(trx, org, head.id));
      if (problems.length) throw problem('surveyHasProblems', { errors: problems.slice(0, 100).map(describeProblem), data: { problems } });
    }
    const existing = await existingItems(trx, org, head.id);
    const existingIds = new Set(existing.map((e) => e.id));
    const gone = removals(existing, new Set(itemIds), req.deletedIds ?? []);
    const foreign = await idsUsedElsewhere(
      trx,
      head.id,
      itemIds.filter((id) => !existingIds.has(id)),
      choiceIds,
    );
    if (foreign.length)
      throw problem('validation', {
        errors: foreign.slice(0, 20).map((id) => `The id ${id} is already used: give new items and choices new ids`),
      });

    await keepCurrentVersion(trx, org, head);
    // Marked first, so that a new item may take a removed one's name; rows of a survey never published
    // (no answers, no kept versions point at them) then go for good.
    await removeItems(trx, org, head.id, gone, true);
    await writeModel(trx, org, head.id, model, existingIds);
    if (head.status === 0) await removeItems(trx, org, head.id, gone, false);
    return updateSurveyFields(trx, org, head.id, {
      name: model.name.trim(),
      description: model.description,
      endDate: model.endDate ? new Date(model.endDate) : null,
      toggleLocation: model.toggleLocation,
    });
  });
  const saved = await loadSurveyModel(db, org, req.surveyId);
  if (!saved) throw problem('notFound');
  return { id: req.surveyId, version, model: saved };
}
