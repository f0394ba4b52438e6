// A builder save written onto a survey's rows, inside the caller's transaction. Items keep their ids
// (answers point at them), so existing items are updated in place, new ones inserted parents first,
// removed ones deleted or, once the survey has been published, marked removed. Choices keep their ids
// too (answers store them), texts are written afresh.
import type { Kysely } from 'kysely';
import type { LocalizedText, SurveyItem, SurveyModel } from '../../../engine/survey/index';
import { sheetTypeOf } from '../../../engine/survey/index';
import type { DB } from '../schema';
import type { ItemTextKind } from '../schema-surveys';
import { itemTextsOf } from './itemTexts';

type Q = Kysely<DB>;

export interface ExistingItem {
  id: string;
  parentId: string | null;
  removed: boolean;
}

/** Every item row of the survey, removed ones included. */
export async function existingItems(q: Q, organizationId: string, surveyId: string): Promise<ExistingItem[]> {
  const rows = await q
    .selectFrom('survey_items')
    .select(['id', 'parent_id', 'removed_at'])
    .where('organization_id', '=', organizationId)
    .where('survey_id', '=', surveyId)
    .execute();
  return rows.map((r) => ({ id: r.id, parentId: r.parent_id, removed: r.removed_at !== null }));
}

/** Of these ids, the ones that are items or choices of some other survey (ids are global keys). */
export async function idsUsedElsewhere(
  q: Q,
  surveyId: string,
  itemIds: readonly string[],
  choiceIds: readonly string[],
): Promise<string[]> {
  const out: string[] = [];
  if (itemIds.length) {
    const rows = await q
      .selectFrom('survey_items')
      .select('id')
      .where('id', 'in', [...itemIds])
      .where('survey_id', '<>', surveyId)
      .execute();
    out.push(...rows.map((r) => r.id));
  }
  if (choiceIds.length) {
    const rows = await q
      .selectFrom('choices')
      .select('id')
      .where('id', 'in', [...choiceIds])
      .where('survey_id', '<>', surveyId)
      .execute();
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

export async function removeItems(
  q: Q,
  organizationId: string,
  surveyId: string,
  ids: readonly string[],
  keepRows: boolean,
): Promise<void> {
  if (!ids.length) return;
  if (keepRows) {
    await q
      .updateTable('survey_items')
      .set({ removed_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('survey_id', '=', surveyId)
      .where('id', 'in', [...ids])
      .execute();
  } else {
    await q
      .deleteFrom('survey_items')
      .where('organization_id', '=', organizationId)
      .where('survey_id', '=', surveyId)
      .where('id', 'in', [...ids])
      .execute();
  }
}

const CHUNK = 1000;
async function chunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

function itemRow(organizationId: string, surveyId: string, item: SurveyItem, parentId: string | null, index: number) {
  const m = item.surveyItem;
  return {
    id: item.id,
    organization_id: organizationId,
    survey_id: surveyId,
    parent_id: parentId,
    question_type: m.questionType,
    name: m.name,
    sort_order: index + 1,
    is_required: m.isRequired,
    required_expression: m.requiredExpression ?? null,
    relevant: m.relevant,
    constraint_expression: m.constraint,
    calculation: m.calculation,
    default_value: m.default,
    choice_filter: m.choiceFilter,
    appearance: m.appearance,
    parameters: m.parameters,
    max_choices: m.questionType === 33 ? m.maxChoices : null,
    repeat_group: m.questionType === 0 && item.repeatGroup,
    repeat_count: m.questionType === 0 && item.repeatGroup ? item.repeat_count : null,
    has_emoji: m.hasEmoji,
    read_only: m.readOnly ?? false,
    extra_columns: JSON.stringify(m.extraColumns ?? {}),
    sheet_type: sheetTypeOf(m),
    removed_at: null,
  };
}

/** Writes the model's items, choices and texts; `existing` are the ids already in the survey. */
export async function writeModel(
  q: Q,
  organizationId: string,
  surveyId: string,
  model: SurveyModel,
  existing: ReadonlySet<string>,
): Promise<void> {
  const rows: { row: ReturnType<typeof itemRow>; isNew: boolean }[] = [];
  const walk = (list: readonly SurveyItem[], parentId: string | null) =>
    list.forEach((item, i) => {
      rows.push({ row: itemRow(organizationId, surveyId, item, parentId, i), isNew: !existing.has(item.id) });
      walk(item.innerItems, item.id);
    });
  walk(model.surveyItems, null);
  const kept = rows.filter((r) => !r.isNew);
  const scoped = (id: string) =>
    q.updateTable('survey_items').where('organization_id', '=', organizationId).where('survey_id', '=', surveyId).where('id', '=', id);

  // Names are unique among live items: free every kept item's name first, so swaps and renames to a
  // name another item gives up cannot collide halfway.
  for (const { row } of kept)
    await scoped(row.id)
      .set({ name: `_${row.id.replace(/-/g, '')}` })
      .execute();
  // Parents come before their children in `rows`, so new sections exist before what they hold.
  for (const { row } of rows.filter((r) => r.isNew)) await q.insertInto('survey_items').values(row).execute();
  for (const { row } of kept) {
    const { id: _id, organization_id: _o, survey_id: _s, ...fields } = row;
    await scoped(row.id).set(fields).execute();
  }

  // Choices and texts hold no references of their own: written afresh (choice ids kept).
  await q.deleteFrom('item_texts').where('organization_id', '=', organizationId).where('survey_id', '=', surveyId).execute();
  await q.deleteFrom('choices').where('organization_id', '=', organizationId).where('survey_id', '=', surveyId).execute();
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
  const addTexts = (itemId: string, kind: ItemTextKind, list: readonly LocalizedText[]) => {
    for (const t of list)
      if (t.text !== '')
        texts.push({
          organization_id: organizationId,
          survey_id: surveyId,
          item_id: itemId,
          kind,
          language_id: t.languageId,
          text: t.text,
        });
  };
  const visit = (list: readonly SurveyItem[]) => {
    for (const item of list) {
      const m = item.surveyItem;
      for (const { kind, texts } of itemTextsOf(m)) addTexts(item.id, kind, texts);
      for (const [listNo, cs] of [
        [1, m.selectQuestionChoices],
        [2, m.secondChoices],
      ] as const) {
        cs.forEach((c, i) => {
          choices.push({
            id: c.id,
            organization_id: organizationId,
            survey_id: surveyId,
            item_id: item.id,
            list: listNo,
            name: c.name,
            sort_order: i + 1,
            emoji: c.emoji ?? null,
            filters: JSON.stringify(c.filters ?? {}),
            media: JSON.stringify(c.media ?? []),
          });
          for (const t of c.choiceLabels)
            if (t.text !== '')
              choiceTexts.push({
                organization_id: organizationId,
                survey_id: surveyId,
                choice_id: c.id,
                language_id: t.languageId,
                text: t.text,
              });
        });
      }
      visit(item.innerItems);
    }
  };
  visit(model.surveyItems);
  await chunks(texts, (c) => q.insertInto('item_texts').values(c).execute());
  await chunks(choices, (c) => q.insertInto('choices').values(c).execute());
  await chunks(choiceTexts, (c) => q.insertInto('choice_texts').values(c).execute());
}
