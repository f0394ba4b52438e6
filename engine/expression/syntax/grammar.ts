// The grammar, and nothing else: no actions, no values. Binary operators, '|' included, are read as
// a flat chain (operand, operator, operand, ...); to-ast.ts applies the precedence table of ast.ts.
// That keeps every value two rule calls deep instead of eleven, which is most of parsing's cost.
import { CstParser, EOF, tokenLabel, type IParserErrorMessageProvider, type IToken } from 'chevrotain';
import * as t from './tokens';

const describe = (token: IToken | undefined): string =>
  token === undefined || token.tokenType === EOF ? 'the end of the expression' : `'${token.image}'`;

/** Messages written for form builders, not parser authors. */
const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, actual }) => `Expected ${tokenLabel(expected)} but found ${describe(actual)}`,
  buildNotAllInputParsedMessage: ({ firstRedundant }) =>
    `Unexpected ${describe(firstRedundant)}: is an operator or a comma missing before it?`,
  buildNoViableAltMessage: ({ actual }) =>
    `Expected a value (a number, text in quotes, \${name}, '.' or a function call) but found ${describe(actual[0])}`,
  buildEarlyExitMessage: ({ actual }) => `Unexpected ${describe(actual[0])}`,
};

// Labels name the CST children that to-ast.ts reads. Hoisted so no rule allocates them per call.
const OPERANDS = { LABEL: 'operands' } as const;
const OPERATORS = { LABEL: 'operators' } as const;
const MINUS = { LABEL: 'minus' } as const;
const NAME = { LABEL: 'name' } as const;
const ARGS = { LABEL: 'args' } as const;
const PREDICATES = { LABEL: 'predicates' } as const;

export class ExpressionGrammar extends CstParser {
  constructor() {
    super(t.ALL_TOKENS, { recoveryEnabled: true, errorMessageProvider: messages, maxLookahead: 2 });
    this.performSelfAnalysis();
  }

  /** operand (operator operand)* */
  readonly expression = this.RULE('expression', () => {
    this.SUBRULE(this.operand, OPERANDS);
    this.MANY(this.binaryTail);
  });

  private readonly binaryTail = (): void => {
    this.CONSUME(t.BinaryOp, OPERATORS);
    this.SUBRULE2(this.operand, OPERANDS);
  };

  /** '-'* value: a literal, a reference, '.', '..', a call, a bare name or a parenthesised expression. */
  readonly operand = this.RULE('operand', () => {
    this.MANY(this.minus);
    this.OR(this.values);
  });

  private readonly minus = (): void => {
    this.CONSUME(t.Minus, MINUS);
  };

  private readonly values = [
    { ALT: () => this.CONSUME(t.NumberLiteral) },
    { ALT: () => this.CONSUME(t.StringLiteral) },
    { ALT: () => this.SUBRULE(this.filtered) },
    { ALT: () => this.CONSUME(t.Reference) },
    { ALT: () => this.CONSUME(t.ParentPath) },
    { ALT: () => this.CONSUME(t.DotDot) },
    { ALT: () => this.CONSUME(t.Dot) },
    { ALT: () => this.SUBRULE(this.functionCall) },
    { ALT: () => this.CONSUME(t.Identifier) },
    { ALT: () => this.SUBRULE(this.parenthesized) },
  ];

  /** ${name}[predicate]...: the predicates are expressions of their own. */
  readonly filtered = this.RULE('filtered', () => {
    this.CONSUME(t.Reference);
    this.AT_LEAST_ONE(this.predicate);
  });

  private readonly predicate = (): void => {
    this.CONSUME(t.LBracket);
    this.SUBRULE(this.expression, PREDICATES);
    this.CONSUME(t.RBracket);
  };

  readonly parenthesized = this.RULE('parenthesized', () => {
    this.CONSUME(t.LParen);
    this.SUBRULE(this.expression);
    this.CONSUME(t.RParen);
  });

  readonly functionCall = this.RULE('functionCall', () => {
    this.CONSUME(t.Identifier, NAME);
    this.CONSUME(t.LParen);
    this.MANY_SEP(this.argumentList);
    this.CONSUME(t.RParen);
  });

  private readonly argumentList = {
    SEP: t.Comma,
    DEF: (): void => {
      this.SUBRULE(this.expression, ARGS);
    },
  };
}
