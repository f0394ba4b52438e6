// The survey as an XLSForm (the 'Export survey' download): the sheets 'survey', 'choices' and 'settings'
// as rows of text, one column per language for every translated text ('label::English (en)'), so the
// file opens in Excel and reads back into KoboToolbox, ODK or our own builder. Writing the .xlsx itself
// is I/O and happens at the edge (server/services/surveyExport.ts).
import type { ChoiceModel, LocalizedText, QuestionModel, SurveyItem, SurveyLanguage, SurveyModel } from './model';
import { QUESTION_TYPES, QUESTION_TYPE_CODES, type QuestionType } from './question-types';

export type SheetRow = readonly string[];

export interface XlsFormSheet {
  name: 'survey' | 'choices' | 'settings';
  rows: SheetRow[];
}

/**
 * The type written in the 'type' column: the XLSForm name of the type, or our own key where several of
 * our types share one XLSForm name (phone and text are both XLSForm text), so the file reads back exactly.
 */
const SHEET_TYPE: Record<QuestionType, string> = (() => {
  const uses = new Map<string, number>();
  for (const code of QUESTION_TYPE_CODES) uses.set(QUESTION_TYPES[code].xlsform, (uses.get(QUESTION_TYPES[code].xlsform) ?? 0) + 1);
  return Object.fromEntries(
    QUESTION_TYPE_CODES.map((code) => {
      const info = QUESTION_TYPES[code];
      return [code, (uses.get(info.xlsform) ?? 0) > 1 ? info.key : info.xlsform];
    }),
  ) as Record<QuestionType, string>;
})();

/** 'English (en)': the language part of a translated column's header, as XLSForm writes it. */
const languageColumn = (l: SurveyLanguage): string => `${l.name} (${l.code})`;

interface TextColumn {
  header: string;
  pick: (q: QuestionModel) => readonly LocalizedText[];
}

const TEXTS: readonly TextColumn[] = [
  { header: 'label', pick: (q) => q.questionLabels },
  { header: 'hint', pick: (q) => q.surveyQuestionHints },
  { header: 'constraint_message', pick: (q) => q.constraintMessages },
  { header: 'range_first_label', pick: (q) => q.range?.firstLabel ?? [] },
  { header: 'range_second_label', pick: (q) => q.range?.secondLabel ?? [] },
];

/** Untranslated columns of the survey sheet, after the texts; a column nobody uses is left out. */
const PLAIN: readonly { header: string; pick: (item: SurveyItem) => string | null }[] = [
  { header: 'required', pick: (i) => (i.surveyItem.isRequired ? 'yes' : null) },
  { header: 'relevant', pick: (i) => i.surveyItem.relevant },
  { header: 'constraint', pick: (i) => i.surveyItem.constraint },
  { header: 'calculation', pick: (i) => i.surveyItem.calculation },
  { header: 'default', pick: (i) => i.surveyItem.default },
  { header: 'choice_filter', pick: (i) => i.surveyItem.choiceFilter },
  { header: 'appearance', pick: (i) => i.surveyItem.appearance },
  { header: 'parameters', pick: (i) => i.surveyItem.parameters },
  { header: 'repeat_count', pick: (i) => i.repeat_count },
  { header: 'max_choices', pick: (i) => (i.surveyItem.maxChoices === null ? null : String(i.surveyItem.maxChoices)) },
  { header: 'column_list', pick: (i) => (i.surveyItem.secondChoices.length > 0 ? columnList(i.surveyItem) : null) },
];

const rowList = (q: QuestionModel): string => q.name;
const columnList = (q: QuestionModel): string => `${q.name}_columns`;

const textIn = (texts: readonly LocalizedText[], languageId: number): string => texts.find((t) => t.languageId === languageId)?.text ?? '';

/** Depth-first, in document order: a section opens and closes around its items. */
function* walk(items: readonly SurveyItem[]): Generator<{ item: SurveyItem; edge: 'begin' | 'end' | 'question' }> {
  for (const item of [...items].sort((a, b) => a.surveyItem.order - b.surveyItem.order)) {
    if (item.itemLabel === 'Section') {
      yield { item, edge: 'begin' };
      yield* walk(item.innerItems);
      yield { item, edge: 'end' };
    } else yield { item, edge: 'question' };
  }
}

function typeOf(item: SurveyItem, edge: 'begin' | 'end' | 'question'): string {
  if (edge !== 'question') return `${edge}_${item.repeatGroup ? 'repeat' : 'group'}`;
  const q = item.surveyItem;
  const type = SHEET_TYPE[q.questionType];
  return q.selectQuestionChoices.length > 0 ? `${type} ${rowList(q)}` : type;
}

/** The three sheets of the survey's XLSForm. Languages: the base language first, as the survey lists them. */
export function xlsformSheets(model: SurveyModel): XlsFormSheet[] {
  const languages = [...model.surveyLanguageMaps].sort((a, b) => Number(b.isBaseLanguage) - Number(a.isBaseLanguage));
  const entries = [...walk(model.surveyItems)];

  const textColumns = TEXTS.flatMap((col) =>
    languages
      .filter((l) => entries.some(({ item, edge }) => edge !== 'end' && textIn(col.pick(item.surveyItem), l.languageId) !== ''))
      .map((l) => ({ header: `${col.header}::${languageColumn(l)}`, text: (q: QuestionModel) => textIn(col.pick(q), l.languageId) })),
  );
  const plainColumns = PLAIN.filter((col) => entries.some(({ item, edge }) => edge !== 'end' && (col.pick(item) ?? '') !== ''));
  const survey: SheetRow[] = [['type', 'name', ...textColumns.map((c) => c.header), ...plainColumns.map((c) => c.header)]];
  for (const { item, edge } of entries) {
    const ending = edge === 'end';
    survey.push([
      typeOf(item, edge),
      ending ? '' : item.surveyItem.name,
      ...textColumns.map((c) => (ending ? '' : c.text(item.surveyItem))),
      ...plainColumns.map((c) => (ending ? '' : (c.pick(item) ?? ''))),
    ]);
  }

  const lists: { list: string; choice: ChoiceModel }[] = [];
  for (const { item, edge } of entries) {
    if (edge !== 'question') continue;
    const q = item.surveyItem;
    for (const choice of q.selectQuestionChoices) lists.push({ list: rowList(q), choice });
    for (const choice of q.secondChoices) lists.push({ list: columnList(q), choice });
  }
  const labelLanguages = languages.filter((l) => lists.some(({ choice }) => textIn(choice.choiceLabels, l.languageId) !== ''));
  const filterColumns = [...new Set(lists.flatMap(({ choice }) => Object.keys(choice.filters)))];
  const withEmoji = lists.some(({ choice }) => (choice.emoji ?? '') !== '');
  const choices: SheetRow[] = [
    ['list_name', 'name', ...labelLanguages.map((l) => `label::${languageColumn(l)}`), ...(withEmoji ? ['emoji'] : []), ...filterColumns],
    ...lists.map(({ list, choice }) => [
      list,
      choice.name,
      ...labelLanguages.map((l) => textIn(choice.choiceLabels, l.languageId)),
      ...(withEmoji ? [choice.emoji ?? ''] : []),
      ...filterColumns.map((f) => choice.filters[f] ?? ''),
    ]),
  ];

  const base = languages[0];
  const settings: SheetRow[] = [
    ['form_title', 'form_id', 'default_language', 'description'],
    [model.name, model.id, base ? languageColumn(base) : '', model.description],
  ];
  return [
    { name: 'survey', rows: survey },
    { name: 'choices', rows: choices },
    { name: 'settings', rows: settings },
  ];
}

/** The download's file name: '{survey name}.xlsx', without characters file systems refuse. */
export function exportFileName(surveyName: string): string {
  const cleaned = surveyName.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return `${cleaned === '' ? 'survey' : cleaned}.xlsx`;
}
