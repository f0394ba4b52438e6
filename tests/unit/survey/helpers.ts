// Scenario helpers for engine/survey: build a survey with the DSL, answer it, and look at what the
// validator says, by question path.
import {
  bindSurvey,
  buildSurvey,
  validateAnswers,
  type FormValues,
  type ItemBuilder,
  type SurveyModel,
  type ValidateOptions,
  type ValidationResult,
} from '../../../engine/survey/index';

/** English (1), French (2), Arabic (3): the ids tests use for languages. */
export const LANGUAGES = [
  { code: 'en', languageId: 1, name: 'English' },
  { code: 'fr', languageId: 2, name: 'French' },
  { code: 'ar', languageId: 3, name: 'Arabic' },
];

export function trilingual(...items: ItemBuilder[]): SurveyModel {
  return buildSurvey({ name: 'Trilingual', languages: LANGUAGES }, items);
}

export function validate(survey: SurveyModel, data: FormValues, opts: ValidateOptions = {}): ValidationResult {
  return validateAnswers(bindSurvey(survey), data, opts);
}

/** The validator's messages by question path: { age: 'This field is required' }. */
export function messages(survey: SurveyModel, data: FormValues, opts: ValidateOptions = {}): Record<string, string> {
  return Object.fromEntries(validate(survey, data, opts).issues.map((i) => [i.path, i.message]));
}

/** What would be stored. */
export function stored(survey: SurveyModel, data: FormValues, opts: ValidateOptions = {}): FormValues {
  return validate(survey, data, opts).data;
}

export const PNG_1x1 =
  'data:image/png;name=dot.png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
