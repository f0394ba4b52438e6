// The public surface of widgets/: the registry, the survey form and its runtime.
import { loadPhoneNumbers } from './phone/numbers';
export { WIDGETS, WIDGETS_BY_NAME } from './registry';
export { SurveyForm, type SurveyFormProps } from './form/SurveyForm';
export { validatorFor, type SurveyValidator } from './form/validator';
export { FormRuntime, type AnswerChecker, type ExpressionProblem, type RuntimeOptions } from './runtime/store';
export { domIdOf } from './runtime/paths';
export { engineMessage, fieldError } from './runtime/messages';
export { TEMPLATES } from './templates/index';
export { LayoutWindow } from './templates/Layout';
export { LayoutWindowControl, useLayoutWindow, type LayoutWindowOptions } from './form/layoutWindow';
export type { FormContext, QuestionOptions, QuestionWidget, QuestionWidgetProps } from './types';

import { FormRuntime, type RuntimeOptions } from './runtime/store';
import { validatorFor } from './form/validator';
import { QUESTION_TYPES, type CompiledForm } from '../engine/survey/index';

/** A runtime checked by the survey's own validator (the one the server runs). */
export function createRuntime(form: CompiledForm, opts: Omit<RuntimeOptions, 'checker'> = {}): FormRuntime {
  return new FormRuntime(form, { ...opts, checker: validatorFor(form.bindings) });
}

export { locate, GEO_MESSAGES } from './geopoint/locate';
export { loadPhoneNumbers };

/** What checking this form's answers needs that loads on demand: libphonenumber, for a phone question. */
export function validationReady(form: CompiledForm): Promise<void> {
  const phone = form.bindings.nodes.some((n) => n.kind === 'field' && QUESTION_TYPES[n.type].key === 'phone');
  return phone
    ? loadPhoneNumbers().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
