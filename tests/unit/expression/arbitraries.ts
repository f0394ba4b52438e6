// fast-check generators for expressions: arbitrary trees that the printer can write (for
// round trips), and token soup (for the parser's robustness).
import fc from 'fast-check';
import type { AstNode, BinaryOperator } from '../../../engine/expression/index';

const SPAN = { offset: 0, length: 0 };
const KEYWORDS = new Set(['or', 'and', 'div', 'mod']);

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/).filter((n) => !KEYWORDS.has(n));
const text = fc.string({ maxLength: 8 }).filter((s) => !(s.includes("'") && s.includes('"')));
const number = fc.oneof(fc.nat({ max: 100_000 }), fc.double({ min: 0, max: 1e6, noNaN: true })).map((n) => (Object.is(n, -0) ? 0 : n));

const OPERATORS: readonly BinaryOperator[] = ['or', 'and', '=', '!=', '<', '<=', '>', '>=', '+', '-', '*', 'div', 'mod', '|'];

/** Functions whose parameters take any expression, with their argument counts. */
const CALLS: readonly (readonly [string, number, number])[] = [
  ['concat', 0, 3],
  ['not', 1, 1],
  ['round', 1, 2],
  ['if', 3, 3],
  ['substr', 2, 3],
  ['contains', 2, 2],
  ['string-length', 0, 1],
  ['max', 1, 3],
  ['true', 0, 0],
  ['coalesce', 2, 2],
];

export const leaf: fc.Arbitrary<AstNode> = fc.oneof(
  number.map((value): AstNode => ({ kind: 'number', value, span: SPAN })),
  text.map((value): AstNode => ({ kind: 'string', value, span: SPAN })),
  name.map((n): AstNode => ({ kind: 'ref', name: n, span: SPAN })),
  name.map((n): AstNode => ({ kind: 'column', name: n, span: SPAN })),
  fc.constant<AstNode>({ kind: 'current', span: SPAN }),
);

export const tree: fc.Arbitrary<AstNode> = fc.letrec<{ node: AstNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .record({ op: fc.constantFrom(...OPERATORS), left: tie('node'), right: tie('node') })
      .map(({ op, left, right }): AstNode => ({ kind: 'binary', op, left, right, span: SPAN })),
    tie('node').map((operand): AstNode => ({ kind: 'negate', operand, span: SPAN })),
    fc
      .constantFrom(...CALLS)
      .chain(([fn, min, max]) =>
        fc.array(tie('node'), { minLength: min, maxLength: max }).map((args): AstNode => ({ kind: 'call', name: fn, args, span: SPAN })),
      ),
    name.map((n): AstNode => ({
      kind: 'call',
      name: 'count',
      args: [{ kind: 'ref', name: n, span: SPAN }],
      span: SPAN,
    })),
    fc.constant<AstNode>({ kind: 'call', name: 'position', args: [{ kind: 'parent', span: SPAN }], span: SPAN }),
    fc.constant<AstNode>({ kind: 'call', name: 'position', args: [{ kind: 'parent', levels: 2, span: SPAN }], span: SPAN }),
    fc
      .record({ n: name, predicate: tie('node') })
      .map(({ n, predicate }): AstNode => ({ kind: 'filter', target: { kind: 'ref', name: n, span: SPAN }, predicate, span: SPAN })),
  ),
})).node;

const TOKENS = [
  '(',
  ')',
  ',',
  '+',
  '-',
  '*',
  '|',
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  ' and ',
  ' or ',
  ' div ',
  ' mod ',
  '.',
  '..',
  '${a}',
  '${b_2}',
  '${',
  '}',
  "'x'",
  '"y"',
  "'",
  '"',
  '1',
  '2.5',
  '.5',
  'if(',
  'concat(',
  'round(',
  'foo(',
  'count(',
  'position(',
  'selected(',
  'today()',
  'abc',
  ' ',
  '#',
  '@',
  '[',
  ']',
  '$',
  '/',
];

/** Sequences of plausible and implausible tokens: mostly broken expressions. */
export const tokenSoup: fc.Arbitrary<string> = fc.array(fc.constantFrom(...TOKENS), { maxLength: 14 }).map((t) => t.join(''));

/** A tree with every position removed, for comparing trees from different texts. */
export function withoutSpans(node: AstNode): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'span' ? undefined : value)));
}
