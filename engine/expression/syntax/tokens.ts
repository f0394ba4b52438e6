// The vocabulary of XLSForm expressions. Order matters: Chevrotain tries token types in this order,
// so multi-character operators come before their prefixes and keywords defer to longer names.
import { createToken, Lexer, type TokenType } from 'chevrotain';

export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /[ \t\r\n]+/,
  group: Lexer.SKIPPED,
  line_breaks: true,
});

export const Reference = createToken({
  name: 'Reference',
  pattern: /\$\{[^}]*\}/,
  start_chars_hint: ['$'],
  label: 'a ${name} reference',
});
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /"[^"]*"|'[^']*'/,
  start_chars_hint: ['"', "'"],
  line_breaks: true,
  label: 'text in quotes',
});
export const NumberLiteral = createToken({
  name: 'NumberLiteral',
  pattern: /\d+(?:\.\d*)?|\.\d+/,
  label: 'a number',
});

export const Identifier = createToken({
  name: 'Identifier',
  pattern: /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/,
  label: 'a name',
});
// One category for every binary operator: the grammar reads a flat operator chain and the AST
// builder applies the precedence table (ast.ts), which keeps the parser shallow and fast.
export const BinaryOp = createToken({ name: 'BinaryOp', pattern: Lexer.NA, label: 'an operator' });

const keyword = (word: string, categories: TokenType[] = []): TokenType =>
  createToken({
    name: `Keyword_${word}`,
    pattern: word,
    longer_alt: Identifier,
    categories,
    label: `'${word}'`,
  });
export const Or = keyword('or', [BinaryOp]);
export const And = keyword('and', [BinaryOp]);
export const Div = keyword('div', [BinaryOp]);
export const Mod = keyword('mod', [BinaryOp]);

const operator = (name: string, image: string, categories: TokenType[] = []): TokenType =>
  createToken({ name, pattern: image, categories, label: `'${image}'` });
export const NotEquals = operator('NotEquals', '!=', [BinaryOp]);
export const Equals = operator('Equals', '=', [BinaryOp]);
export const LessEq = operator('LessEq', '<=', [BinaryOp]);
export const GreaterEq = operator('GreaterEq', '>=', [BinaryOp]);
export const Less = operator('Less', '<', [BinaryOp]);
export const Greater = operator('Greater', '>', [BinaryOp]);
export const Plus = operator('Plus', '+', [BinaryOp]);
export const Minus = operator('Minus', '-', [BinaryOp]);
export const Star = operator('Star', '*', [BinaryOp]);
export const Pipe = operator('Pipe', '|', [BinaryOp]);
export const LParen = operator('LParen', '(');
export const RParen = operator('RParen', ')');
export const Comma = operator('Comma', ',');
export const DotDot = operator('DotDot', '..');
export const Dot = operator('Dot', '.');

/** Lexing order: numbers before dots (.5), two-character operators before one-character ones. */
export const ALL_TOKENS: TokenType[] = [
  WhiteSpace,
  Reference,
  StringLiteral,
  NumberLiteral,
  Or,
  And,
  Div,
  Mod,
  Identifier,
  NotEquals,
  LessEq,
  GreaterEq,
  Equals,
  Less,
  Greater,
  Plus,
  Minus,
  Star,
  Pipe,
  LParen,
  RParen,
  Comma,
  DotDot,
  Dot,
  BinaryOp,
];
