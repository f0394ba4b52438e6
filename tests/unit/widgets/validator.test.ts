// The form's rjsf ValidatorType is engine/survey's validator (the engine's own tests cover its rules):
// here, that the form gets it in rjsf's shapes, once per survey, with the live-state check beside it.
import { initialize } from '../../../engine/expression/index';
import { compileSurvey, graphOf, q, repeat, survey } from '../../../engine/survey/index';
import { validatorFor } from '../../../widgets/index';
import { describe, expect, it } from 'vitest';

const form = compileSurvey(
  survey(q.text('name').label('Name').required(), repeat('m', q.integer('age').label('Age').constraint('. < 130', 'Too old')).label('M')),
);
const v = validatorFor(form.bindings);

describe("the form's validator", () => {
  it('is one per survey', () => {
    expect(validatorFor(form.bindings)).toBe(v);
  });

  it("answers the engine's issues as rjsf errors and an errorSchema nested like the form data", () => {
    const { errors, errorSchema } = v.validateFormData({ m: [{ age: 20 }, { age: 200 }] }, {});
    expect(errors.map((e) => [e.property, e.message])).toEqual([
      ['.name', 'This field is required'],
      ['.m.1.age', 'Too old'],
    ]);
    expect(errorSchema).toMatchObject({ name: { __errors: ['This field is required'] }, m: { 1: { age: { __errors: ['Too old'] } } } });
    expect(v.last()?.message).toBe('Error: Please make sure you have filled all the required fields.');
  });

  it('checks a live form state as it is', () => {
    const { state } = initialize(graphOf(form.bindings, 1), { name: 'x', m: [{ age: 200 }] }, { defaults: false });
    expect(v.checkState(form.bindings, state, 1).issues.map((i) => [i.path, i.message])).toEqual([['m[1]/age', 'Too old']]);
  });

  it("answers rjsf's isValid for oneOf matching", () => {
    expect(v.isValid({ const: 'a' }, 'a' as never, {})).toBe(true);
    expect(v.isValid({ const: 'a' }, 'b' as never, {})).toBe(false);
  });
});
