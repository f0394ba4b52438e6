// Every failure the engine reports is an ExpressionError: the user-facing texts of spec 001 plus the
// precise reason and where in the expression it happened, so a builder can underline it and a fill
// page can show the spec's warning without ever crashing.

/** The spec's texts (spec 001 sections 5 and 8), verbatim. */
export const MESSAGES = {
  evaluation: 'Error evaluating xlsform fields',
  choiceFilter: 'Error evaluating choice filter',
  advice: 'Please check if the syntax is correct. If you believe this is an error, please contact your administrator.',
  noValue: '[No value]',
  noLabel: '( No label )',
} as const;

export const ERROR_CODES = [
  'syntax', // the text is not an expression
  'unknown-function',
  'arity', // wrong number of arguments
  'argument', // an argument of the wrong shape, found before evaluation (e.g. sum(3))
  'unknown-reference', // ${name} names no field
  'evaluation', // a value that cannot be used (invalid date, bad regex, ...)
  'cycle', // dependency graph: fields that depend on each other
  'internal', // a bug in the engine, caught so that it cannot crash a page
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorTitle = typeof MESSAGES.evaluation | typeof MESSAGES.choiceFilter;

export interface ErrorLocation {
  /** Offset of the offending text in the expression source (UTF-16 code units). */
  readonly offset: number;
  /** Length of the offending text; 0 at the end of the expression. */
  readonly length: number;
}

export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
  readonly code: ErrorCode;
  readonly offset: number;
  readonly length: number;
  /** The spec's headline for this kind of failure. */
  readonly title: ErrorTitle;
  /** The spec's advice line shown under the headline. */
  readonly advice: string = MESSAGES.advice;
  /** The expression text, when known. */
  readonly source: string | undefined;
  /** The question the expression belongs to, when known. */
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, at: ErrorLocation, extra: { source?: string; field?: string; title?: ErrorTitle } = {}) {
    super(message);
    this.code = code;
    this.offset = at.offset;
    this.length = at.length;
    this.title = extra.title ?? MESSAGES.evaluation;
    this.source = extra.source;
    this.field = extra.field;
  }

  /** The same error, told about the expression text and question it came from. */
  withContext(extra: { source?: string; field?: string; title?: ErrorTitle }): ExpressionError {
    return new ExpressionError(this.code, this.message, this, {
      ...(this.source === undefined ? {} : { source: this.source }),
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.title === MESSAGES.evaluation ? {} : { title: this.title }),
      ...extra,
    });
  }
}

/** Sentinel location for failures raised inside functions; the evaluator fills in the call's span. */
export const UNLOCATED: ErrorLocation = { offset: -1, length: 0 };

/** A failure of a value at run time, located later by the evaluator. */
export function fail(message: string, code: ErrorCode = 'evaluation'): never {
  throw new ExpressionError(code, message, UNLOCATED);
}
