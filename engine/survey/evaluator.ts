// Runs a survey's expressions against form data through engine/expression: relevance, calculations,
// defaults, repeat counts, constraints and choice filters, each at a question's context path. One
// evaluator per pass over one form data object.
import type { Env, Result } from '../expression/index';
import type { Bindings, ChoiceBinding, FieldNode } from './bindings';
import type { Expr } from './expressions';
import type { FormValues } from './instances';
import { QUESTION_TYPES, type QuestionType } from './question-types';

export interface EvaluatorOptions {
  /** The clock for today() and now(); the real clock when absent. */
  now?: Date;
  /** The respondent's language: constraint messages and jr:choice-name labels. */
  languageId?: number;
  /** Minutes east of UTC of the respondent's clock; the machine's when absent. */
  timeZoneOffset?: number;
}

export interface ExpressionFailure {
  readonly name: string;
  readonly path: string;
  readonly role: Expr['role'];
  readonly message: string;
}

export class Evaluator {
  private readonly base: Env;
  readonly failures: ExpressionFailure[] = [];

  constructor(
    readonly bindings: Bindings,
    readonly data: FormValues,
    opts: EvaluatorOptions = {},
  ) {
    const language = bindings.languages.find((l) => l.languageId === opts.languageId)?.code;
    this.base = {
      fields: data,
      types: bindings.types,
      repeats: bindings.repeats,
      choices: bindings.choices,
      ...(opts.now ? { now: opts.now } : {}),
      ...(language ? { language } : {}),
      ...(opts.timeZoneOffset !== undefined ? { timeZoneOffset: opts.timeZoneOffset } : {}),
    };
  }

  /** The value of an expression at a path; undefined (and a recorded failure) when it cannot be evaluated. */
  value(e: Expr, name: string, path: string, current?: unknown): Result | undefined {
    if (e.compiled === null) {
      this.fail(e, name, path, e.error?.message ?? 'Error evaluating xlsform fields');
      return undefined;
    }
    try {
      return e.compiled.evaluate(current === undefined ? { ...this.base, context: path } : { ...this.base, context: path, current });
    } catch (err) {
      this.fail(e, name, path, err instanceof Error ? err.message : String(err));
      return undefined;
    }
  }

  /** A condition; `fallback` when it cannot be evaluated (a broken relevance shows the question). */
  test(e: Expr, name: string, path: string, fallback: boolean, current?: unknown): boolean {
    const v = this.value(e, name, path, current);
    return v === undefined ? fallback : toBooleanResult(v);
  }

  /** The choices a choice filter leaves at this path, or 'error' (the spec's empty list and warning). */
  choices(field: FieldNode, path: string): readonly ChoiceBinding[] | 'error' {
    const filter = field.choiceFilter;
    if (filter === null) return field.choices;
    if (filter.compiled === null) {
      this.fail(filter, field.name, path, filter.error?.message ?? 'Error evaluating choice filter');
      return 'error';
    }
    const out: ChoiceBinding[] = [];
    try {
      for (const c of field.choices) {
        const choice = { ...c.filters, name: c.name };
        if (toBooleanResult(filter.compiled.evaluate({ ...this.base, context: path, choice }))) out.push(c);
      }
    } catch (err) {
      this.fail(filter, field.name, path, err instanceof Error ? err.message : String(err));
      return 'error';
    }
    return out;
  }

  private fail(e: Expr, name: string, path: string, message: string): void {
    this.failures.push({ name, path, role: e.role, message });
  }
}

/** XPath boolean(): non-empty text, a non-zero number. */
export function toBooleanResult(v: Result): boolean {
  return typeof v === 'boolean' ? v : typeof v === 'number' ? v !== 0 && !Number.isNaN(v) : v !== '';
}

/** An expression result as the answer of a question of this type; undefined when empty. */
export function answerFromResult(type: QuestionType, result: Result): unknown {
  const slot = QUESTION_TYPES[type].slot;
  if (typeof result === 'number' && !Number.isFinite(result)) return undefined;
  if (slot === 'questionChoice') return toBooleanResult(result) || undefined;
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

/** A literal default as the answer of a question of this type. */
export function answerFromLiteral(type: QuestionType, literal: string): unknown {
  if (QUESTION_TYPES[type].slot === 'questionChoice') return ['true', 'ok', 'yes', '1'].includes(literal.toLowerCase()) || undefined;
  return answerFromResult(type, literal);
}

function formatNumber(n: number): string {
  // Integers print as integers; other numbers without binary noise (0.1 + 0.2 -> '0.3').
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
}
