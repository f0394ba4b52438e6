// rjsf's ValidatorType is engine/survey's validator (createFormValidator): the checks and texts the
// server runs on every submission, without ajv (the fill route cannot afford it, ARCHITECTURE.md).
// The runtime checks the live form state with the same engine (checkState), so a submit attempt does
// not evaluate the survey a second time.
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { FormState } from '../../engine/expression/index';
import {
  checkState,
  createFormValidator,
  type Bindings,
  type FormValidator,
  type FormValues,
  type ValidationResult,
} from '../../engine/survey/index';
import type { AnswerChecker } from '../runtime/store';
import type { FormContext } from '../types';

export type SurveyValidator = ValidatorType<FormValues, RJSFSchema, FormContext> & AnswerChecker & Pick<FormValidator, 'last'>;

const byBindings = new WeakMap<Bindings, SurveyValidator>();

/** The survey's validator, one per survey (its bindings), shared by the form, the runtime and the page. */
export function validatorFor(bindings: Bindings): SurveyValidator {
  let v = byBindings.get(bindings);
  if (v === undefined) {
    const engine = createFormValidator(bindings);
    v = {
      // The engine's validator is rjsf's ValidatorType in shape; rjsf's generic types are not its own.
      ...(engine as unknown as ValidatorType<FormValues, RJSFSchema, FormContext>),
      last: engine.last,
      checkState: (b: Bindings, state: FormState, languageId: number): ValidationResult => checkState(b, state, languageId),
    };
    byBindings.set(bindings, v);
  }
  return v;
}
