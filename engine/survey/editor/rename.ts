// A renamed question keeps working: `${old}` becomes `${new}` in every expression, label and hint of
// the survey (texts and expressions both refer to answers by name).
import type { LocalizedText, QuestionModel, SurveyItem, SurveyModel } from '../model';

export function renameReferences(model: SurveyModel, from: string, to: string): SurveyModel {
  if (from === to) return model;
  const needle = `\${${from}}`;
  const swap = (s: string | null): string | null => (s !== null && s.includes(needle) ? s.split(needle).join(`\${${to}}`) : s);
  const texts = (list: readonly LocalizedText[]): LocalizedText[] =>
    list.some((t) => t.text.includes(needle)) ? list.map((t) => ({ ...t, text: swap(t.text)! })) : (list as LocalizedText[]);
  const question = (m: QuestionModel): QuestionModel => {
    const next: QuestionModel = {
      ...m,
      default: swap(m.default),
      calculation: swap(m.calculation),
      relevant: swap(m.relevant),
      constraint: swap(m.constraint),
      choiceFilter: swap(m.choiceFilter),
      questionLabels: texts(m.questionLabels),
      surveyQuestionHints: texts(m.surveyQuestionHints),
    };
    const same = (Object.keys(next) as (keyof QuestionModel)[]).every((k) => next[k] === m[k]);
    return same ? m : next;
  };
  const items = (list: readonly SurveyItem[]): SurveyItem[] =>
    list.map((item) => {
      const surveyItem = question(item.surveyItem);
      const innerItems = items(item.innerItems);
      const repeat_count = swap(item.repeat_count);
      const unchanged =
        surveyItem === item.surveyItem && repeat_count === item.repeat_count && innerItems.every((x, i) => x === item.innerItems[i]);
      return unchanged ? item : { ...item, surveyItem, innerItems, repeat_count };
    });
  return { ...model, surveyItems: items(model.surveyItems) };
}
