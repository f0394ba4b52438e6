// Writing one property of the panel (question-types.ts PROPERTIES) into a survey item. Each property
// is one function in a typed table, so a property declared without a writer does not compile.
import type { ChoiceModel, LocalizedText, QuestionModel, RangeLabels, SurveyItem } from '../model';
import { PROPERTIES, QUESTION_TYPES, acceptsAppearance, type PropertyKey } from '../question-types';
import { appearanceWords } from '../search';
import { parseParameters } from '../values';
import { maxChoicesOf, withMaxChoices } from './maxChoices';

/** The value each property takes. Localized texts set one language (an empty text removes it). */
export interface PropertyValues {
  title: LocalizedText;
  name: string;
  hint: LocalizedText;
  required: boolean;
  requiredIf: string | null;
  requiredMessage: LocalizedText;
  readOnly: boolean;
  guidanceHint: LocalizedText;
  default: string | null;
  emoji: boolean;
  choices: readonly ChoiceModel[];
  secondChoices: readonly ChoiceModel[];
  rangeStart: number | null;
  rangeEnd: number | null;
  rangeStep: number | null;
  rangeLabels: RangeLabels | null;
  maxChoices: number | null;
  calculation: string | null;
  relevant: string | null;
  constraint: string | null;
  constraintMessage: LocalizedText;
  appearance: string | null;
  parameters: string | null;
  choiceFilter: string | null;
  repeat: boolean;
  repeatCount: string | null;
}

// PropertyValues has exactly the declared properties.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _exact: Same<keyof PropertyValues, PropertyKey> = true;
void _exact;

export type SetProperty = { [K in PropertyKey]: { op: 'set'; id: string; property: K; value: PropertyValues[K] } }[PropertyKey];

/** Why a value was not written; the name's own problems come from names.ts. */
export class PropertyError extends Error {
  constructor(
    readonly code: 'notApplicable' | 'invalidValue',
    message: string,
  ) {
    super(message);
  }
}

const blankToNull = (s: string | null): string | null => (s === null || s.trim() === '' ? null : s);

function setText(list: readonly LocalizedText[], t: LocalizedText): LocalizedText[] {
  if (t.text === '') return list.filter((x) => x.languageId !== t.languageId);
  return list.some((x) => x.languageId === t.languageId) ? list.map((x) => (x.languageId === t.languageId ? t : x)) : [...list, t];
}

function setParameter(parameters: string | null, key: string, value: number | null): string | null {
  const p = parseParameters(parameters);
  if (value === null) delete p[key];
  else if (!Number.isFinite(value)) throw new PropertyError('invalidValue', `'${key}' must be a number`);
  else p[key] = String(value);
  const out = Object.entries(p)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  return out === '' ? null : out;
}

type Writer<K extends PropertyKey> = (item: SurveyItem, value: PropertyValues[K]) => SurveyItem;
const q = (item: SurveyItem, patch: Partial<QuestionModel>): SurveyItem => ({ ...item, surveyItem: { ...item.surveyItem, ...patch } });

const WRITERS: { [K in PropertyKey]: Writer<K> } = {
  title: (item, t) => q(item, { questionLabels: setText(item.surveyItem.questionLabels, t) }),
  // Renames go through the editor (uniqueness, references); this only writes the field.
  name: (item, name) => q(item, { name }),
  hint: (item, t) => q(item, { surveyQuestionHints: setText(item.surveyItem.surveyQuestionHints, t) }),
  // Always required and required under a condition exclude each other (the model's rule): the last one set wins.
  required: (item, on) => q(item, on ? { isRequired: true, requiredExpression: null } : { isRequired: false }),
  requiredIf: (item, v) => {
    const requiredExpression = blankToNull(v);
    return q(item, requiredExpression === null ? { requiredExpression } : { requiredExpression, isRequired: false });
  },
  requiredMessage: (item, t) => q(item, { requiredMessages: setText(item.surveyItem.requiredMessages, t) }),
  readOnly: (item, on) => q(item, { readOnly: on }),
  guidanceHint: (item, t) => q(item, { guidanceHints: setText(item.surveyItem.guidanceHints, t) }),
  default: (item, v) => q(item, { default: blankToNull(v) }),
  emoji: (item, on) => q(item, { hasEmoji: on }),
  choices: (item, list) => q(item, { selectQuestionChoices: [...list] }),
  secondChoices: (item, list) => q(item, { secondChoices: [...list] }),
  rangeStart: (item, n) => q(item, { parameters: setParameter(item.surveyItem.parameters, 'start', n) }),
  rangeEnd: (item, n) => q(item, { parameters: setParameter(item.surveyItem.parameters, 'end', n) }),
  rangeStep: (item, n) => {
    if (n !== null && !(n > 0)) throw new PropertyError('invalidValue', 'The step must be more than 0');
    return q(item, { parameters: setParameter(item.surveyItem.parameters, 'step', n) });
  },
  rangeLabels: (item, range) => q(item, { range }),
  maxChoices: (item, n) => {
    if (n !== null && !(Number.isInteger(n) && n > 0))
      throw new PropertyError('invalidValue', 'Max choices must be a whole number above 0');
    return q(item, { maxChoices: n, constraint: withMaxChoices(item.surveyItem.constraint, n) });
  },
  calculation: (item, v) => q(item, { calculation: blankToNull(v) }),
  relevant: (item, v) => q(item, { relevant: blankToNull(v) }),
  // Typed constraints keep max choices in step with their count-selected clause.
  constraint: (item, v) => {
    const constraint = blankToNull(v);
    return q(item, item.surveyItem.questionType === 33 ? { constraint, maxChoices: maxChoicesOf(constraint) } : { constraint });
  },
  constraintMessage: (item, t) => q(item, { constraintMessages: setText(item.surveyItem.constraintMessages, t) }),
  appearance: (item, v) => {
    const values = appearanceWords(v);
    const bad = values.find((a) => !acceptsAppearance(item.surveyItem.questionType, a));
    if (bad !== undefined)
      throw new PropertyError('invalidValue', `'${bad}' is not an appearance of ${QUESTION_TYPES[item.surveyItem.questionType].title}`);
    return q(item, { appearance: values.length ? values.join(' ') : null });
  },
  parameters: (item, v) => q(item, { parameters: blankToNull(v) }),
  choiceFilter: (item, v) => q(item, { choiceFilter: blankToNull(v) }),
  repeat: (item, on) => ({ ...item, repeatGroup: on, repeat_count: on ? item.repeat_count : null }),
  repeatCount: (item, v) => {
    if (!item.repeatGroup && blankToNull(v) !== null) throw new PropertyError('invalidValue', 'A repeat count needs a repeat group');
    return { ...item, repeat_count: blankToNull(v) };
  },
};

/** The item with one property written; throws PropertyError when the type has no such property. */
export function writeProperty(item: SurveyItem, op: SetProperty): SurveyItem {
  const declared: readonly string[] = QUESTION_TYPES[item.surveyItem.questionType].properties;
  if (!declared.includes(op.property)) {
    throw new PropertyError(
      'notApplicable',
      `${QUESTION_TYPES[item.surveyItem.questionType].title} has no ${PROPERTIES[op.property].label.toLowerCase()}`,
    );
  }
  return (WRITERS[op.property] as Writer<PropertyKey>)(item, op.value as never);
}
