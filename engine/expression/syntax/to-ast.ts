// CST -> AST: the only place that knows the grammar's rule and label names. Called only on trees
// the parser built without errors, so every expected child is present.
import type { CstChildrenDictionary, CstElement, CstNode, IToken, TokenType } from 'chevrotain';
import { PRECEDENCE, type AstNode, type BinaryOperator, type Span } from '../ast';
import { ExpressionError } from '../errors';
import type { ExpressionGrammar } from './grammar';
import * as t from './tokens';

type RuleName = Exclude<
  {
    [K in keyof ExpressionGrammar]: ExpressionGrammar[K] extends (...args: never[]) => CstNode ? K : never;
  }[keyof ExpressionGrammar],
  undefined
>;

const OPERATORS: ReadonlyMap<TokenType, BinaryOperator> = new Map<TokenType, BinaryOperator>([
  [t.Or, 'or'],
  [t.And, 'and'],
  [t.Equals, '='],
  [t.NotEquals, '!='],
  [t.Less, '<'],
  [t.LessEq, '<='],
  [t.Greater, '>'],
  [t.GreaterEq, '>='],
  [t.Plus, '+'],
  [t.Minus, '-'],
  [t.Star, '*'],
  [t.Div, 'div'],
  [t.Mod, 'mod'],
  [t.Pipe, '|'],
]);

/** XML names as XLSForm allows them for questions; the ASCII test first, as it is much faster. */
const ASCII_NAME = /^[A-Za-z_][\w.-]*$/;
const FIELD_NAME = /^[\p{L}_][\p{L}\p{N}_.-]*$/u;

const isToken = (e: CstElement): e is IToken => 'image' in e;

function node(children: CstChildrenDictionary, key: string, i = 0): CstNode {
  const e = children[key]?.[i];
  if (e === undefined || isToken(e)) throw new Error(`CST: missing rule child ${key}[${i}]`);
  return e;
}
function token(children: CstChildrenDictionary, key: string, i = 0): IToken {
  const e = children[key]?.[i];
  if (e === undefined || !isToken(e)) throw new Error(`CST: missing token ${key}[${i}]`);
  return e;
}
const tokenSpan = (tok: IToken): Span => ({ offset: tok.startOffset, length: tok.image.length });
const join = (a: Span, b: Span): Span => ({ offset: a.offset, length: b.offset + b.length - a.offset });

function rule(element: CstElement | undefined): CstNode {
  if (element === undefined || isToken(element)) throw new Error('CST: expected a rule');
  return element;
}

function operator(element: CstElement | undefined): BinaryOperator {
  if (element === undefined || !isToken(element)) throw new Error('CST: expected an operator');
  const op = OPERATORS.get(element.tokenType);
  if (op === undefined) throw new Error(`CST: unknown operator ${element.image}`);
  return op;
}

/**
 * operand (operator operand)* -> tree with the precedence table of ast.ts (operator precedence
 * parsing with two stacks; every operator is left-associative, so equal precedence reduces first).
 */
function chain(children: CstChildrenDictionary): AstNode {
  const operands = children['operands'] ?? [];
  const operators = children['operators'];
  if (operators === undefined) return toAst(rule(operands[0]));
  const values: AstNode[] = [toAst(rule(operands[0]))];
  const pending: BinaryOperator[] = [];
  const reduce = (): void => {
    const op = pending.pop();
    const right = values.pop();
    const left = values.pop();
    if (op === undefined || right === undefined || left === undefined) throw new Error('CST: unbalanced operator chain');
    values.push({ kind: 'binary', op, left, right, span: join(left.span, right.span) });
  };
  const last = (): BinaryOperator | undefined => pending[pending.length - 1];
  for (let i = 0; i < operators.length; i++) {
    const op = operator(operators[i]);
    for (let top = last(); top !== undefined && PRECEDENCE[top] >= PRECEDENCE[op]; top = last()) reduce();
    pending.push(op);
    values.push(toAst(rule(operands[i + 1])));
  }
  while (pending.length > 0) reduce();
  const root = values[0];
  if (root === undefined || values.length !== 1) throw new Error('CST: unbalanced operator chain');
  return root;
}

/** '-'* value. */
function operand(children: CstChildrenDictionary): AstNode {
  let element: CstElement | undefined;
  for (const key in children) {
    if (key === 'minus') continue;
    element = children[key]?.[0];
    break;
  }
  if (element === undefined) throw new Error('CST: empty operand');
  let node = isToken(element) ? terminal(element) : toAst(element);
  const minus = children['minus'];
  if (minus === undefined) return node;
  for (let i = minus.length - 1; i >= 0; i--) {
    const m = minus[i];
    if (m === undefined || !isToken(m)) throw new Error('CST: bad unary minus');
    node = { kind: 'negate', operand: node, span: join(tokenSpan(m), node.span) };
  }
  return node;
}

function terminal(element: IToken): AstNode {
  const span = tokenSpan(element);
  switch (element.tokenType) {
    case t.NumberLiteral:
      return { kind: 'number', value: Number(element.image), span };
    case t.StringLiteral:
      return { kind: 'string', value: element.image.slice(1, -1), span };
    case t.Reference: {
      const { name, lastSaved } = referenceName(element);
      return lastSaved ? { kind: 'ref', name, lastSaved, span } : { kind: 'ref', name, span };
    }
    case t.Dot:
      return { kind: 'current', span };
    case t.DotDot:
      return { kind: 'parent', span };
    case t.ParentPath:
      return { kind: 'parent', levels: (element.image.length + 1) / 3, span };
    case t.Identifier:
      return { kind: 'column', name: element.image, span };
    default:
      throw new Error(`CST: unexpected token ${element.image}`);
  }
}

const LAST_SAVED = 'last-saved#';

/** The name inside ${...}, exactly: '${a }' is not a reference to a (JavaRosa, pyxform). */
function referenceName(tok: IToken): { name: string; lastSaved: true | undefined } {
  const inner = tok.image.slice(2, -1);
  const lastSaved = inner.startsWith(LAST_SAVED) ? true : undefined;
  const name = lastSaved ? inner.slice(LAST_SAVED.length) : inner;
  if (!ASCII_NAME.test(name) && !FIELD_NAME.test(name)) {
    const shown = inner === '' ? '${}' : `'${inner}'`;
    throw new ExpressionError('syntax', `${shown} is not a question name`, tokenSpan(tok));
  }
  return { name, lastSaved };
}

function call(children: CstChildrenDictionary): AstNode {
  const name = token(children, 'name');
  const close = token(children, 'RParen');
  const args = (children['args'] ?? []).map((a) => {
    if (isToken(a)) throw new Error('CST: token as argument');
    return toAst(a);
  });
  return { kind: 'call', name: name.image, args, span: join(tokenSpan(name), tokenSpan(close)) };
}

function filtered(children: CstChildrenDictionary): AstNode {
  let node = terminal(token(children, 'Reference'));
  const closes = children['RBracket'] ?? [];
  (children['predicates'] ?? []).forEach((p, i) => {
    const close = closes[i];
    const end = close !== undefined && isToken(close) ? tokenSpan(close) : node.span;
    node = { kind: 'filter', target: node, predicate: toAst(rule(p)), span: join(node.span, end) };
  });
  return node;
}

const CONVERTERS: Record<RuleName, (children: CstChildrenDictionary) => AstNode> = {
  expression: chain,
  operand,
  filtered,
  parenthesized: (children) => toAst(node(children, 'expression')),
  functionCall: call,
};

const isRuleName = (name: string): name is RuleName => Object.hasOwn(CONVERTERS, name);

export function toAst(cst: CstNode): AstNode {
  if (!isRuleName(cst.name)) throw new Error(`CST: unknown rule ${cst.name}`);
  return CONVERTERS[cst.name](cst.children);
}
