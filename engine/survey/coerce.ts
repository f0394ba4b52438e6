// Answers as their question's type holds them. Expressions (calculations, defaults) give text, numbers
// or booleans; a number question must hold 5, not '5', an acknowledge true, a text question text.
// The validator stores answers through this rule and the fill page fills answers through it, so what
// the form fills in is never what the validator refuses.
import { QUESTION_TYPES, type QuestionType } from './question-types';

type Scalar = string | number | boolean;

/** An expression result as the answer of a question of this type; undefined when empty. */
export function answerFromResult(type: QuestionType, result: Scalar): unknown {
  const slot = QUESTION_TYPES[type].slot;
  if (typeof result === 'number' && !Number.isFinite(result)) return undefined;
  if (slot === 'questionChoice') {
    const on =
      typeof result === 'boolean'
        ? result
        : typeof result === 'number'
          ? result !== 0
          : ['true', 'ok', 'yes', '1'].includes(result.trim().toLowerCase());
    return on || undefined;
  }
  if (slot === 'number' && type !== 100) {
    if (typeof result === 'number') return result;
    const text = String(result).trim();
    if (text === '') return undefined;
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  const text = typeof result === 'string' ? result : typeof result === 'boolean' ? String(result) : formatNumber(result);
  return text === '' ? undefined : text;
}

/** Any answer as its type holds it: scalars through answerFromResult, grids and lists as they are. */
export function coerceAnswer(type: QuestionType, value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return answerFromResult(type, value);
  return value === null ? undefined : value;
}

function formatNumber(n: number): string {
  // Integers print as integers; other numbers without binary noise (0.1 + 0.2 -> '0.3').
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
}
