// The validator as rjsf's Form takes it (ValidatorType), checked structurally against @rjsf/utils.
import type { CustomValidator, ErrorTransformer, ValidatorType } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { bindSurvey, createFormValidator, q, repeat, survey, toErrorSchema, validateAnswers } from '../../../engine/survey/index';
import { initialize } from '../../../engine/expression/index';
import { graphOf } from '../../../engine/survey/index';

const s = survey(
  q.text('name').required(),
  q.integer('age').constraint('. < 120', 'Too old'),
  repeat('members', q.text('member_name').required()),
);
const b = bindSurvey(s);

describe('createFormValidator', () => {
  it('fits rjsf ValidatorType', () => {
    const v: ValidatorType = createFormValidator(b);
    expect(typeof v.validateFormData).toBe('function');
  });

  it('returns errors and an errorSchema nested like the form data', () => {
    const v = createFormValidator(b);
    const { errors, errorSchema } = v.validateFormData({ age: 130, members: [{ member_name: 'A' }, {}] }, {});
    expect(errorSchema).toEqual({
      name: { __errors: ['This field is required'] },
      age: { __errors: ['Too old'] },
      members: { 1: { member_name: { __errors: ['This field is required'] } } },
    });
    expect(errors.map((e) => [e.property, e.message, e.name])).toEqual([
      ['.name', 'This field is required', 'required'],
      ['.age', 'Too old', 'constraint'],
      ['.members.1.member_name', 'This field is required', 'required'],
    ]);
    expect(v.last()?.message).toBe('Error: Please make sure you have filled all the required fields.');
  });

  it('runs rjsf customValidate and transformErrors', () => {
    const v = createFormValidator(b);
    const custom: CustomValidator = (data, handler) => {
      handler.name?.addError(`custom ${String(data?.name)}`);
      return handler;
    };
    const transform: ErrorTransformer = (list) => list.map((e) => ({ ...e, message: (e.message ?? '').toUpperCase() }));
    const rjsf: ValidatorType = v;
    const { errors, errorSchema } = rjsf.validateFormData({ name: 'x', age: 1 }, {}, custom, transform);
    expect(errors).toEqual([]);
    expect(errorSchema).toEqual({ name: { __errors: ['custom x'] } });
  });

  it('checks the page FormState as it is when given one', () => {
    const state = initialize(graphOf(b), { name: 'x', age: 500 }).state;
    const v = createFormValidator(b, { state: () => state });
    expect(v.validateFormData({}, {}).errorSchema).toEqual({ age: { __errors: ['Too old'] } });
  });

  it('answers isValid for rjsf oneOf matching', () => {
    const v = createFormValidator(b);
    expect(v.isValid({ type: 'string', const: 'a' }, 'a', {})).toBe(true);
    expect(v.isValid({ type: 'object', required: ['x'], properties: { x: { type: 'integer' } } }, { x: 1.5 }, {})).toBe(false);
  });

  it('builds an errorSchema from any issue list', () => {
    expect(toErrorSchema(validateAnswers(b, { name: 'x', members: [{}] }).issues)).toEqual({
      members: { 0: { member_name: { __errors: ['This field is required'] } } },
    });
  });
});
