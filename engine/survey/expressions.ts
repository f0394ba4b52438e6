// The survey's expressions, compiled once through engine/expression. A broken expression never stops
// compilation: it is kept with its error (a diagnostic for the builder, the spec's warning at run time).
import { compile, ExpressionError, type AstNode, type CompiledExpression } from '../expression/index';

export type ExpressionRole =
  'relevant' | 'requiredIf' | 'calculation' | 'constraint' | 'choiceFilter' | 'default' | 'repeatCount' | 'label' | 'hint';

export interface Expr {
  readonly source: string;
  readonly role: ExpressionRole;
  /** Null when the source does not compile; `error` says why. */
  readonly compiled: CompiledExpression | null;
  readonly error: ExpressionError | null;
  /** Question names it reads. */
  readonly references: readonly string[];
  /** Reads the clock, random numbers or once(): its value is not reproducible later. */
  readonly volatile: boolean;
}

const VOLATILE = new Set(['now', 'today', 'random', 'uuid', 'once']);

function isVolatile(node: AstNode): boolean {
  switch (node.kind) {
    case 'call':
      return VOLATILE.has(node.name) || node.args.some(isVolatile);
    case 'binary':
      return isVolatile(node.left) || isVolatile(node.right);
    case 'negate':
      return isVolatile(node.operand);
    default:
      return false;
  }
}

export function expr(source: string, role: ExpressionRole): Expr {
  try {
    const compiled = compile(source);
    return {
      source,
      role,
      compiled,
      error: null,
      references: compiled.analysis.references,
      volatile: isVolatile(compiled.expression.root),
    };
  } catch (e) {
    const error =
      e instanceof ExpressionError ? e : new ExpressionError('internal', String(e), { offset: 0, length: source.length }, { source });
    return { source, role, compiled: null, error, references: [], volatile: false };
  }
}

/** A present, non-blank expression source, or null. */
export function exprOrNull(source: string | null | undefined, role: ExpressionRole): Expr | null {
  if (source === null || source === undefined || source.trim() === '') return null;
  return expr(source.trim(), role);
}

const REFERENCE = /\$\{([^}\s]+)\}/g;

/** The `${name}` references of a label or hint text (texts are not expressions: only the names matter). */
export function textReferences(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(REFERENCE)) names.add(m[1]!);
  return [...names];
}

/**
 * A default is an expression when it holds a reference or a function call (pyxform's dynamic
 * defaults); otherwise it is the literal value itself ('yes', '5', '2024-01-01').
 */
export function isDynamicDefault(value: string): boolean {
  return value.includes('${') || /[A-Za-z-]\s*\(/.test(value);
}
