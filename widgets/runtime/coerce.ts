// Answers typed for their question by engine/survey's rule (coerceAnswer: '5' -> 5 for a number,
// 'yes' -> true for an acknowledge). Calculate, hidden and note keep what their expression gives:
// nothing checks their type, the submission types them (validateAnswers' data), and retyping each of
// them here would recalculate everything that reads them once more.
import { QUESTION_TYPES, coerceAnswer as typed, type QuestionType } from '../../engine/survey/index';

export function coerceAnswer(type: QuestionType, value: unknown): unknown {
  return QUESTION_TYPES[type].source === 'input' ? typed(type, value) : value;
}
