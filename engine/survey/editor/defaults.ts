// A new item of any of the 21 types, with what its declaration says it needs to work at once: a
// label, two choices for list types, rows and columns for grid types, a range of 1..5.
import type { ChoiceModel, QuestionModel, SurveyItem } from '../model';
import { QUESTION_TYPES, type QuestionType } from '../question-types';

export interface NewItemContext {
  id: string;
  name: string;
  /** The language labels are written in (the survey's base language). */
  languageId: number;
  newId: () => string;
}

function choice(ctx: NewItemContext, name: string, label: string): ChoiceModel {
  return { id: ctx.newId(), name, choiceLabels: [{ languageId: ctx.languageId, text: label }], emoji: null, filters: {} };
}

/**
 * A question's fields when nothing is set: what a new item starts from and a save may leave out. A function,
 * so that no two questions share a list.
 */
export const emptyQuestion = (): Omit<QuestionModel, 'id' | 'name' | 'questionType' | 'order'> => ({
  isRequired: false,
  requiredExpression: null,
  default: null,
  calculation: null,
  relevant: null,
  constraint: null,
  constraintMessages: [],
  requiredMessages: [],
  readOnly: false,
  guidanceHints: [],
  media: [],
  extraColumns: {},
  choiceFilter: null,
  appearance: null,
  parameters: null,
  questionLabels: [],
  surveyQuestionHints: [],
  selectQuestionChoices: [],
  secondChoices: [],
  maxChoices: null,
  range: null,
  hasEmoji: false,
});

export function newItem(type: QuestionType, ctx: NewItemContext): SurveyItem {
  const info = QUESTION_TYPES[type];
  const props: readonly string[] = info.properties;
  const question: QuestionModel = {
    ...emptyQuestion(),
    id: ctx.id,
    name: ctx.name,
    questionType: type,
    parameters: props.includes('rangeStart') ? 'start=1 end=5 step=1' : null,
    questionLabels: props.includes('title') ? [{ languageId: ctx.languageId, text: info.title }] : [],
    selectQuestionChoices:
      info.choices === 'none'
        ? []
        : info.choices === 'grid'
          ? [choice(ctx, 'row_1', 'Row 1'), choice(ctx, 'row_2', 'Row 2')]
          : [choice(ctx, 'option_1', 'Option 1'), choice(ctx, 'option_2', 'Option 2')],
    secondChoices: info.choices === 'grid' ? [choice(ctx, 'column_1', 'Column 1'), choice(ctx, 'column_2', 'Column 2')] : [],
    order: 0,
  };
  const section = type === 0;
  return {
    itemLabel: section ? 'Section' : 'Question',
    id: ctx.id,
    sectionId: null,
    xpath: ctx.name,
    repeatGroup: false,
    repeat_count: null,
    surveyItem: question,
    innerItems: [],
  };
}
