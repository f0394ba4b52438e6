// Question and section names: the key of an answer and `${name}` in expressions, so unique in the
// survey and a valid XML name (XLSForm). Problems are typed so that the panel can say them in its
// own language; the messages here are the English ones.
import { NAME_PATTERN } from '../bindings';
import type { SurveyModel } from '../model';
import { walkItems } from './tree';

export const MAX_NAME_LENGTH = 200;

export type NameProblemCode = 'empty' | 'invalid' | 'tooLong' | 'duplicate';

export interface NameProblem {
  readonly code: NameProblemCode;
  readonly name: string;
  readonly message: string;
}

export function namesOf(model: SurveyModel, exceptId?: string): Set<string> {
  const names = new Set<string>();
  for (const item of walkItems(model.surveyItems)) if (item.id !== exceptId) names.add(item.surveyItem.name);
  return names;
}

/** Null when `name` may be the name of item `itemId` (undefined: a new item). */
export function checkName(model: SurveyModel, name: string, itemId?: string): NameProblem | null {
  if (name.trim() === '') return { code: 'empty', name, message: 'A name is required' };
  if (name.length > MAX_NAME_LENGTH) return { code: 'tooLong', name, message: `A name has at most ${MAX_NAME_LENGTH} characters` };
  if (!NAME_PATTERN.test(name)) {
    return {
      code: 'invalid',
      name,
      message: `'${name}' is not a valid name: start with a letter or '_', then letters, digits, '_', '-' or '.'`,
    };
  }
  if (namesOf(model, itemId).has(name)) return { code: 'duplicate', name, message: `The name '${name}' is used twice` };
  return null;
}

/** `base` if it is free, else base_2, base_3, ...; `taken` is updated so that a batch gets distinct names. */
export function freshName(base: string, taken: Set<string>): string {
  const stem = NAME_PATTERN.test(base)
    ? base.slice(0, MAX_NAME_LENGTH - 8)
    : `q_${base.replace(/[^A-Za-z0-9_.-]/g, '_')}`.slice(0, MAX_NAME_LENGTH - 8);
  let name = stem;
  for (let n = 2; taken.has(name); n++) name = `${stem}_${n}`;
  taken.add(name);
  return name;
}
