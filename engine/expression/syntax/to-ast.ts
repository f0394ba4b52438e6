// CST -> AST: the only place that knows the grammar's rule and label names. Called only on trees
// the parser built without errors, so every expected child is present.
import type { CstChildrenDictionary, CstElement, CstNode, IToken, TokenType } from 'chevrotain';
import type { AstNode, BinaryOperator, Span } from '../ast';
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

/** XML names as XLSForm allows them for questions. */
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

/** Left-associative chain of one precedence level. */
function chain(children: CstChildrenDictionary): AstNode {
  const operands = children['operands'] ?? [];
  const operators = children['operators'] ?? [];
  let left = toAst(node(children, 'operands', 0));
  for (let i = 0; i < operators.length; i++) {
    const opToken = operators[i];
    const rightNode = operands[i + 1];
    if (opToken === undefined || !isToken(opToken) || rightNode === undefined || isToken(rightNode)) {
      throw new Error('CST: unbalanced operator chain');
    }
    const op = OPERATORS.get(opToken.tokenType);
    if (op === undefined) throw new Error(`CST: unknown operator ${opToken.image}`);
    const right = toAst(rightNode);
    left = { kind: 'binary', op, left, right, span: join(left.span, right.span) };
  }
  return left;
}

function unary(children: CstChildrenDictionary): AstNode {
  let operand = toAst(node(children, 'operand'));
  const minus = children['minus'] ?? [];
  for (let i = minus.length - 1; i >= 0; i--) {
    const m = minus[i];
    if (m === undefined || !isToken(m)) throw new Error('CST: bad unary minus');
    operand = { kind: 'negate', operand, span: join(tokenSpan(m), operand.span) };
  }
  return operand;
}

function primary(children: CstChildrenDictionary): AstNode {
  const [key, elements] = Object.entries(children)[0] ?? [];
  const element = elements?.[0];
  if (key === undefined || element === undefined) throw new Error('CST: empty primary');
  if (!isToken(element)) return toAst(element);
  const span = tokenSpan(element);
  switch (element.tokenType) {
    case t.NumberLiteral:
      return { kind: 'number', value: Number(element.image), span };
    case t.StringLiteral:
      return { kind: 'string', value: element.image.slice(1, -1), span };
    case t.Reference:
      return { kind: 'ref', name: referenceName(element), span };
    case t.Dot:
      return { kind: 'current', span };
    case t.DotDot:
      return { kind: 'parent', span };
    case t.Identifier:
      return { kind: 'column', name: element.image, span };
    default:
      throw new Error(`CST: unexpected token ${element.image}`);
  }
}

function referenceName(tok: IToken): string {
  const name = tok.image.slice(2, -1).trim();
  if (!FIELD_NAME.test(name)) {
    const shown = name === '' ? '${}' : `'${name}'`;
    throw new ExpressionError('syntax', `${shown} is not a question name`, tokenSpan(tok));
  }
  return name;
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

const CONVERTERS: Record<RuleName, (children: CstChildrenDictionary) => AstNode> = {
  expression: chain,
  andExpr: chain,
  equalityExpr: chain,
  relationalExpr: chain,
  additiveExpr: chain,
  multiplicativeExpr: chain,
  unaryExpr: unary,
  unionExpr: chain,
  primary,
  parenthesized: (children) => toAst(node(children, 'expression')),
  functionCall: call,
};

const isRuleName = (name: string): name is RuleName => Object.hasOwn(CONVERTERS, name);

export function toAst(cst: CstNode): AstNode {
  if (!isRuleName(cst.name)) throw new Error(`CST: unknown rule ${cst.name}`);
  return CONVERTERS[cst.name](cst.children);
}
