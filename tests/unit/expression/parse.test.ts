import { describe, expect, it } from 'vitest';
import { parse, print, references, type AstNode } from '../../../engine/expression/index';

/** The tree without positions, as a compact string: (op left right), call(args), ${ref}. */
function shape(node: AstNode): string {
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'string':
      return JSON.stringify(node.value);
    case 'ref':
      return `\${${node.name}}`;
    case 'column':
      return node.name;
    case 'current':
      return '.';
    case 'parent':
      return node.levels === undefined ? '..' : `..x${node.levels}`;
    case 'filter':
      return `${shape(node.target)}[${shape(node.predicate)}]`;
    case 'negate':
      return `(- ${shape(node.operand)})`;
    case 'binary':
      return `(${node.op} ${shape(node.left)} ${shape(node.right)})`;
    case 'call':
      return `${node.name}(${node.args.map(shape).join(' ')})`;
  }
}

const tree = (source: string): string => shape(parse(source).root);

describe('precedence and associativity (XPath 1.0)', () => {
  it.each([
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['1 * 2 + 3', '(+ (* 1 2) 3)'],
    ['1 - 2 - 3', '(- (- 1 2) 3)'],
    ['8 div 4 div 2', '(div (div 8 4) 2)'],
    ['1 + 2 mod 3', '(+ 1 (mod 2 3))'],
    ['1 < 2 = 3 > 4', '(= (< 1 2) (> 3 4))'],
    ['a or b and c', '(or a (and b c))'],
    ['a and b or c', '(or (and a b) c)'],
    ['1 = 1 or 2 != 3 and 4 <= 5', '(or (= 1 1) (and (!= 2 3) (<= 4 5)))'],
    ['-1 + 2', '(+ (- 1) 2)'],
    ['- - 1', '(- (- 1))'],
    ['-${a} * 2', '(* (- ${a}) 2)'],
    ['2 * -3', '(* 2 (- 3))'],
    ['-${a} | ${b}', '(| (- ${a}) ${b})'],
    ['-(${a} | ${b})', '(- (| ${a} ${b}))'],
    ['${a} | ${b} | ${c}', '(| (| ${a} ${b}) ${c})'],
    ['1 + ${a} | ${b}', '(+ 1 (| ${a} ${b}))'],
    ['(1 + 2) * 3', '(* (+ 1 2) 3)'],
    ['1 + 2 * 3 - 4 div 5 mod 6 > 7 and 8', '(and (> (- (+ 1 (* 2 3)) (mod (div 4 5) 6)) 7) 8)'],
  ])('%s', (source, expected) => expect(tree(source)).toBe(expected));
});

describe('primaries', () => {
  it.each([
    ['${age}', '${age}'],
    ['${first_name.2}', '${first_name.2}'],
    ['"double"', '"double"'],
    ["'single'", '"single"'],
    ['.', '.'],
    ['position(..)', 'position(..)'],
    ['12.50', '12.5'],
    ['.5', '0.5'],
    ['3.', '3'],
    ['state', 'state'],
    ['orange', 'orange'],
    ['divide mod android', '(mod divide android)'],
    ['jr:choice-name(${c}, "${c}")', 'jr:choice-name(${c} "${c}")'],
    ['count-selected(${x})', 'count-selected(${x})'],
    ['true()', 'true()'],
    ['concat()', 'concat()'],
  ])('%s', (source, expected) => expect(tree(source)).toBe(expected));
  it('keeps the position of every node', () => {
    const { root } = parse("if(${age} > 5, 'a', 'b')");
    expect(root.span).toEqual({ offset: 0, length: 24 });
    if (root.kind !== 'call') throw new Error('expected a call');
    expect(root.args[0]?.span).toEqual({ offset: 3, length: 10 });
    expect(root.args[2]?.span).toEqual({ offset: 20, length: 3 });
  });
});

describe('printing', () => {
  it.each([
    ['1 + 2 * 3', '1 + 2 * 3'],
    ['(1 + 2) * 3', '(1 + 2) * 3'],
    ['1 - (2 - 3)', '1 - (2 - 3)'],
    ['(1 - 2) - 3', '1 - 2 - 3'],
    ["if(${a}='x',1,2)", "if(${a} = 'x', 1, 2)"],
    ['"it\'s"', '"it\'s"'],
    ['-(1 + 2)', '-(1 + 2)'],
    ['(-1) | 2', '-1 | 2'],
    ['-(1 | 2)', '-(1 | 2)'],
    ['- -1', '--1'],
  ])('%s prints as %s', (source, printed) => {
    expect(print(parse(source).root)).toBe(printed);
    expect(tree(print(parse(source).root))).toBe(tree(source));
  });
});

describe('references', () => {
  it.each([
    ['${a} + ${b} * ${a}', ['a', 'b']],
    ["concat('${not_a_ref}', ${x})", ['x']],
    ['indexed-repeat(${name}, ${rep}, 2)', ['name', 'rep']],
    ['today()', []],
    ['. > 3', []],
  ] as const)('%s reads %j', (source, names) => expect(references(source)).toEqual(names));
});

describe('keywords glued to numbers, and paths up from a repeat (XPath lexing, as JavaRosa)', () => {
  it.each([
    ['1and1', '(and 1 1)'],
    ['1or1', '(or 1 1)'],
    ['3mod4', '(mod 3 4)'],
    ['1div1', '(div 1 1)'],
    ['----5', '(- (- (- (- 5))))'],
    ['${a}and${b}', '(and ${a} ${b})'],
    ["'x'or'y'", '(or "x" "y")'],
    ['(1)div(2)', '(div 1 2)'],
    ['position(../..)', 'position(..x2)'],
    ['${member}[2]', '${member}[2]'],
    ['${member}[age > 18][1]', '${member}[(> age 18)][1]'],
    ['${last-saved#age}', '${age}'],
    ['android', 'android'],
    ['order', 'order'],
  ])('%s', (source, expected) => expect(tree(source)).toBe(expected));

  it.each(['1and1', '3mod4', 'position(../..)', '${member}[age > 18][1]', '${last-saved#age} + 1', '‘yes’'])(
    '%s prints to text that parses the same',
    (source) => {
      expect(tree(print(parse(source).root))).toBe(tree(source));
    },
  );

  it('keeps ${last-saved#name} apart from ${name}', () => {
    const root = parse('${last-saved#age}').root;
    expect(root).toMatchObject({ kind: 'ref', name: 'age', lastSaved: true });
    expect(print(root)).toBe('${last-saved#age}');
  });
});
