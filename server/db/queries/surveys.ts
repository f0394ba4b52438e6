// Surveys: the survey row, its languages, its item tree with choices and per-language texts. Writes a
// whole survey model at once (the demo seed, tests, later the builder and the XLSForm import) and reads
// it back as the engine's SurveyModel.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  ChoiceModel,
  LocalizedText,
  QuestionModel,
  SurveyItem,
  SurveyModel,
  SurveySettings,
  SurveyStatus,
} from '../../../engine/survey/index';
import { isSheetType, sheetTypeOf } from '../../../engine/survey/index';
import type { DB } from '../schema';
import type { ItemTextKind } from '../schema-surveys';
import { choiceMedia, itemTextsOf, questionTexts } from './itemTexts';
import { projectsOfMember, type ProjectScope } from './projectScope';

type Q = Kysely<DB>;

export interface SurveyHead {
  id: string;
  organizationId: string;
  projectId: string;
  name: string;
  description: string;
  status: SurveyStatus;
  endDate: Date | null;
  toggleLocation: boolean;
  defaultLanguageId: number;
  dataCollectionType: number;
  collectionGoal: number;
  publicLinkUuid: string;
  multipleLink: boolean;
  /** The XLSForm settings an import kept ({} when none). */
  settings: SurveySettings;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const headColumns = [
  'id',
  'organization_id',
  'project_id',
  'name',
  'description',
  'status',
  'end_date',
  'toggle_location',
  'default_language_id',
  'data_collection_type',
  'collection_goal',
  'public_link_uuid',
  'multiple_link',
  'settings',
  'version',
  'created_at',
  'updated_at',
] as const;

type HeadRow = { [K in (typeof headColumns)[number]]: unknown };
function toHead(r: HeadRow): SurveyHead {
  return {
    id: r.id as string,
    organizationId: r.organization_id as string,
    projectId: r.project_id as string,
    name: r.name as string,
    description: r.description as string,
    status: r.status as SurveyStatus,
    endDate: (r.end_date as Date | null) ?? null,
    toggleLocation: r.toggle_location as boolean,
    defaultLanguageId: r.default_language_id as number,
    dataCollectionType: r.data_collection_type as number,
    collectionGoal: r.collection_goal as number,
    publicLinkUuid: r.public_link_uuid as string,
    multipleLink: r.multiple_link as boolean,
    settings: (typeof r.settings === 'string' ? JSON.parse(r.settings) : (r.settings ?? {})) as SurveySettings,
    version: r.version as number,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

/**
 * A live survey by id. With a scope, only that organization's and, for a project role, only in the
 * member's projects (another tenant's or another project's id: undefined). Without one: any
 * organization's, for the public fill page, which decides itself what it may show.
 */
export async function findSurveyHead(q: Q, surveyId: string, scope?: ProjectScope): Promise<SurveyHead | undefined> {
  const row = await q
    .selectFrom('surveys')
    .select(headColumns)
    .where('id', '=', surveyId)
    .where('deleted_at', 'is', null)
    .$if(scope !== undefined, (qb) => qb.where('organization_id', '=', scope!.organizationId))
    .$if(scope?.memberId !== undefined, (qb) => qb.where('project_id', 'in', projectsOfMember(q, scope!.organizationId, scope!.memberId!)))
    .executeTakeFirst();
  return row ? toHead(row) : undefined;
}

export async function listSurveysForProject(q: Q, scope: ProjectScope, projectId: string, statuses: readonly number[]) {
  const { organizationId } = scope;
  const rows = await q
    .selectFrom('surveys as s')
    .select([...headColumns.map((c) => `s.${c}` as const)])
    .select((eb) =>
      eb
        .selectFrom('submissions as x')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('x.survey_id', '=', 's.id')
        .where('x.deleted_at', 'is', null)
        .as('submission_count'),
    )
    .where('s.organization_id', '=', organizationId)
    .where('s.project_id', '=', projectId)
    .$if(scope.memberId !== undefined, (qb) => qb.where('s.project_id', 'in', projectsOfMember(q, organizationId, scope.memberId!)))
    .where('s.deleted_at', 'is', null)
    .$if(statuses.length > 0, (qb) => qb.where('s.status', 'in', [...statuses]))
    .orderBy('s.created_at', 'desc')
    .execute();
  return rows.map((r) => ({ ...toHead(r), submissionCount: Number(r.submission_count ?? 0) }));
}

export async function countSubmissions(q: Q, organizationId: string, surveyId: string): Promise<number> {
  const r = await q
    .selectFrom('submissions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', organizationId)
    .where('survey_id', '=', surveyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Whether the project belongs to the organization, is live and, for a project role, is one of the member's. */
export async function projectExists(q: Q, scope: ProjectScope, projectId: string): Promise<boolean> {
  const r = await q
    .selectFrom('projects')
    .select('id')
    .where('organization_id', '=', scope.organizationId)
    .where('id', '=', projectId)
    .where('deleted_at', 'is', null)
    .$if(scope.memberId !== undefined, (qb) => qb.where('id', 'in', projectsOfMember(q, scope.organizationId, scope.memberId!)))
    .executeTakeFirst();
  return r !== undefined;
}

// ---- the whole model --------------------------------------------------------------------------------

const group = <T, K>(rows: readonly T[], key: (r: T) => K): Map<K, T[]> => {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const list = m.get(key(r));
    if (list) list.push(r);
    else m.set(key(r), [r]);
  }
  return m;
};

/** The survey as the engine reads it; undefined when it does not exist (or not in this organization). */
export async function loadSurveyModel(q: Q, organizationId: string, surveyId: string): Promise<SurveyModel | undefined> {
  const head = await findSurveyHead(q, surveyId, { organizationId });
  if (!head) return undefined;
  const [languages, items, texts, choices, choiceTexts] = [
    await q
      .selectFrom('survey_languages as sl')
      .innerJoin('languages as l', 'l.id', 'sl.language_id')
      .select(['sl.language_id', 'sl.is_base', 'sl.translate_status', 'l.name', 'l.code', 'l.organization_id'])
      .where('sl.survey_id', '=', surveyId)
      .orderBy('sl.is_base', 'desc')
      .orderBy('l.name')
      .execute(),
    await q
      .selectFrom('survey_items')
      .selectAll()
      .where('survey_id', '=', surveyId)
      .where('removed_at', 'is', null)
      .orderBy('sort_order')
      .execute(),
    await q.selectFrom('item_texts').select(['item_id', 'kind', 'language_id', 'text']).where('survey_id', '=', surveyId).execute(),
    await q
      .selectFrom('choices')
      .select(['id', 'item_id', 'list', 'name', 'sort_order', 'emoji', 'filters', 'media'])
      .where('survey_id', '=', surveyId)
      .orderBy('sort_order')
      .execute(),
    await q.selectFrom('choice_texts').select(['choice_id', 'language_id', 'text']).where('survey_id', '=', surveyId).execute(),
  ];
  const textsOf = group(texts, (t) => t.item_id);
  const choicesOf = group(choices, (c) => c.item_id);
  const choiceTextsOf = group(choiceTexts, (t) => t.choice_id);
  const childrenOf = group(items, (i) => i.parent_id);
  const choiceModels = (itemId: string, list: number): ChoiceModel[] =>
    (choicesOf.get(itemId) ?? [])
      .filter((c) => c.list === list)
      .map((c) => ({
        id: c.id,
        name: c.name,
        choiceLabels: (choiceTextsOf.get(c.id) ?? []).map((t) => ({ languageId: t.language_id, text: t.text })),
        emoji: c.emoji,
        filters: typeof c.filters === 'string' ? (JSON.parse(c.filters) as Record<string, string>) : c.filters,
        ...(() => {
          const media = choiceMedia(c.media);
          return media.length ? { media } : {};
        })(),
      }));

  const tree = (parentId: string | null, xpath: string): SurveyItem[] =>
    (childrenOf.get(parentId) ?? []).map((i) => {
      const path = xpath ? `${xpath}/${i.name}` : i.name;
      const question: QuestionModel = {
        id: i.id,
        name: i.name,
        questionType: i.question_type as QuestionModel['questionType'],
        isRequired: i.is_required,
        requiredExpression: i.required_expression,
        default: i.default_value,
        calculation: i.calculation,
        relevant: i.relevant,
        constraint: i.constraint_expression,
        ...questionTexts(textsOf.get(i.id)),
        readOnly: i.read_only,
        extraColumns:
          typeof i.extra_columns === 'string' ? (JSON.parse(i.extra_columns) as Record<string, string>) : (i.extra_columns ?? {}),
        ...(isSheetType(i.sheet_type) ? { sheetType: i.sheet_type } : {}),
        choiceFilter: i.choice_filter,
        appearance: i.appearance,
        parameters: i.parameters,
        selectQuestionChoices: choiceModels(i.id, 1),
        secondChoices: choiceModels(i.id, 2),
        maxChoices: i.max_choices,
        hasEmoji: i.has_emoji,
        order: i.sort_order,
      };
      const section = i.question_type === 0;
      return {
        itemLabel: section ? 'Section' : 'Question',
        id: i.id,
        sectionId: i.parent_id,
        xpath: path,
        repeatGroup: i.repeat_group,
        repeat_count: i.repeat_count,
        surveyItem: question,
        innerItems: section ? tree(i.id, path) : [],
      };
    });

  return {
    id: head.id,
    name: head.name,
    description: head.description,
    endDate: head.endDate ? head.endDate.toISOString() : null,
    surveyStatusId: head.status,
    toggleLocation: head.toggleLocation,
    surveyLanguageMaps: languages.map((l) => ({
      languageId: l.language_id,
      name: l.name,
      code: l.code,
      isBaseLanguage: l.is_base,
      translateStatus: l.translate_status,
      ...(l.organization_id !== null ? { custom: true } : {}),
    })),
    surveyItems: tree(null, ''),
    ...(Object.keys(head.settings).length ? { settings: head.settings } : {}),
  };
}

export interface NewSurvey {
  organizationId: string;
  projectId: string;
  createdBy: string | null;
  /** Items, choices and texts; its ids are replaced by new ones. Language ids must exist. */
  model: SurveyModel;
  status?: SurveyStatus;
  endDate?: Date | null;
  multipleLink?: boolean;
  collectionGoal?: number;
  dataCollectionType?: number;
}

const CHUNK = 2000;
async function insertChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/** Writes a whole survey; call inside a transaction. Returns its id and public link uuid. */
export async function insertSurvey(q: Q, s: NewSurvey): Promise<{ id: string; publicLinkUuid: string }> {
  const { organizationId: organization_id, model } = s;
  const base = model.surveyLanguageMaps.find((l) => l.isBaseLanguage) ?? model.surveyLanguageMaps[0];
  if (!base) throw new Error('A survey needs at least one language');
  const survey = await q
    .insertInto('surveys')
    .values({
      organization_id,
      project_id: s.projectId,
      name: model.name,
      description: model.description,
      status: s.status ?? model.surveyStatusId,
      end_date: s.endDate !== undefined ? s.endDate : model.endDate ? new Date(model.endDate) : null,
      toggle_location: model.toggleLocation,
      default_language_id: base.languageId,
      data_collection_type: s.dataCollectionType ?? 1,
      collection_goal: s.collectionGoal ?? 15,
      multiple_link: s.multipleLink ?? true,
      settings: JSON.stringify(model.settings ?? {}),
      created_by: s.createdBy,
      deleted_at: null,
    })
    .returning(['id', 'public_link_uuid'])
    .executeTakeFirstOrThrow();
  const survey_id = survey.id;
  await q
    .insertInto('survey_languages')
    .values(
      model.surveyLanguageMaps.map((l) => ({
        organization_id,
        survey_id,
        language_id: l.languageId,
        is_base: l === base,
        translate_status: l.translateStatus,
      })),
    )
    .execute();

  const items: DB['survey_items'][] = [];
  const texts: { organization_id: string; survey_id: string; item_id: string; kind: ItemTextKind; language_id: number; text: string }[] =
    [];
  const choices: {
    id: string;
    organization_id: string;
    survey_id: string;
    item_id: string;
    list: number;
    name: string;
    sort_order: number;
    emoji: string | null;
    filters: string;
    media: string;
  }[] = [];
  const choiceTexts: { organization_id: string; survey_id: string; choice_id: string; language_id: number; text: string }[] = [];
  const addTexts = (item_id: string, kind: ItemTextKind, list: readonly LocalizedText[]) => {
    for (const t of list)
      if (t.text !== '') texts.push({ organization_id, survey_id, item_id, kind, language_id: t.languageId, text: t.text });
  };
  const walk = (list: readonly SurveyItem[], parent_id: string | null) => {
    list.forEach((item, index) => {
      const m = item.surveyItem;
      const id = randomUUID();
      items.push({
        id,
        organization_id,
        survey_id,
        parent_id,
        question_type: m.questionType,
        name: m.name,
        sort_order: m.order ?? index + 1,
        is_required: m.isRequired,
        required_expression: m.requiredExpression ?? null,
        relevant: m.relevant,
        constraint_expression: m.constraint,
        calculation: m.calculation,
        default_value: m.default,
        choice_filter: m.choiceFilter,
        appearance: m.appearance,
        parameters: m.parameters,
        max_choices: m.maxChoices,
        repeat_group: item.repeatGroup,
        repeat_count: item.repeat_count,
        has_emoji: m.hasEmoji,
        read_only: m.readOnly ?? false,
        extra_columns: JSON.stringify(m.extraColumns ?? {}),
        sheet_type: sheetTypeOf(m),
      } as never);
      for (const { kind, texts } of itemTextsOf(m)) addTexts(id, kind, texts);
      for (const [listNo, cs] of [
        [1, m.selectQuestionChoices],
        [2, m.secondChoices],
      ] as const) {
        cs.forEach((c, i) => {
          const choiceId = randomUUID();
          choices.push({
            id: choiceId,
            organization_id,
            survey_id,
            item_id: id,
            list: listNo,
            name: c.name,
            sort_order: i + 1,
            emoji: c.emoji,
            filters: JSON.stringify(c.filters ?? {}),
            media: JSON.stringify(c.media ?? []),
          });
          for (const t of c.choiceLabels)
            if (t.text !== '')
              choiceTexts.push({ organization_id, survey_id, choice_id: choiceId, language_id: t.languageId, text: t.text });
        });
      }
      walk(item.innerItems, id);
    });
  };
  walk(model.surveyItems, null);
  await insertChunks(items, (chunk) =>
    q
      .insertInto('survey_items')
      .values(chunk as never)
      .execute(),
  );
  await insertChunks(texts, (chunk) => q.insertInto('item_texts').values(chunk).execute());
  await insertChunks(choices, (chunk) => q.insertInto('choices').values(chunk).execute());
  await insertChunks(choiceTexts, (chunk) => q.insertInto('choice_texts').values(chunk).execute());
  return { id: survey_id, publicLinkUuid: survey.public_link_uuid };
}

/** Public links of the deployed surveys (the welcome text of `npm start` prints them). */
export async function deployedSurveyLinks(q: Q, limit = 5): Promise<{ id: string; name: string; publicLinkUuid: string }[]> {
  const rows = await q
    .selectFrom('surveys')
    .select(['id', 'name', 'public_link_uuid'])
    .where('status', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, publicLinkUuid: r.public_link_uuid }));
}

/** Changes the head fields tests and the builder need (status, end date, link reuse). */
export async function updateSurveyHead(
  q: Q,
  organizationId: string,
  surveyId: string,
  patch: { status?: SurveyStatus; endDate?: Date | null; multipleLink?: boolean },
): Promise<boolean> {
  const r = await q
    .updateTable('surveys')
    .set({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.endDate !== undefined ? { end_date: patch.endDate } : {}),
      ...(patch.multipleLink !== undefined ? { multiple_link: patch.multipleLink } : {}),
      updated_at: new Date(),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', surveyId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
