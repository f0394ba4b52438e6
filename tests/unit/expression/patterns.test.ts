// regex() patterns: Java syntax translated to RE2, and what cannot run refused with its position, when
// the expression is checked and by the publish step's check (engine/survey checkPatterns).
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { evaluate, parse, patternIssues, translatePattern } from '../../../engine/expression/index';
import { linearForBacktracking } from '../../../engine/expression/values/pattern';

/** regex() as forms call it, with the pattern known when compiling (the host RegExp where simple). */
const wholeMatcherFor =
  (pattern: string) =>
  (s: string): unknown =>
    evaluate(`regex(\${s}, '${pattern}')`, { fields: { s } });
import { bindSurvey, checkPatterns, q, repeat, survey } from '../../../engine/survey/index';

describe('translation from Java syntax', () => {
  it.each([
    ['a++', 'a+'],
    ['a*+b?+c{2,3}+', 'a*b?c{2,3}'],
    ['a+?', 'a+?'],
    ['(?>ab)', '(?:ab)'],
    ['\\p{IsLatin}', '\\p{Latin}'],
    ['\\p{L}\\pL', '\\p{L}\\p{L}'],
    ['\\p{Digit}', '[0-9]'],
    ['[\\p{Alpha}_]', '[a-zA-Z_]'],
    ['\\P{Alpha}', '[^a-zA-Z]'],
    ['\\u00e9', '\\x{00e9}'],
    ['\\Q(a)\\E', '\\(a\\)'],
    ['x{a}', 'x\\{a}'],
  ])('%s -> %s', (java, re2) => {
    expect(translatePattern(java)).toEqual({ ok: true, source: re2 });
  });

  it.each([
    ['(a)\\1', 3, 'Back-references'],
    ['(?<n>a)\\k<n>', 7, 'Back-references'],
    ['a(?=b)', 1, 'Look-ahead'],
    ['a(?!b)', 1, 'Look-ahead'],
    ['(?<=a)b', 0, 'Look-behind'],
    ['(?<!a)b', 0, 'Look-behind'],
    ['[a-z&&[^e]]', 4, 'intersection'],
    ['[a-z[0-9]]', 4, 'Nested'],
    ['\\p{InGreek}', 0, 'Unicode blocks'],
    ['[\\P{Alpha}]', 1, 'negated class'],
    ['ab[c', 2, 'Unclosed'],
  ])('%s is refused at %i', (java, position, message) => {
    const t = translatePattern(java);
    expect(t.ok).toBe(false);
    expect(t).toMatchObject({ position });
    expect(t.ok ? '' : t.message).toContain(message);
  });
});

describe('refused when the expression is checked', () => {
  it('names the pattern and where in it', () => {
    expect(() => parse("regex(., '(a)\\1')")).toThrow(/Back-references.*\(at 4 in '\(a\)\\1'\)/);
  });

  it('lists every unusable literal pattern of an expression', () => {
    expect(patternIssues("regex(., 'a(?=b)') or regex(., '[a-z]+') or regex(., '\\h\\X')")).toEqual([
      { pattern: 'a(?=b)', position: 1, message: expect.stringContaining('Look-ahead') },
      { pattern: '\\h\\X', position: 2, message: expect.stringContaining('\\X') },
    ]);
  });
});

describe('checkPatterns (the publish step)', () => {
  it('lists question, pattern, position and message for each pattern RE2 cannot run', () => {
    const s = survey(
      q.text('code').constraint("regex(., '^[A-Z]{3}$')"),
      q.text('twice').constraint("regex(., '(\\w)\\1')"),
      repeat('people', q.text('name').constraint("regex(., '\\p{L}++')"), q.text('initials').relevant("regex(${name}, '(?<=x)y')")),
    );
    expect(checkPatterns(bindSurvey(s))).toEqual([
      { question: 'twice', pattern: '(\\w)\\1', position: 4, message: expect.stringContaining('Back-references') },
      { question: 'initials', pattern: '(?<=x)y', position: 0, message: expect.stringContaining('Look-behind') },
    ]);
  });
});

describe('simple patterns run on the host RegExp, and agree with RE2', () => {
  it.each([
    ['^0[0-9]{9}$', true],
    ['[A-Z]{3}[0-9]{2,4}', true],
    ['\\d+', true],
    ['(a+)+b', false],
    ['a*a*', false],
    ['a|b', false],
    ['.*', false],
    ['\\s+', false],
    ['x{1,100}', false],
    ['[a-z]?[a-z]?[a-z]?[a-z]?[a-z]?[a-z]?[a-z]?', false],
  ])('%s: %s', (pattern, simple) => {
    expect(linearForBacktracking(pattern)).toBe(simple);
  });

  it('gives the same answers as RE2 on generated patterns and answers', () => {
    const atom = fc.constantFrom('a', 'b', '[ab]', '[^a]', '\\d', 'é', '😀', '[a-c]');
    const quantifier = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '{0,}');
    const pattern = fc
      .array(
        fc.tuple(atom, quantifier).map(([a, q]) => a + q),
        { minLength: 1, maxLength: 4 },
      )
      .map((parts) => parts.join(''));
    const answer = fc.array(fc.constantFrom('a', 'b', 'c', '1', 'é', '😀', '\n'), { maxLength: 8 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(pattern, answer, (p, s) => {
        const re2 = RE2JS.compile(`^(?:${p})$`);
        expect(wholeMatcherFor(p)(s), `${p} on ${JSON.stringify(s)}`).toBe(re2.test(s));
      }),
      { numRuns: 2000, seed: 20261125 },
    );
  });
});
