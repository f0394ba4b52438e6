// How the respondent pages show a person's coded fields.
import { genders } from '../../../schemas/common';

const GENDER_KEYS: Record<number, string> = {
  [genders.Male]: 'respondents.gender.male',
  [genders.Female]: 'respondents.gender.female',
  [genders.Other]: 'respondents.gender.other',
};

export function genderLabel(t: (k: string) => string, g: number): string {
  return GENDER_KEYS[g] ? t(GENDER_KEYS[g]) : '';
}
