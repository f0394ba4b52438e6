import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diagnose, ExpressionError, parse, print, tryEvaluate } from '../../../engine/expression/index';
import { tokenSoup, tree, withoutSpans } from './arbitraries';
import { env } from './helpers';

const onlyExpressionErrors = (source: string): boolean => {
  try {
    parse(source);
    return true;
  } catch (e) {
    return e instanceof ExpressionError && e.offset >= 0 && e.offset + e.length <= source.length;
  }
};

describe('the parser', () => {
  it('only ever throws ExpressionError, located inside the text, on any string', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), onlyExpressionErrors), { numRuns: 2000 });
  });
  it('only ever throws ExpressionError on token soup', () => {
    fc.assert(fc.property(tokenSoup, onlyExpressionErrors), { numRuns: 3000 });
  });
  it('diagnose never throws and agrees with parse', () => {
    fc.assert(
      fc.property(tokenSoup, (source) => {
        const problems = diagnose(source);
        // A call with the wrong number of arguments parses (JavaRosa refuses it when it runs); diagnose
        // still tells the author. Any other problem is one parse refuses too.
        if (problems.length === 0) return onlyExpressionErrors(source) && parse(source).source === source;
        return problems.every((p) => p.code === 'arity') || !tryParse(source);
      }),
      { numRuns: 1000 },
    );
  });
});

function tryParse(source: string): boolean {
  try {
    parse(source);
    return true;
  } catch {
    return false;
  }
}

describe('printing', () => {
  it('parse(print(tree)) is the same tree', () => {
    fc.assert(
      fc.property(tree, (ast) => {
        const printed = print(ast);
        expect(withoutSpans(parse(printed).root)).toEqual(withoutSpans(ast));
      }),
      { numRuns: 1500 },
    );
  });
  it('printing is stable: print(parse(print(tree))) = print(tree)', () => {
    fc.assert(
      fc.property(tree, (ast) => print(parse(print(ast)).root) === print(ast)),
      { numRuns: 500 },
    );
  });
});

describe('evaluation', () => {
  it('fails only with ExpressionError, whatever the tree', () => {
    const scope = env({ current: 'x', context: 'age', choice: { a: '1', b: 'two' } });
    fc.assert(
      fc.property(tree, (ast) => {
        const outcome = tryEvaluate(print(ast), scope);
        return outcome.ok || outcome.error instanceof ExpressionError;
      }),
      { numRuns: 1500 },
    );
  });
});
