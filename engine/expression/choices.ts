// Choice filters: an expression tested against every row of a choice list, where bare names read
// the row's columns (state = ${state}). A failing filter leaves an empty list and the spec's
// 'Error evaluating choice filter' naming the question, never a broken page.
import type { Expression } from './ast';
import type { Choice, Env } from './env';
import { MESSAGES, type ExpressionError } from './errors';
import { asExpressionError, compile } from './runtime/evaluate';

export interface FilteredChoices {
  readonly choices: readonly Choice[];
  readonly error?: ExpressionError;
}

export function filterChoices(filter: string | Expression, choices: readonly Choice[], env: Env, question?: string): FilteredChoices {
  const source = typeof filter === 'string' ? filter : filter.source;
  try {
    const compiled = compile(filter);
    const kept = choices.filter((choice) => {
      const result = compiled.evaluate({ ...env, choice });
      return typeof result === 'boolean' ? result : typeof result === 'number' ? result !== 0 && !Number.isNaN(result) : result !== '';
    });
    return { choices: kept };
  } catch (e) {
    const error = asExpressionError(e, source, MESSAGES.choiceFilter);
    return { choices: [], error: question === undefined ? error : error.withContext({ field: question }) };
  }
}
