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
// Categories let one CONSUME stand for an operator class; the token's own type says which operator.
export const EqualityOp = createToken({ name: 'EqualityOp', pattern: Lexer.NA });
export const RelationalOp = createToken({ name: 'RelationalOp', pattern: Lexer.NA });
export const AdditiveOp = createToken({ name: 'AdditiveOp', pattern: Lexer.NA });
export const MultiplicativeOp = createToken({ name: 'MultiplicativeOp', pattern: Lexer.NA });

const keyword = (word: string, categories: TokenType[] = []): TokenType =>
  createToken({
    name: `Keyword_${word}`,
    pattern: word,
    longer_alt: Identifier,
    categories,
    label: `'${word}'`,
  });
export const Or = keyword('or');
export const And = keyword('and');
export const Div = keyword('div', [MultiplicativeOp]);
export const Mod = keyword('mod', [MultiplicativeOp]);

const operator = (name: string, image: string, categories: TokenType[] = []): TokenType =>
  createToken({ name, pattern: image, categories, label: `'${image}'` });
export const NotEquals = operator('NotEquals', '!=', [EqualityOp]);
export const Equals = operator('Equals', '=', [EqualityOp]);
export const LessEq = operator('LessEq', '<=', [RelationalOp]);
export const GreaterEq = operator('GreaterEq', '>=', [RelationalOp]);
export const Less = operator('Less', '<', [RelationalOp]);
export const Greater = operator('Greater', '>', [RelationalOp]);
export const Plus = operator('Plus', '+', [AdditiveOp]);
export const Minus = operator('Minus', '-', [AdditiveOp]);
export const Star = operator('Star', '*', [MultiplicativeOp]);
export const Pipe = operator('Pipe', '|');
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
  EqualityOp,
  RelationalOp,
  AdditiveOp,
  MultiplicativeOp,
];
