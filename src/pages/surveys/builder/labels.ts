// How the builder names things: an item by its title in the base language (else its name), a type by
// its translated title. Values from users are shown bidi-isolated where they sit in our texts.
import type { TFunction } from 'i18next';
import {
  QUESTION_TYPES,
  sheetTypeOf,
  type LocalizedText,
  type QuestionModel,
  type QuestionType,
  type SurveyItem,
  type SurveyModel,
} from '../../../../engine/survey/index';

export const baseLanguageOf = (m: SurveyModel): number =>
  (m.surveyLanguageMaps.find((l) => l.isBaseLanguage) ?? m.surveyLanguageMaps[0])?.languageId ?? 1;

export const textIn = (list: readonly LocalizedText[], languageId: number): string =>
  list.find((x) => x.languageId === languageId)?.text ?? '';

export function itemTitle(item: SurveyItem, languageId: number): string {
  return textIn(item.surveyItem.questionLabels, languageId) || item.surveyItem.name;
}

export const typeTitle = (t: TFunction, type: QuestionType): string => t(`builder.types.${QUESTION_TYPES[type].key}`);

/** A question's type as the builder names it: an XLSForm variant it carries ('Line', 'Audio'), else its type. */
export function questionTypeTitle(t: TFunction, q: Pick<QuestionModel, 'questionType' | 'sheetType'>): string {
  const v = sheetTypeOf(q);
  return v ? t(`builder.sheetTypes.${v}`) : typeTitle(t, q.questionType);
}

/** U+2068 FIRST STRONG ISOLATE ... U+2069: an author's text inside a sentence of ours keeps its own direction. */
export const isolate = (s: string): string => `\u2068${s}\u2069`;
