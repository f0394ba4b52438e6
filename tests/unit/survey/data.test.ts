// engine/survey/data.ts: export cells that cannot run as formulas, the data table's
// answer filters, and the cells of stored answers (labels or names, split select-multiple columns).
import { describe, expect, it } from 'vitest';
import { bindSurvey, buildSurvey, cellOf, dataColumns, neutralizeCell, parseAnswerFilter, q, repeat } from '../../../engine/survey/index';

const survey = buildSurvey({ name: 'Data', languages: [{ code: 'en', languageId: 1, name: 'English' }] }, [
  q.text('name'),
  q.integer('age'),
  q.select_multiple('needs').label('Needs').choices({ name: 'food', label: 'Food' }, { name: 'water', label: 'Water' }),
  q.geopoint('where'),
  q.note('intro'),
  repeat('members', q.text('member_name')),
]);
const b = bindSurvey(survey);
const idOf = (question: string, choice: string): string => {
  const node = b.byName.get(question);
  if (node?.kind !== 'field') throw new Error(`${question} is not a question`);
  return node.choices.find((c) => c.name === choice)!.id;
};

describe('neutralizeCell', () => {
  it('puts an apostrophe before what a spreadsheet would run as a formula', () => {
    for (const v of ['=1+2', '+A1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '=HYPERLINK("http://evil.test")', "-cmd|' /C calc'!A0"])
      expect(neutralizeCell(v)).toBe(`'${v}`);
  });

  it('leaves numbers, booleans, plain signed numbers and ordinary text alone', () => {
    for (const v of [-5, 3.25, true, null, '-5', '+254712345678', '12.5', 'a=b', 'email@example.org', ''])
      expect(neutralizeCell(v)).toBe(v);
  });
});

describe('parseAnswerFilter', () => {
  it('reads name:op:value by the question type', () => {
    expect(parseAnswerFilter(b, 'age:gte:18')).toMatchObject({ name: 'age', column: 'number', op: 'gte', values: [18] });
    expect(parseAnswerFilter(b, 'needs:in:food|water')).toMatchObject({
      column: 'choices',
      values: [idOf('needs', 'food'), idOf('needs', 'water')],
    });
    expect(parseAnswerFilter(b, 'name:contains:a:b')).toMatchObject({ column: 'text', values: ['a:b'] });
    expect(parseAnswerFilter(b, 'member_name:empty')).toMatchObject({ op: 'empty', values: [] });
  });

  it('says why a filter cannot be used', () => {
    expect(parseAnswerFilter(b, 'nosuch:eq:1')).toBe("no question named 'nosuch'");
    expect(parseAnswerFilter(b, 'members:eq:1')).toBe("no question named 'members'");
    expect(parseAnswerFilter(b, 'where:eq:1')).toBe("answers of 'where' cannot be filtered");
    expect(parseAnswerFilter(b, 'age:contains:1')).toMatch(/^'contains' is not a filter for 'age'/);
    expect(parseAnswerFilter(b, 'age:gt:')).toBe("'' is not a number");
    expect(parseAnswerFilter(b, 'needs:in:gold')).toBe("'gold' is not a choice of 'needs'");
  });
});

describe('columns and cells', () => {
  it('has a column per answered question of the table, notes left out, repeats in their own table', () => {
    expect(dataColumns(b, null, { headers: 'names', multiple: 'single' }).map((c) => c.key)).toEqual(['name', 'age', 'needs', 'where']);
    expect(dataColumns(b, 'members', { headers: 'names', multiple: 'single' }).map((c) => c.key)).toEqual(['member_name']);
    expect(dataColumns(b, null, { headers: 'labels', multiple: 'split' }).map((c) => c.header)).toEqual([
      'name',
      'age',
      'Needs/Food',
      'Needs/Water',
      'where',
    ]);
  });

  it('shows choices by name or label, 1/0 per split choice, numbers as numbers, GPS as ODK text', () => {
    const value = { text: null, number: null, bool: null, detail: null, choices: `${idOf('needs', 'water')},${idOf('needs', 'food')}` };
    const [single] = dataColumns(b, null, { headers: 'labels', multiple: 'single' }).filter((c) => c.key === 'needs');
    expect(cellOf(b, single!, value, { headers: 'labels', multiple: 'single' })).toBe('Water Food');
    const split = dataColumns(b, null, { headers: 'names', multiple: 'split' }).filter((c) => c.node.name === 'needs');
    expect(split.map((c) => cellOf(b, c, value, { headers: 'names', multiple: 'split' }))).toEqual([1, 1]);
    expect(split.map((c) => cellOf(b, c, undefined, { headers: 'names', multiple: 'split' }))).toEqual([null, null]);
    const age = dataColumns(b, null, { headers: 'names', multiple: 'single' }).find((c) => c.key === 'age')!;
    expect(
      cellOf(b, age, { text: null, number: -5, bool: null, choices: null, detail: null }, { headers: 'names', multiple: 'single' }),
    ).toBe(-5);
    const where = dataColumns(b, null, { headers: 'names', multiple: 'single' }).find((c) => c.key === 'where')!;
    expect(
      cellOf(
        b,
        where,
        { text: null, number: null, bool: null, choices: null, detail: { latitude: 3.1, longitude: 35.6, altitude: 500, accuracy: 10 } },
        { headers: 'names', multiple: 'single' },
      ),
    ).toBe('3.1 35.6 500 10');
  });
});
