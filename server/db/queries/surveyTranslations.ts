// A survey's languages and its texts in one language (spec 001 "Translation data"): labels, hints,
// constraint messages, range labels, section names and descriptions, choice labels.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import type { ItemTextKind } from '../schema-surveys';

type Q = Kysely<DB>;

/** A language of the product's list, or the organization's own (a language an imported form of it named). */
export async function languageExists(q: Q, languageId: number, organizationId: string): Promise<boolean> {
  const row = await q
    .selectFrom('languages')
    .select('id')
    .where('id', '=', languageId)
    .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function surveyLanguage(q: Q, organizationId: string, surveyId: string, languageId: number) {
  return q
    .selectFrom('survey_languages')
    .select(['is_base', 'translate_status'])
    .where('organization_id', '=', organizationId)
    .where('survey_id', '=', surveyId)
    .where('language_id', '=', languageId)
    .executeTakeFirst();
}

export async function addSurveyLanguage(
  q: Q,
  organizationId: string,
  surveyId: string,
  languageId: number,
  translateStatus: number,
): Promise<void> {
  await q
    .insertInto('survey_languages')
    .values({
      organization_id: organizationId,
      survey_id: surveyId,
      language_id: languageId,
      is_base: false,
      translate_status: translateStatus,
    })
    .onConflict((oc) => oc.columns(['survey_id', 'language_id']).doNothing())
    .execute();
}

export async function setTranslateStatus(
  q: Q,
  organizationId: string,
  surveyId: string,
  languageId: number,
  status: number,
): Promise<void> {
  await q
    .updateTable('survey_languages')
    .set({ translate_status: status })
    .where('organization_id', '=', organizationId)
    .where('survey_id', '=', surveyId)
    .where('language_id', '=', languageId)
    .execute();
}

/** Which of these ids are live items / choices of the survey. */
export async function ownedIds(q: Q, surveyId: string, itemIds: readonly string[], choiceIds: readonly string[]) {
  const items = itemIds.length
    ? (
        await q
          .selectFrom('survey_items')
          .select('id')
          .where('survey_id', '=', surveyId)
          .where('removed_at', 'is', null)
          .where('id', 'in', [...itemIds])
          .execute()
      ).map((r) => r.id)
    : [];
  const choices = choiceIds.length
    ? (
        await q
          .selectFrom('choices')
          .select('id')
          .where('survey_id', '=', surveyId)
          .where('id', 'in', [...choiceIds])
          .execute()
      ).map((r) => r.id)
    : [];
  return { items: new Set(items), choices: new Set(choices) };
}

export interface TranslatedText {
  itemId: string;
  kind: ItemTextKind;
  text: string;
}

/** Writes texts of one language; an empty text removes the translation. */
export async function writeTranslation(
  q: Q,
  organizationId: string,
  surveyId: string,
  languageId: number,
  texts: readonly TranslatedText[],
  choiceTexts: readonly { choiceId: string; text: string }[],
): Promise<void> {
  for (const t of texts) {
    if (t.text === '') {
      await q
        .deleteFrom('item_texts')
        .where('survey_id', '=', surveyId)
        .where('item_id', '=', t.itemId)
        .where('kind', '=', t.kind)
        .where('language_id', '=', languageId)
        .execute();
    } else {
      await q
        .insertInto('item_texts')
        .values({
          organization_id: organizationId,
          survey_id: surveyId,
          item_id: t.itemId,
          kind: t.kind,
          language_id: languageId,
          text: t.text,
        })
        .onConflict((oc) => oc.columns(['item_id', 'kind', 'language_id']).doUpdateSet({ text: t.text }))
        .execute();
    }
  }
  for (const c of choiceTexts) {
    if (c.text === '') {
      await q
        .deleteFrom('choice_texts')
        .where('survey_id', '=', surveyId)
        .where('choice_id', '=', c.choiceId)
        .where('language_id', '=', languageId)
        .execute();
    } else {
      await q
        .insertInto('choice_texts')
        .values({ organization_id: organizationId, survey_id: surveyId, choice_id: c.choiceId, language_id: languageId, text: c.text })
        .onConflict((oc) => oc.columns(['choice_id', 'language_id']).doUpdateSet({ text: c.text }))
        .execute();
    }
  }
}
