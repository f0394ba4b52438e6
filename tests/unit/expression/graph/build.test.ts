import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../../../engine/expression/index';
import { calculate, integer, survey, text } from './dsl';

describe('building the graph', () => {
  it('orders binds after what they read, whatever the survey order', () => {
    const s = survey(calculate('c', '${b} + 1'), calculate('b', '${a} * 2'), integer('a'), text('t').relevant('${c} > 3'));
    expect(s.graph.binds.map((b) => `${b.field}.${b.kind}`)).toEqual(['b.calculate', 'c.calculate', 't.relevant']);
    expect(s.start({ a: 2 })).toHaveValue('c', 5);
  });

  it('reports a cycle naming its questions, and still evaluates the rest', () => {
    const s = survey(
      calculate('a', '${b} + 1'),
      calculate('b', '${c} + 1'),
      calculate('c', '${a} + 1'),
      integer('x'),
      calculate('y', '${x} * 2'),
    );
    expect(s.graph.cycles.map((c) => c.fields)).toEqual([['a', 'b', 'c']]);
    expect(s.graph.cycles[0]?.error.message).toBe('These questions depend on each other in a loop: a, b, c');
    expect(s.graph.cycles[0]?.error.code).toBe('cycle');
    expect(s.start({ x: 2 })).toHaveValue('y', 4);
  });

  it('finds cycles through relevance and self-references', () => {
    const s = survey(text('a').relevant('${b} > 1'), calculate('b', "if(${a} = '', 0, 2)"), integer('c').relevant('. > 3'));
    expect(s.graph.cycles.map((c) => c.fields)).toEqual([['a', 'b'], ['c']]);
    expect(s.graph.cycles[1]?.error.message).toBe("'c' depends on its own value");
  });

  it('lets a constraint read its own question', () => {
    expect(survey(integer('a').constraint('. > ${b}'), integer('b')).graph.cycles).toEqual([]);
  });

  it('reports broken expressions and unknown questions as problems, never throws', () => {
    const s = survey(
      integer('a').relevant('${a'),
      integer('b').calculation('${nope} + 1'),
      integer('c').constraint('foo(.)'),
      text('d').label('Hi ${ghost}'),
    );
    expect(s.graph.problems.map((p) => [p.field, p.kind, p.error.code, p.error.offset])).toEqual([
      ['a', 'relevant', 'syntax', 0],
      ['b', 'calculate', 'unknown-reference', 0],
      ['c', 'constraint', 'unknown-function', 0],
      ['d', 'label', 'unknown-reference', 5],
    ]);
    expect(s.graph.problems[1]?.error.field).toBe('b');
    expect(s.graph.binds).toEqual([]);
    expect(() => s.start()).not.toThrow();
  });

  it('accepts yes/no in the required column and spots constant binds', () => {
    const s = survey(text('a').required('yes'), text('b').required('no'), text('c').relevant('1 = 1'), text('d').relevant('${a} != ""'));
    expect(s.graph.binds.map((b) => [b.field, b.kind, b.constant])).toEqual([
      ['a', 'required', true],
      ['b', 'required', false],
      ['c', 'relevant', true],
      ['d', 'relevant', undefined],
    ]);
  });

  it('flags a second expression of the same kind for a question', () => {
    const g = buildGraph(
      [
        { field: 'a', kind: 'relevant', expression: '1' },
        { field: 'a', kind: 'relevant', expression: '2' },
      ],
      { fields: [{ name: 'a', type: 'text' }] },
    );
    expect(g.problems.map((p) => p.error.message)).toEqual(["'a' has more than one relevant expression"]);
  });

  it('rejects a path that names no question instance', () => {
    const f = survey(integer('a')).start();
    expect(() => f.answer('nope', 1)).toThrow(/not a question instance/);
    expect(() => f.answer('a[1]', 1)).toThrow(/not a question instance/);
  });
});
