// The function table is the one list: the README documents every entry, and the functions XLSForm
// authors rely on are all in it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { arity, FUNCTION_FAMILIES, FUNCTIONS } from '../../../engine/expression/index';

const readme = readFileSync(new URL('../../../engine/expression/README.md', import.meta.url), 'utf8');

const REQUIRED = [
  'if',
  'selected',
  'not',
  'contains',
  'count-selected',
  'selected-at',
  'regex',
  'today',
  'now',
  'date',
  'date-time',
  'decimal-date-time',
  'format-date',
  'format-date-time',
  'position',
  'indexed-repeat',
  'join',
  'substr',
  'substring-before',
  'substring-after',
  'concat',
  'string',
  'string-length',
  'starts-with',
  'ends-with',
  'normalize-space',
  'translate',
  'number',
  'int',
  'round',
  'floor',
  'ceiling',
  'abs',
  'pow',
  'sqrt',
  'exp',
  'log',
  'log10',
  'min',
  'max',
  'sum',
  'count',
  'coalesce',
  'boolean',
  'boolean-from-string',
  'true',
  'false',
  'once',
  'uuid',
  'random',
  'jr:choice-name',
  'not-selected',
  'not-contains',
];

describe('the function table', () => {
  it.each(REQUIRED)('has %s', (name) => expect(FUNCTIONS.has(name)).toBe(true));

  it.each([...FUNCTIONS.keys()])('README documents %s', (name) => expect(readme).toContain(`\`${name}`));

  it('groups every function in exactly one family', () => {
    const counted = Object.values(FUNCTION_FAMILIES).reduce((n, family) => n + Object.keys(family).length, 0);
    expect(counted).toBe(FUNCTIONS.size);
  });

  it.each([
    ['if', 3, 3],
    ['round', 1, 2],
    ['concat', 0, Infinity],
    ['join', 1, Infinity],
    ['today', 0, 0],
    ['indexed-repeat', 3, 7],
    ['position', 0, 1],
  ] as const)('%s takes %i to %s arguments', (name, min, max) => {
    const spec = FUNCTIONS.get(name)?.spec;
    expect(spec && arity(spec.params)).toEqual({ min, max });
  });
});
