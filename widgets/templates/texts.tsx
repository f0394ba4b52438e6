// The label, hint and error of a question: rjsf's TitleFieldTemplate, DescriptionFieldTemplate and
// FieldErrorTemplate. Everything that shows a label, a hint or an error takes these from the
// registry (registry.templates), never by import, so a theme can replace them in one place.
import type { DescriptionFieldProps, FieldErrorProps, RJSFSchema, TitleFieldProps } from '@rjsf/utils';
import { errorId, labelId } from '../shared/a11y';
import type { FormContext, FormValues } from '../types';
import { AuthorText } from '../runtime/AuthorText';
import { engineMessage } from '../runtime/messages';
import { useText } from '../runtime/text';

const typeOf = (uiSchema: unknown): unknown =>
  (uiSchema as { 'ui:options'?: { questionType?: unknown } } | undefined)?.['ui:options']?.questionType;

/** A question's label (for its input), or a section's heading. */
export function QuestionLabel({ id, title, required, uiSchema }: TitleFieldProps<FormValues, RJSFSchema, FormContext>) {
  if (typeOf(uiSchema) === 0) {
    return (
      <h2 className="fs-section-title" id={labelId(id)}>
        <AuthorText text={title} />
      </h2>
    );
  }
  return (
    <label className="fs-label" id={labelId(id)} htmlFor={id}>
      <AuthorText text={title} />
      {required ? (
        <span className="fs-required" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}

export function QuestionHint({ id, description, uiSchema }: DescriptionFieldProps<FormValues, RJSFSchema, FormContext>) {
  if (description === '' || description === undefined) return null;
  return (
    <p className={typeOf(uiSchema) === 0 ? 'fs-section-description' : 'fs-hint'} id={id}>
      {typeof description === 'string' ? <AuthorText text={description} /> : description}
    </p>
  );
}

export function QuestionError({ errors, fieldPathId }: FieldErrorProps<FormValues, RJSFSchema, FormContext>) {
  const t = useText();
  const list = (errors ?? []).filter((e) => e !== '');
  if (list.length === 0) return null;
  return (
    // dir=auto: an error in English inside a right-to-left form keeps its full stop at its end.
    <p className="fs-error" id={errorId(fieldPathId.$id)} role="alert" dir="auto" data-testid="field-error">
      {list.map((e, i) => (
        <span key={i}>
          {i > 0 ? ' ' : null}
          {typeof e === 'string' ? engineMessage(e, t) : e}
        </span>
      ))}
    </p>
  );
}
