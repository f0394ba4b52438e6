// The translatable texts of a survey (spec 001 "Translation data"), read generically from the
// question-type declaration: every property whose input is 'localized' (title, hint, constraint
// message, and whatever localized property a type declares later), the range's end labels, and the
// labels of choices and grid columns. Sections' titles and hints are their names and descriptions.
// The translation editor, the translation spreadsheet and the untranslated count all read this list.
import type { ChoiceModel, LocalizedText, QuestionModel, SurveyItem, SurveyModel } from '../model';
import { PROPERTIES, QUESTION_TYPES, type PropertyKey } from '../question-types';
import { walkItems } from './tree';

/** Properties whose value is one text per language. */
export type LocalizedProperty = { [K in PropertyKey]: (typeof PROPERTIES)[K]['input'] extends 'localized' ? K : never }[PropertyKey];

/** How the translation call (POST /Survey/SaveTranslation) names an item's texts. */
export type ItemTextKind = 'label' | 'hint' | 'constraint' | 'required' | 'guidance' | 'range_first' | 'range_second';

/**
 * The call's name of each localized property. Typed over every localized property, so one declared
 * later in question-types.ts does not compile until it is given a kind here (and the server stores it).
 */
export const LOCALIZED_KINDS: Record<LocalizedProperty, ItemTextKind> = {
  title: 'label',
  hint: 'hint',
  constraintMessage: 'constraint',
  requiredMessage: 'required',
  guidanceHint: 'guidance',
};

/** What a text is, for its row label: a localized property, a range end, or a choice of a list. */
export type TextRole = LocalizedProperty | 'rangeFirst' | 'rangeSecond' | 'choices' | 'secondChoices';

export interface TranslatableText {
  /** Stable across loads: `item:<id>:<kind>` or `choice:<id>`; the spreadsheet's key column. */
  key: string;
  itemId: string;
  /** Set for a choice label. */
  choiceId: string | null;
  kind: ItemTextKind | 'choice';
  role: TextRole;
  /** The item's xpath, and the choice's name after a slash: where the text sits. */
  where: string;
  isSection: boolean;
  texts: readonly LocalizedText[];
}

const fieldOf = (p: LocalizedProperty): keyof QuestionModel => PROPERTIES[p].field as keyof QuestionModel;

function isLocalized(p: PropertyKey): p is LocalizedProperty {
  return PROPERTIES[p].input === 'localized';
}

const CHOICE_LISTS = [
  ['choices', 'selectQuestionChoices'],
  ['secondChoices', 'secondChoices'],
] as const;

function textsOfItem(item: SurveyItem): TranslatableText[] {
  const q = item.surveyItem;
  const declared: readonly PropertyKey[] = QUESTION_TYPES[q.questionType].properties;
  const isSection = item.itemLabel === 'Section';
  const out: TranslatableText[] = [];
  const push = (kind: ItemTextKind, role: TextRole, texts: readonly LocalizedText[]) =>
    out.push({
      key: `item:${item.id}:${kind}`,
      itemId: item.id,
      choiceId: null,
      kind,
      role,
      where: item.xpath || q.name,
      isSection,
      texts,
    });
  for (const p of declared) {
    if (isLocalized(p)) push(LOCALIZED_KINDS[p], p, q[fieldOf(p)] as readonly LocalizedText[]);
  }
  if (declared.includes('rangeLabels')) {
    push('range_first', 'rangeFirst', q.range?.firstLabel ?? []);
    push('range_second', 'rangeSecond', q.range?.secondLabel ?? []);
  }
  for (const [role, field] of CHOICE_LISTS) {
    if (!declared.includes(role)) continue;
    for (const c of q[field]) {
      out.push({
        key: `choice:${c.id}`,
        itemId: item.id,
        choiceId: c.id,
        kind: 'choice',
        role,
        where: `${item.xpath || q.name}/${c.name}`,
        isSection,
        texts: c.choiceLabels,
      });
    }
  }
  return out;
}

/** Every translatable text of the survey, in the outline's order. */
export function translatableTexts(model: SurveyModel): TranslatableText[] {
  const out: TranslatableText[] = [];
  for (const item of walkItems(model.surveyItems)) out.push(...textsOfItem(item));
  return out;
}

export const textFor = (texts: readonly LocalizedText[], languageId: number): string =>
  texts.find((t) => t.languageId === languageId)?.text ?? '';

const filled = (s: string): boolean => s.trim() !== '';

/** Texts worth translating: those the base language has (an empty base text needs no translation). */
export function toTranslate(list: readonly TranslatableText[], baseLanguageId: number): TranslatableText[] {
  return list.filter((t) => filled(textFor(t.texts, baseLanguageId)));
}

/** How many texts the base language has that this language lacks (the renderer shows the base text for them). */
export function untranslatedCount(list: readonly TranslatableText[], baseLanguageId: number, languageId: number): number {
  let n = 0;
  for (const t of list) if (filled(textFor(t.texts, baseLanguageId)) && !filled(textFor(t.texts, languageId))) n++;
  return n;
}

/** One text of one language, by the list's key; an empty text removes the translation. */
export interface TextChange {
  key: string;
  text: string;
}

function setText(list: readonly LocalizedText[], languageId: number, text: string): LocalizedText[] {
  const others = list.filter((x) => x.languageId !== languageId);
  return text === '' ? others : [...others, { languageId, text }];
}

/** The same list when none of its choices changed, so untouched items keep their identity. */
const setChoice = (list: readonly ChoiceModel[], byId: ReadonlyMap<string, string>, languageId: number): ChoiceModel[] =>
  list.some((c) => byId.has(c.id))
    ? list.map((c) => (byId.has(c.id) ? { ...c, choiceLabels: setText(c.choiceLabels, languageId, byId.get(c.id)!) } : c))
    : (list as ChoiceModel[]);

function applyToItem(
  item: SurveyItem,
  items: ReadonlyMap<string, string>,
  choices: ReadonlyMap<string, string>,
  languageId: number,
): SurveyItem {
  let q = item.surveyItem;
  const prefix = `item:${item.id}:`;
  for (const p of QUESTION_TYPES[q.questionType].properties as readonly PropertyKey[]) {
    if (!isLocalized(p)) continue;
    const text = items.get(prefix + LOCALIZED_KINDS[p]);
    if (text !== undefined) q = { ...q, [fieldOf(p)]: setText(q[fieldOf(p)] as readonly LocalizedText[], languageId, text) };
  }
  const first = items.get(`${prefix}range_first`);
  const second = items.get(`${prefix}range_second`);
  if (first !== undefined || second !== undefined) {
    const range = q.range ?? { firstLabel: [], secondLabel: [] };
    q = {
      ...q,
      range: {
        firstLabel: first === undefined ? range.firstLabel : setText(range.firstLabel, languageId, first),
        secondLabel: second === undefined ? range.secondLabel : setText(range.secondLabel, languageId, second),
      },
    };
  }
  if (choices.size > 0) {
    const selectQuestionChoices = setChoice(q.selectQuestionChoices, choices, languageId);
    const secondChoices = setChoice(q.secondChoices, choices, languageId);
    if (selectQuestionChoices !== q.selectQuestionChoices || secondChoices !== q.secondChoices)
      q = { ...q, selectQuestionChoices, secondChoices };
  }
  const innerItems = item.innerItems.map((i) => applyToItem(i, items, choices, languageId));
  const same = q === item.surveyItem && innerItems.every((x, i) => x === item.innerItems[i]);
  return same ? item : { ...item, surveyItem: q, innerItems };
}

/** The model with texts of one language changed: what the server holds after the same SaveTranslation. */
export function withTranslations(model: SurveyModel, languageId: number, changes: readonly TextChange[]): SurveyModel {
  const items = new Map<string, string>();
  const choices = new Map<string, string>();
  for (const c of changes) {
    if (c.key.startsWith('choice:')) choices.set(c.key.slice('choice:'.length), c.text);
    else items.set(c.key, c.text);
  }
  return { ...model, surveyItems: model.surveyItems.map((i) => applyToItem(i, items, choices, languageId)) };
}

/** The body of POST /Survey/SaveTranslation for these changes (keys the survey does not have are dropped). */
export function translationBody(list: readonly TranslatableText[], changes: readonly TextChange[]) {
  const byKey = new Map(list.map((t) => [t.key, t]));
  const texts: { itemId: string; kind: ItemTextKind; text: string }[] = [];
  const choiceTexts: { choiceId: string; text: string }[] = [];
  for (const c of changes) {
    const t = byKey.get(c.key);
    if (!t) continue;
    if (t.kind === 'choice') choiceTexts.push({ choiceId: t.choiceId!, text: c.text });
    else texts.push({ itemId: t.itemId, kind: t.kind, text: c.text });
  }
  return { texts, choiceTexts };
}
