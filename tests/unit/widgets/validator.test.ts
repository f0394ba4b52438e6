// The form's rjsf ValidatorType is engine/survey's validator: its errors in rjsf's shapes, and the
// JSON Schema subset rjsf asks isValid about (choosing among oneOf branches).
import { describe, expect, it } from 'vitest';
import { compileSurvey, q, repeat, survey } from '../../../engine/survey/index';
import { SurveyValidator } from '../../../widgets/index';

const form = compileSurvey(survey(q.text('name').label('Name').required(), repeat('m', q.integer('age').label('Age').constraint('. < 130', 'Too old')).label('M')));
const v = new SurveyValidator(form.bindings);

describe('SurveyValidator (rjsf ValidatorType)', () => {
  it("answers the engine's issues as rjsf errors and an errorSchema nested like the form data", () => {
    const { errors, errorSchema } = v.validateFormData({ m: [{ age: 20 }, { age: 200 }] }, {}, undefined, undefined, form.uiSchema as never);
    expect(errors.map((e) => [e.property, e.message])).toEqual([
      ['.name', 'This field is required'],
      ['.m.1.age', 'Too old'],
      ['.', 'Error: Please make sure you have filled all the required fields.'],
    ]);
    expect(errorSchema).toEqual({
      __errors: ['Error: Please make sure you have filled all the required fields.'],
      name: { __errors: ['This field is required'] },
      m: { 1: { age: { __errors: ['Too old'] } } },
    });
  });

  it('gives the submit rule of an empty form at the top', () => {
    const { errorSchema } = v.validateFormData({}, {});
    expect(errorSchema.__errors).toEqual(['Error: Please provide at least one piece of information before submitting.']);
  });

  it('applies transformErrors and customValidate as rjsf does', () => {
    const { errors, errorSchema } = v.validateFormData(
      { name: 'x', m: [] },
      {},
      (_data, e) => {
        (e as unknown as { name: { addError(m: string): void } }).name.addError('Not this name');
        return e;
      },
      (list) => list.map((e) => ({ ...e, message: `! ${e.message}` })),
    );
    expect(errors.map((e) => e.message)).toEqual(['Not this name']);
    expect(errorSchema).toMatchObject({ name: { __errors: ['Not this name'] } });
  });

  it('matches values against the schema subset for isValid', () => {
    const oneOf = { type: 'string' as const, oneOf: [{ const: 'a' }, { const: 'b' }] };
    expect(v.isValid(oneOf, 'a' as never)).toBe(true);
    expect(v.isValid(oneOf, 'c' as never)).toBe(false);
    expect(v.isValid({ type: 'object', required: ['x'], properties: { x: { type: 'integer', minimum: 1 } } }, { x: 0 })).toBe(false);
    expect(v.isValid({ type: 'object', required: ['x'], properties: { x: { type: 'integer', minimum: 1 } } }, { x: 2 })).toBe(true);
    expect(v.rawValidation({ type: 'string', pattern: '^\\d+$' }, 'a1' as never).errors).toHaveLength(1);
  });
});
