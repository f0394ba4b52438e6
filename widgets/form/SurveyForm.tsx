// A survey as a form: @rjsf/core with the widget registry, the templates, the two replaced fields and
// engine/survey's validator as its ValidatorType. Values, visibility and errors live in the runtime;
// rjsf lays the form out once and widgets subscribe to their own answers (README "Why the runtime").
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../../engine/survey/index';
import { WIDGETS_BY_NAME } from '../registry';
import { RuntimeContext } from '../runtime/hooks';
import { TextContext } from '../runtime/text';
import type { FormRuntime } from '../runtime/store';
import { TEMPLATES } from '../templates/index';
import type { FormContext } from '../types';
import { MediaUrlContext } from '../shared/ChoiceImage';
import { NumberField, ObjectField, RepeatField } from './fields';
import { validatorFor } from './validator';
import '../widgets.css';

/** rjsf's fields replaced: repeats, grid objects and numbers (fields.tsx). */
export const FIELDS = { ArrayField: RepeatField, ObjectField, NumberField };

export interface SurveyFormProps {
  runtime: FormRuntime;
  /** What the page lends the widgets: toasts, links of stored files. */
  context?: FormContext;
}

export function SurveyForm({ runtime, context }: SurveyFormProps) {
  const form = runtime.compiled;
  const validator = useMemo(() => validatorFor(form.bindings), [form.bindings]);
  // rjsf gets the answers of the moment it lays the form out; from then on widgets read the runtime.
  const initial = useMemo(() => runtime.data(), [runtime]);
  const formContext = useMemo(() => context ?? {}, [context]);
  const { t } = useTranslation();
  return (
    <TextContext.Provider value={t}>
      <RuntimeContext.Provider value={runtime}>
        <MediaUrlContext.Provider value={formContext.mediaUrl}>
        <div className="fs-form" dir={form.language.dir} lang={form.language.code} data-testid="survey-form">
          <Form<FormValues, RJSFSchema, FormContext>
            tagName="div"
            schema={form.schema as RJSFSchema}
            uiSchema={form.uiSchema as UiSchema<FormValues, RJSFSchema, FormContext>}
            formData={initial}
            validator={validator}
            widgets={WIDGETS_BY_NAME}
            templates={TEMPLATES}
            fields={FIELDS}
            formContext={formContext}
            idSeparator=":"
            readonly={runtime.readOnly}
            noHtml5Validate
            showErrorList={false}
          >
            {/* The page has its own buttons (submit, drafts). */}
            <></>
          </Form>
        </div>
        </MediaUrlContext.Provider>
      </RuntimeContext.Provider>
    </TextContext.Provider>
  );
}
