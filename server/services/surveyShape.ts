// What a saved model must be beyond its JSON Schema: a tree of bounded size and depth, ids unique,
// sections holding the items, names valid and unique in their parent (XLSForm's rule), texts only in the survey's languages. Said as a
// 400 naming the place, before anything is written.
import { emptyQuestion, NAME_PATTERN, type QuestionModel, type SurveyItem, type SurveyModel } from '../../engine/survey/index';
import { MAX_SURVEY_DEPTH, MAX_SURVEY_ITEMS } from '../../schemas/surveyBuilder';
import { problem } from '../problems';

export interface ModelIds {
  itemIds: string[];
  choiceIds: string[];
}

export function checkModelShape(model: SurveyModel, languageIds: ReadonlySet<number>): ModelIds {
  const errors: string[] = [];
  const itemIds: string[] = [];
  const choiceIds: string[] = [];
  const seenItems = new Set<string>();
  const seenChoices = new Set<string>();
  const langs = (where: string, list: readonly { languageId: number }[]) => {
    for (const t of list)
      if (!languageIds.has(t.languageId)) errors.push(`'${where}' has a text in language ${t.languageId}, which the survey does not have`);
  };
  const walk = (list: readonly SurveyItem[], depth: number, path: string) => {
    if (depth > MAX_SURVEY_DEPTH) return void errors.push(`'${path}' is nested more than ${MAX_SURVEY_DEPTH} sections deep`);
    const names = new Set<string>();
    list.forEach((item, i) => {
      const at = `${path}[${i}]`;
      const q = item.surveyItem;
      if (itemIds.length >= MAX_SURVEY_ITEMS) return;
      if (item.id !== q.id) errors.push(`'${at}.surveyItem.id' must be the item's id`);
      if (seenItems.has(item.id)) errors.push(`'${at}.id' is used twice`);
      seenItems.add(item.id);
      itemIds.push(item.id);
      const section = q.questionType === 0;
      if ((item.itemLabel === 'Section') !== section) errors.push(`'${at}.itemLabel' must be 'Section' exactly for question type 0`);
      if (!section && (item.innerItems?.length ?? 0) > 0) errors.push(`'${at}.innerItems' only a section holds items`);
      if (!section && item.repeatGroup) errors.push(`'${at}.repeatGroup' only a section repeats`);
      if (!NAME_PATTERN.test(q.name)) errors.push(`'${at}.surveyItem.name' '${q.name}' is not a valid name`);
      else if (names.has(q.name)) errors.push(`'${at}.surveyItem.name' '${q.name}' is used twice in one section`);
      names.add(q.name);
      langs(`${at}.surveyItem`, [...(q.questionLabels ?? []), ...(q.surveyQuestionHints ?? []), ...(q.constraintMessages ?? [])]);
      for (const c of [...(q.selectQuestionChoices ?? []), ...(q.secondChoices ?? [])]) {
        if (seenChoices.has(c.id)) errors.push(`'${at}' choice id ${c.id} is used twice`);
        seenChoices.add(c.id);
        choiceIds.push(c.id);
        langs(`${at}.choices.${c.name}`, c.choiceLabels);
      }
      walk(item.innerItems ?? [], depth + 1, `${at}.innerItems`);
    });
  };
  walk(model.surveyItems, 1, 'model.surveyItems');
  if (itemIds.length >= MAX_SURVEY_ITEMS) errors.push(`'model.surveyItems' has more than ${MAX_SURVEY_ITEMS} items`);
  if (errors.length) throw problem('validation', { errors: errors.slice(0, 100) });
  return { itemIds, choiceIds };
}

/** A model with the fields a save may leave out filled in (JSON null for absent values). */
export function completeModel(model: SurveyModel): SurveyModel {
  const items = (list: readonly SurveyItem[] | undefined, sectionId: string | null): SurveyItem[] =>
    (list ?? []).map((item, i) => ({
      ...item,
      sectionId,
      repeatGroup: item.repeatGroup ?? false,
      repeat_count: item.repeat_count ?? null,
      surveyItem: { ...emptyQuestion(), ...(item.surveyItem as Partial<QuestionModel>), order: i + 1 } as QuestionModel,
      innerItems: items(item.innerItems, item.id),
    }));
  return {
    ...model,
    description: model.description ?? '',
    endDate: model.endDate ?? null,
    toggleLocation: model.toggleLocation ?? false,
    surveyItems: items(model.surveyItems, null),
  };
}
