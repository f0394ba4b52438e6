// Answers as their questions' types want them. Defaults and calculations come out of the expression
// engine as text or numbers ('5', 'yes', 42); a number question must hold 5, an acknowledge true and a
// text question text, or the validator would refuse what the form itself filled in.
import { QUESTION_TYPES, type QuestionType } from '../../engine/survey/index';

const YES = new Set(['true', 'yes', 'ok', '1']);

export function coerceAnswer(type: QuestionType, value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return value;
  // Calculate, hidden and note hold whatever their expression gives: nothing checks their type, and
  // retyping each of them would recalculate everything that reads them once more.
  if (QUESTION_TYPES[type].source !== 'input') return value;
  const slot = QUESTION_TYPES[type].slot;
  if (slot === 'questionChoice') return value === true || YES.has(String(value).trim().toLowerCase()) ? true : value;
  if (slot === 'number' && type !== 100) {
    if (typeof value !== 'string' || value.trim() === '') return value;
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : value;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return String(value);
  return value;
}
