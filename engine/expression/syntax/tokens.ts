// The vocabulary of XLSForm expressions. Order matters: Chevrotain tries token types in this order,
// so multi-character operators come before their prefixes and keywords defer to longer names.
import { createToken, Lexer, type IToken, type TokenType } from 'chevrotain';

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
// Typographic quotes as spreadsheets type them (‘yes’, “yes”) are quotes too, as pyxform reads them;
// an ASCII-quoted text keeps its apostrophes ('L’âge').
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /"[^"]*"|'[^']*'|‘[^‘’]*[’‘]|“[^“”]*[”“]/,
  start_chars_hint: ['"', "'", '‘', '“'],
  line_breaks: true,
  label: 'text in quotes',
});
export const NumberLiteral = createToken({
  name: 'NumberLiteral',
  pattern: /\d+(?:\.\d*)?|\.\d+/,
  label: 'a number',
});

const NAME = /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/y;
const OPERATOR_NAME = /and|or|div|mod/y;

/** Tokens after which XPath reads a name as an operator (XPath 1.0, 3.7 "Lexical Structure"). */
const endsValue = (token: IToken | undefined): boolean => {
  const type = token?.tokenType;
  return (
    type === NumberLiteral ||
    type === StringLiteral ||
    type === Reference ||
    type === RParen ||
    type === RBracket ||
    type === Dot ||
    type === DotDot ||
    type === ParentPath ||
    type === Identifier
  );
};

/**
 * A name, unless it starts with an operator name right after a value: then the keyword is taken, so
 * '1and1', '3mod4' and '1div1' read as XPath reads them rather than as the number 1 and a name.
 */
function matchName(text: string, offset: number, tokens: IToken[]): RegExpExecArray | null {
  if (endsValue(tokens[tokens.length - 1])) {
    OPERATOR_NAME.lastIndex = offset;
    if (OPERATOR_NAME.test(text)) return null;
  }
  NAME.lastIndex = offset;
  return NAME.exec(text);
}

export const Identifier: TokenType = createToken({
  name: 'Identifier',
  pattern: { exec: matchName },
  line_breaks: false,
  start_chars_hint: [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_'],
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
export const LBracket = operator('LBracket', '[');
export const RBracket = operator('RBracket', ']');
export const LParen = operator('LParen', '(');
export const RParen = operator('RParen', ')');
export const Comma = operator('Comma', ',');
export const ParentPath = createToken({ name: 'ParentPath', pattern: /\.\.(?:\/\.\.)+/, label: "'../..'" });
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
  LBracket,
  RBracket,
  Comma,
  ParentPath,
  DotDot,
  Dot,
  BinaryOp,
];
