// regex() patterns: Java syntax translated to RE2, and what cannot run refused with its position, when
// the expression is checked and by the publish step's check (engine/survey checkPatterns).
import { describe, expect, it } from 'vitest';
import { parse, patternIssues, translatePattern } from '../../../engine/expression/index';
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
