// Text -> AST, reporting every lexing and parsing error with its offset and length. One lexer and
// one parser instance serve all calls; they are created on first use, not at import.
import { EOF, Lexer, type ILexingError, type IRecognitionException } from 'chevrotain';
import type { AstNode } from '../ast';
import { ExpressionError } from '../errors';
import { ExpressionGrammar } from './grammar';
import { toAst } from './to-ast';
import { ALL_TOKENS } from './tokens';

let lexer: Lexer | undefined;
let grammar: ExpressionGrammar | undefined;

function instances(): { lexer: Lexer; grammar: ExpressionGrammar } {
  lexer ??= new Lexer(ALL_TOKENS, { positionTracking: 'onlyOffset', ensureOptimizations: true });
  grammar ??= new ExpressionGrammar();
  return { lexer, grammar };
}

export interface SyntaxResult {
  /** Present only when there are no errors. */
  readonly root: AstNode | undefined;
  readonly errors: readonly ExpressionError[];
}

/** Far beyond any form's expression; keeps a pasted document from freezing the builder. */
export const MAX_SOURCE_LENGTH = 20_000;

const tooComplex = (source: string): SyntaxResult => ({
  root: undefined,
  errors: [new ExpressionError('syntax', 'The expression is too long or too deeply nested', { offset: 0, length: source.length })],
});

export function parseSyntax(source: string): SyntaxResult {
  if (source.length > MAX_SOURCE_LENGTH) return tooComplex(source);
  try {
    return parseChecked(source);
  } catch (e) {
    // Recursion deeper than the stack allows (thousands of nested parentheses).
    if (e instanceof RangeError) return tooComplex(source);
    throw e;
  }
}

function parseChecked(source: string): SyntaxResult {
  if (source.trim() === '') {
    return { root: undefined, errors: [new ExpressionError('syntax', 'The expression is empty', { offset: 0, length: source.length })] };
  }
  const { lexer, grammar } = instances();
  const lexed = lexer.tokenize(source);
  grammar.input = lexed.tokens;
  const cst = grammar.expression();
  if (lexed.errors.length === 0 && grammar.errors.length === 0) {
    try {
      return { root: toAst(cst), errors: [] };
    } catch (e) {
      if (e instanceof ExpressionError) return { root: undefined, errors: [e] };
      throw e;
    }
  }
  const errors = [...lexed.errors.map((e) => lexingError(source, e)), ...grammar.errors.map((e) => parsingError(source, e))].sort(
    (a, b) => a.offset - b.offset,
  );
  return { root: undefined, errors };
}

function lexingError(source: string, e: ILexingError): ExpressionError {
  const c = source.charAt(e.offset);
  if (c === '"' || c === "'") {
    return new ExpressionError('syntax', `The text starting here has no closing ${c}`, {
      offset: e.offset,
      length: source.length - e.offset,
    });
  }
  if (c === '$' && source.charAt(e.offset + 1) === '{') {
    return new ExpressionError('syntax', 'The reference starting here has no closing }', {
      offset: e.offset,
      length: source.length - e.offset,
    });
  }
  return new ExpressionError('syntax', `Unexpected character '${source.slice(e.offset, e.offset + e.length)}'`, {
    offset: e.offset,
    length: e.length,
  });
}

function parsingError(source: string, e: IRecognitionException): ExpressionError {
  const tok = e.token;
  const atEnd = tok.tokenType === EOF || Number.isNaN(tok.startOffset);
  return new ExpressionError('syntax', e.message, {
    offset: atEnd ? source.length : tok.startOffset,
    length: atEnd ? 0 : tok.image.length,
  });
}
