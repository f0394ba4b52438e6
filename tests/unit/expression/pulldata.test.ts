// pulldata() over CSV files attached to the form: the first row whose key column holds the
// key, as JavaRosa reads it; no matching row is blank, a file that is not attached is an error naming it.
import { describe, expect, it } from 'vitest';
import { evaluate, ExpressionError } from '../../../engine/expression/index';
import { bindSurvey, buildSurvey, q, validateAnswers } from '../../../engine/survey/index';

const attachments = {
  fruits: [
    { key: 'a', name: 'Apple', price: '1.5' },
    { key: 'b', name: 'Banana', price: '0.25' },
    { key: 'a', name: 'Apricot', price: '3' },
  ],
};

describe('pulldata()', () => {
  it('reads a column of the first row whose key matches, and computes with it', () => {
    expect(evaluate("pulldata('fruits', 'name', 'key', 'a')", { fields: {}, attachments })).toBe('Apple');
    expect(evaluate("pulldata('fruits', 'price', 'key', ${fruit}) * ${n}", { fields: { fruit: 'b', n: 4 }, attachments })).toBe(1);
  });

  it('is blank for a key no row holds and for a column the file lacks', () => {
    expect(evaluate("pulldata('fruits', 'name', 'key', 'z')", { fields: {}, attachments })).toBe('');
    expect(evaluate("pulldata('fruits', 'colour', 'key', 'a')", { fields: {}, attachments })).toBe('');
  });

  it('is an error naming the file when the form has no such attachment', () => {
    expect(() => evaluate("pulldata('vegetables', 'name', 'key', 'a')", { fields: {}, attachments })).toThrow(ExpressionError);
    expect(() => evaluate("pulldata('vegetables', 'name', 'key', 'a')", { fields: {}, attachments })).toThrow(/vegetables\.csv/);
  });
});

describe('pulldata() in a survey', () => {
  it("reads the survey's attachments when the answers are validated", () => {
    const model = buildSurvey({ name: 'prices' }, [
      q.text('fruit'),
      q.calculate('price').calculation("pulldata('fruits', 'price', 'key', ${fruit})"),
      q.decimal('paid').constraint('. >= ${price}'),
    ]);
    const b = bindSurvey({ ...model, attachments });
    expect(validateAnswers(b, { fruit: 'b', paid: 0.5 }).valid).toBe(true);
    expect(validateAnswers(b, { fruit: 'a', paid: 0.5 }).valid).toBe(false);
  });
});
