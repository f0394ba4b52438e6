import { describe, expect, it } from 'vitest';
import { diagnose, ExpressionError, MESSAGES, parse, tryEvaluate } from '../../../engine/expression/index';
import { failure } from './helpers';

function parseError(source: string): ExpressionError {
  try {
    parse(source);
  } catch (e) {
    if (e instanceof ExpressionError) return e;
    throw e;
  }
  throw new Error(`${source} parsed`);
}

describe('syntax errors carry the offset and length of the offending text', () => {
  it.each([
    ['', 0, 0, /empty/],
    ['   ', 0, 3, /empty/],
    ['1 +', 3, 0, /Expected a value .* end of the expression/],
    ['1 + * 2', 4, 1, /Expected a value .* '\*'/],
    ['(1 + 2', 6, 0, /Expected '\)'/],
    ['1 + 2)', 5, 1, /Unexpected '\)'/],
    ['foo(1,,2)', 6, 1, /Expected a value .* ','/],
    ['round(1,)', 8, 1, /Expected a value/],
    ["'abc", 0, 4, /no closing '/],
    ['"abc', 0, 4, /no closing "/],
    ["concat('a', 'b", 12, 2, /no closing '/],
    ['${age', 0, 5, /no closing }/],
    ['${}', 0, 3, /not a question name/],
    ['${a }', 0, 5, /'a ' is not a question name/],
    ['${ a}', 0, 5, /' a' is not a question name/],
    ['${a', 0, 3, /no closing }/],
    ['${last-saved#}', 0, 14, /not a question name/],
    ['${a b}', 0, 6, /'a b' is not a question name/],
    ['${1a}', 0, 5, /not a question name/],
    ['1 # 2', 2, 1, /Unexpected character '#'/],
    ['${a} ${b}', 5, 4, /Unexpected '\$\{b\}'/],
    ['1 2', 2, 1, /operator or a comma missing/],
    ["'it''s'", 4, 3, /Unexpected/],
    ['age > 5 and', 11, 0, /end of the expression/],
    ['= 5', 0, 1, /Expected a value/],
  ] as const)('%j', (source, offset, length, message) => {
    const error = parseError(source);
    expect(error).toBeInstanceOf(ExpressionError);
    expect(error.code).toBe('syntax');
    expect(error.message).toMatch(message);
    expect([error.offset, error.length]).toEqual([offset, length]);
    expect(error.source).toBe(source);
  });
});

describe('unknown functions', () => {
  it.each([
    ['foo(1)', 0, 3, /Unknown function foo\(\)$/],
    ['1 + conut(${a})', 4, 5, /did you mean count\(\)/],
    ['roud(1.5)', 0, 4, /did you mean round\(\)/],
    ['pulldate("a", "b", "c", "d")', 0, 8, /did you mean pulldata\(\)/],
    ['Today()', 0, 5, /did you mean today\(\)/],
  ] as const)('%s', (source, offset, length, message) => {
    const error = parseError(source);
    expect(error.code).toBe('unknown-function');
    expect(error.message).toMatch(message);
    expect([error.offset, error.length]).toEqual([offset, length]);
  });
});

describe('wrong number of arguments', () => {
  it.each([
    ['round(1, 2, 3)', /round\(\) takes 1 or 2 arguments but was given 3/],
    ['round()', /takes 1 or 2 arguments but was given 0/],
    ['if(1, 2)', /if\(\) takes 3 arguments but was given 2/],
    ['today(1)', /today\(\) takes 0 arguments/],
    ['not()', /not\(\) takes 1 argument but/],
    ['join()', /join\(\) takes at least 1 argument/],
    ["substr('a')", /substr\(\) takes 2 or 3 arguments/],
    ['indexed-repeat(${a}, ${b})', /takes 3 to 7 arguments/],
    ["coalesce('a')", /coalesce\(\) takes 2 arguments/],
  ] as const)('%s fails when evaluated, and diagnose() names it', (source, message) => {
    for (const error of [failure(source), diagnose(source)[0]]) {
      expect(error?.code).toBe('arity');
      expect(error?.message).toMatch(message);
      expect(error?.offset).toBe(source.indexOf(source.split('(')[0] ?? ''));
      expect(error?.length).toBe(source.length);
    }
  });
  // JavaRosa counts arguments in XPathFuncExpr.eval (assertArgsCount, checkArity), not when parsing
  // (ASTNodeFunctionCall.build only builds the call): a call `and`, `or` or if() skip never fails.
  it.each([
    ['false() and round(1, 2, 3)', false],
    ['true() or today(1)', true],
    ["if(false(), substr('a'), 5)", 5],
    ["coalesce('x', not())", 'x'],
  ] as const)('%s is %j: a call that is skipped is not counted', (source, expected) => {
    expect(parse(source).deferred?.map((e) => e.code)).toEqual(['arity']);
    expect(tryEvaluate(source, { fields: {} })).toEqual({ ok: true, value: expected });
  });
  it('still fails when the call is reached', () => {
    expect(failure('true() and round(1, 2, 3)').message).toMatch(/round\(\) takes 1 or 2 arguments but was given 3/);
  });
});

describe('arguments of the wrong shape', () => {
  it.each([
    ['sum(3)', 4, 1],
    ["count('a')", 6, 3],
    ['count(${a} + 1)', 6, 8],
    ['position(.)', 9, 1],
    ["indexed-repeat('x', ${r}, 1)", 15, 3],
    ['.. + 1', 0, 2],
    ["regex(${a}, '[')", 12, 3],
    ["regex(${a}, '(')", 12, 3],
  ] as const)('%s', (source, offset, length) => {
    const error = parseError(source);
    expect([error.offset, error.length]).toEqual([offset, length]);
  });
});

describe('diagnose lists every problem at once', () => {
  it('reports unknown functions and argument counts together, in order', () => {
    const errors = diagnose('foo(1) + round() + bar(2)');
    expect(errors.map((e) => [e.code, e.offset])).toEqual([
      ['unknown-function', 0],
      ['arity', 9],
      ['unknown-function', 19],
    ]);
  });
  it('reports lexing and parsing errors together', () => {
    expect(diagnose('1 # 2 +').length).toBeGreaterThanOrEqual(2);
  });
  it('is empty for a good expression', () => {
    expect(diagnose("if(${a} > 1, 'x', 'y')")).toEqual([]);
  });
});

describe('evaluation errors', () => {
  it('names an unknown question at its reference', () => {
    const error = failure('1 + ${nope}');
    expect(error.code).toBe('unknown-reference');
    expect(error.message).toBe("There is no question named 'nope'");
    expect([error.offset, error.length]).toEqual([4, 7]);
  });
  it('accepts an unanswered question known from env.types', () => {
    expect(tryEvaluate("${later} = ''", { fields: {}, types: { later: 'text' } })).toEqual({ ok: true, value: true });
  });
  it('reads a bare name outside a choice filter as JavaRosa does: a node that is not there, blank', () => {
    // Published forms write 'FALSE' as a relevance and 'null' as a calculation; ODK Collect accepts them.
    expect(tryEvaluate('age > 5', { fields: { age: 9 }, types: { age: 'integer' } })).toEqual({ ok: true, value: false });
    expect(tryEvaluate('FALSE', { fields: {} })).toEqual({ ok: true, value: '' });
    expect(tryEvaluate("concat('a', null, 'b')", { fields: {} })).toEqual({ ok: true, value: 'ab' });
  });
  it('needs a question for "."', () => {
    expect(failure('. + 1').message).toMatch(/'\.' needs the question/);
  });
  it('carries the spec texts for the user', () => {
    const error = failure('${nope}');
    expect(error.title).toBe('Error evaluating xlsform fields');
    expect(error.advice).toBe(MESSAGES.advice);
    expect(error.advice).toBe('Please check if the syntax is correct. If you believe this is an error, please contact your administrator.');
  });
  it('tryEvaluate returns failures as values', () => {
    const outcome = tryEvaluate('1 +', { fields: {} });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.code).toBe('syntax');
  });
  it.each([
    ['nested parentheses', `${'('.repeat(5000)}1${')'.repeat(5000)}`],
    ['nested calls', `${'not('.repeat(3000)}1${')'.repeat(3000)}`],
    ['minus signs', `${'-'.repeat(15000)}1`],
    ['a very long text', Array.from({ length: 6000 }, () => '1').join(' + ')],
  ])('turns %s into an ExpressionError, never a stack overflow', (_, source) => {
    const error = parseError(source);
    expect(error.code).toBe('syntax');
    expect(error.message).toBe('The expression is too long or too deeply nested');
    const outcome = tryEvaluate(source, { fields: {} });
    expect(outcome.ok).toBe(false);
    expect(diagnose(source).length).toBeGreaterThan(0);
  });
});
