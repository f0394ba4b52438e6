// What a question widget is: an rjsf widget whose `options` are the compiler's `ui:options` for the
// question (engine/survey's compile.ts and emitters.ts write them; README "Widget options").
import type { RJSFSchema, Registry, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { ChoiceOption, FormValues, QuestionType } from '../engine/survey/index';

/** What the page lends the widgets through rjsf's formContext. */
export interface FormContext {
  /** A toast (the page's notify); widgets show their own messages inline as well. */
  notify?: (kind: 'error' | 'warning' | 'info', text: string) => void;
  /** The address of a stored file (a submission shown read-only): the page asks the server. */
  fileUrl?: (stored: string) => Promise<string>;
  /** The address of one of the survey's media files (a choice's image), by its file name; none: no media drawn. */
  mediaUrl?: (fileName: string) => string | Promise<string>;
}

// rjsf types every widget, field and template by the form's data type: the survey's form data.
export type QuestionWidgetProps = WidgetProps<FormValues, RJSFSchema, FormContext>;
export type QuestionWidget = ComponentType<QuestionWidgetProps>;
export type FormRegistry = Registry<FormValues, RJSFSchema, FormContext>;

/**
 * A label, hint or error template from the registry: rjsf's getTemplate without its per-question
 * overrides (`ui:TitleFieldTemplate`), which the compiler never writes. Local, so that a widget does
 * not bring @rjsf/utils into the fill route (the survey form is not an rjsf Form there: form/SurveyForm.tsx).
 */
export function templateOf<K extends 'TitleFieldTemplate' | 'DescriptionFieldTemplate' | 'FieldErrorTemplate'>(
  name: K,
  registry: FormRegistry,
): FormRegistry['templates'][K] {
  return registry.templates[name];
}

/** The props every input takes from its widget's props. */
export function baseOf(p: QuestionWidgetProps) {
  return { id: p.id, readonly: p.readonly, disabled: p.disabled, required: p.required, autofocus: p.autofocus };
}

/** Members of every question's `ui:options`. */
export interface QuestionOptions {
  questionType: QuestionType;
  questionId: string;
  name: string;
  label: string;
  hint: string | null;
  required: boolean;
  computed: boolean;
  readonly: boolean;
  appearance: readonly string[];
  hasEmoji: boolean;
  /** Choice questions: every choice, in the form's language. */
  choices?: readonly ChoiceOption[];
  choiceFilter?: boolean;
}

/** A section's `description` option: a string or absent. */
export const describe = (text: string | null | undefined): { description?: string } => (text ? { description: text } : {});

/** The options of a question, typed by the members its emitter adds. The compiler is the only writer. */
export function optionsOf<T extends object = object>(props: { options: object }): QuestionOptions & T {
  return props.options as QuestionOptions & T;
}

export type { ChoiceOption, FormValues };
