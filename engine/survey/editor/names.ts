// Question and section names: `${name}` in expressions and a valid XML name (XLSForm). As in XLSForm
// they are unique per parent (group or repeat), not per survey: a name used again in another group is
// addressed by its path (keys.ts), and a `${name}` of it is ambiguous (a diagnostic of the bindings).
// New items still get names no other item has. Problems are typed so that the panel can say them in its
// own language; the messages here are the English ones.
import { NAME_PATTERN } from '../bindings';
import type { SurveyItem, SurveyModel } from '../model';
import { locate, walkItems } from './tree';

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

/** The items beside `itemId` in its group, repeat or the top (the top for a new item), itself left out. */
function siblingsOf(model: SurveyModel, itemId: string | undefined): SurveyItem[] {
  const parentId = itemId === undefined ? null : (locate(model.surveyItems, itemId)?.parentId ?? null);
  const list = parentId === null ? model.surveyItems : (locate(model.surveyItems, parentId)?.item.innerItems ?? []);
  return list.filter((i) => i.id !== itemId);
}

/** The problem of a second `name` among `items` (one parent's children), or null. */
export function nameTaken(items: readonly SurveyItem[], name: string): NameProblem | null {
  return items.some((i) => i.surveyItem.name === name)
    ? { code: 'duplicate', name, message: `The name '${name}' is used twice in this group` }
    : null;
}

/** Null when `name` may be the name of item `itemId` (undefined: a new item at the top). */
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
  return nameTaken(siblingsOf(model, itemId), name);
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
