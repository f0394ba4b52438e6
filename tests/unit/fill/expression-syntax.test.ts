// The browser's stand-in parser (src/expression/syntax.ts): answers from the trees a survey came with,
// and for any other text loads the real parser and then agrees with it.
import { describe, expect, it } from 'vitest';
import { parse } from '../../../engine/expression/index';
import * as real from '../../../engine/expression/syntax/parse-syntax';
import * as standIn from '../../../src/expression/syntax';

describe('the stand-in parser', () => {
  it('offers what the engine imports of the real one', () => {
    expect(typeof standIn.parseSyntax).toBe(typeof real.parseSyntax);
  });

  it('answers from the trees it was given, without the parser', () => {
    const tree = parse('${age} >= 18').root;
    expect(standIn.provideTrees({ '${age} >= 18': tree })).toBe(true);
    expect(standIn.parserLoaded()).toBe(false);
    expect(standIn.parseSyntax('${age} >= 18')).toEqual({ root: tree, errors: [] });
    expect(standIn.parserLoaded()).toBe(false);
  });

  it('says whether the trees cover everything: not with a null one, nor without any', () => {
    expect(standIn.provideTrees({ '${a} +': null })).toBe(false);
    expect(standIn.provideTrees(undefined)).toBe(false);
  });

  it('reports a text without a tree as an expression error until the parser is there, then parses it', async () => {
    const first = standIn.parseSyntax('count(${member}) > 2');
    expect(first.root).toBeUndefined();
    expect(first.errors[0]?.code).toBe('internal');
    await standIn.ensureParser();
    expect(standIn.parserLoaded()).toBe(true);
    expect(standIn.parseSyntax('count(${member}) > 2')).toEqual(real.parseSyntax('count(${member}) > 2'));
    expect(standIn.parseSyntax('${a} +').errors.map((e) => e.message)).toEqual(real.parseSyntax('${a} +').errors.map((e) => e.message));
  });
});
