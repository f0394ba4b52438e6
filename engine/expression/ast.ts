// The abstract syntax tree. Plain, frozen-shape data: no behaviour, so it can be printed, compared,
// cached and analysed by separate modules. Spans point into the source for error messages.
import type { ErrorLocation, ExpressionError } from './errors';

export type Span = ErrorLocation;

/** Binary operators, loosest-binding first, with XPath 1.0 precedence. */
export const PRECEDENCE = {
  or: 1,
  and: 2,
  '=': 3,
  '!=': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  div: 6,
  mod: 6,
  '|': 8,
} as const;
export type BinaryOperator = keyof typeof PRECEDENCE;
/**
 * Unary minus binds tighter than every binary operator. (XPath 1.0 puts it just below '|', so that
 * -a|b is -(a|b); a union of negated values means nothing in a form, and one flat operator chain is
 * what keeps parsing fast.)
 */
export const UNARY_PRECEDENCE = 9;

export interface NumberLiteral {
  readonly kind: 'number';
  readonly value: number;
  readonly span: Span;
}
export interface StringLiteral {
  readonly kind: 'string';
  readonly value: string;
  readonly span: Span;
}
/** `${name}`: a question's answer. */
export interface Reference {
  readonly kind: 'ref';
  readonly name: string;
  /** `${last-saved#name}`: the answer in the last form saved on the device (pyxform), not this one. */
  readonly lastSaved?: true;
  readonly span: Span;
}
/** A bare name: a column of the choice row a choice filter is evaluated against. */
export interface ColumnName {
  readonly kind: 'column';
  readonly name: string;
  readonly span: Span;
}
/** `.`: the question the expression sits on. */
export interface CurrentNode {
  readonly kind: 'current';
  readonly span: Span;
}
/** `..` (`../..`: levels 2): the repeat instance around the question, or the one around that (position(..)). */
export interface ParentNode {
  readonly kind: 'parent';
  /** Absent for `..`. */
  readonly levels?: number;
  readonly span: Span;
}
/**
 * `${member}[2]`, `${member}[age > 18]`: the nodes of a reference that a predicate keeps (a number
 * keeps the node at that place). In the predicate '.' is the node and bare names its questions.
 */
export interface Filter {
  readonly kind: 'filter';
  readonly target: AstNode;
  readonly predicate: AstNode;
  readonly span: Span;
}
export interface Negation {
  readonly kind: 'negate';
  readonly operand: AstNode;
  readonly span: Span;
}
export interface BinaryExpression {
  readonly kind: 'binary';
  readonly op: BinaryOperator;
  readonly left: AstNode;
  readonly right: AstNode;
  readonly span: Span;
}
export interface FunctionCall {
  readonly kind: 'call';
  readonly name: string;
  readonly args: readonly AstNode[];
  readonly span: Span;
}

export type AstNode =
  NumberLiteral | StringLiteral | Reference | ColumnName | CurrentNode | ParentNode | Filter | Negation | BinaryExpression | FunctionCall;

/** What parse() returns: the tree and the text it came from. */
export interface Expression {
  readonly source: string;
  readonly root: AstNode;
  /** Problems that fail only when reached: calls with a wrong number of arguments (parse.ts). */
  readonly deferred?: readonly ExpressionError[];
}

/** Visits every node, parents before children; a visit that returns false skips that node's children. */
export function walk(node: AstNode, visit: (node: AstNode) => void | false): void {
  if (visit(node) === false) return;
  switch (node.kind) {
    case 'negate':
      walk(node.operand, visit);
      return;
    case 'binary':
      walk(node.left, visit);
      walk(node.right, visit);
      return;
    case 'call':
      for (const arg of node.args) walk(arg, visit);
      return;
    case 'filter':
      walk(node.target, visit);
      walk(node.predicate, visit);
      return;
    case 'number':
    case 'string':
    case 'ref':
    case 'column':
    case 'current':
    case 'parent':
      return;
    default:
      return unreachable(node);
  }
}

export function unreachable(value: never): never {
  throw new Error(`unreachable: ${JSON.stringify(value)}`);
}
