// The grammar, and nothing else: no actions, no values. XPath 1.0 precedence, loosest first:
// or, and, = !=, < <= > >=, + -, * div mod, unary -, |. Meaning is given by to-ast.ts.
import { CstParser, EOF, tokenLabel, type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';
import * as t from './tokens';

const describe = (token: IToken | undefined): string =>
  token === undefined || token.tokenType === EOF ? 'the end of the expression' : `'${token.image}'`;

const label = (type: TokenType): string => tokenLabel(type);

/** Messages written for form builders, not parser authors. */
const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual }) => `Expected ${label(expected)} but found ${describe(actual)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) =>
    `Unexpected ${describe(firstRedundant)}: is an operator or a comma missing before it?`,
  buildNoViableAltMessage: ({ actual }) =>
    `Expected a value (a number, text in quotes, \${name}, '.' or a function call) but found ${describe(actual[0])}`,
  buildEarlyExitMessage: ({ actual }) => `Unexpected ${describe(actual[0])}`,
};

export class ExpressionGrammar extends CstParser {
  constructor() {
    super(t.ALL_TOKENS, { recoveryEnabled: true, errorMessageProvider: messages, maxLookahead: 2 });
    this.performSelfAnalysis();
  }

  readonly expression = this.RULE('expression', () => {
    this.SUBRULE(this.andExpr, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(t.Or, { LABEL: 'operators' });
      this.SUBRULE2(this.andExpr, { LABEL: 'operands' });
    });
  });

  readonly andExpr = this.RULE('andExpr', () => {
    this.SUBRULE(this.equalityExpr, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(t.And, { LABEL: 'operators' });
      this.SUBRULE2(this.equalityExpr, { LABEL: 'operands' });
    });
  });

  readonly equalityExpr = this.RULE('equalityExpr', () => {
    this.SUBRULE(this.relationalExpr, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(t.EqualityOp, { LABEL: 'operators' });
      this.SUBRULE2(this.relationalExpr, { LABEL: 'operands' });
    });
  });

  readonly relationalExpr = this.RULE('relationalExpr', () => {
    this.SUBRULE(this.additiveExpr, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(t.RelationalOp, { LABEL: 'operators' });
      this.SUBRULE2(this.additiveExpr, { LABEL: 'operands' });
    });
  });

  readonly additiveExpr = this.RULE('additiveExpr', () => {
    this.SUBRULE(this.multiplicativeExpr, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(t.AdditiveOp, { LABEL: 'operators' });
      this.SUBRULE2(this.multiplicativeExpr, { LABEL: 'operands' });
    });
  });

  readonly multiplicativeExpr = this.RULE('multiplicativeExpr', () => {
    this.SUBRULE(this.unaryExpr, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(t.MultiplicativeOp, { LABEL: 'operators' });
      this.SUBRULE2(this.unaryExpr, { LABEL: 'operands' });
    });
  });

  readonly unaryExpr = this.RULE('unaryExpr', () => {
    this.MANY(() => this.CONSUME(t.Minus, { LABEL: 'minus' }));
    this.SUBRULE(this.unionExpr, { LABEL: 'operand' });
  });

  readonly unionExpr = this.RULE('unionExpr', () => {
    this.SUBRULE(this.primary, { LABEL: 'operands' });
    this.MANY(() => {
      this.CONSUME(t.Pipe, { LABEL: 'operators' });
      this.SUBRULE2(this.primary, { LABEL: 'operands' });
    });
  });

  readonly primary = this.RULE('primary', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.NumberLiteral) },
      { ALT: () => this.CONSUME(t.StringLiteral) },
      { ALT: () => this.CONSUME(t.Reference) },
      { ALT: () => this.CONSUME(t.DotDot) },
      { ALT: () => this.CONSUME(t.Dot) },
      { ALT: () => this.SUBRULE(this.functionCall) },
      { ALT: () => this.CONSUME(t.Identifier) },
      { ALT: () => this.SUBRULE(this.parenthesized) },
    ]);
  });

  readonly parenthesized = this.RULE('parenthesized', () => {
    this.CONSUME(t.LParen);
    this.SUBRULE(this.expression);
    this.CONSUME(t.RParen);
  });

  readonly functionCall = this.RULE('functionCall', () => {
    this.CONSUME(t.Identifier, { LABEL: 'name' });
    this.CONSUME(t.LParen);
    this.MANY_SEP({
      SEP: t.Comma,
      DEF: () => this.SUBRULE(this.expression, { LABEL: 'args' }),
    });
    this.CONSUME(t.RParen);
  });
}
