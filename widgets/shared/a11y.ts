// Ids that tie a widget's input to the label, hint and error its FieldTemplate renders.
export const labelId = (id: string): string => `${id}__label`;
export const hintId = (id: string): string => `${id}__hint`;
export const errorId = (id: string): string => `${id}__error`;

/** aria-describedby for an input: its hint and its error. */
export const describedBy = (id: string): string => `${hintId(id)} ${errorId(id)}`;

/**
 * Props every input of a widget takes from rjsf's widget props. Attributes that say nothing are left
 * out: a 2,000-question form sets tens of thousands of them at first render.
 */
export function inputProps(p: {
  id: string;
  readonly?: boolean | undefined;
  disabled?: boolean | undefined;
  required?: boolean | undefined;
  autofocus?: boolean | undefined;
}) {
  return {
    id: p.id,
    'aria-describedby': describedBy(p.id),
    ...(p.readonly ? { readOnly: true } : {}),
    ...(p.disabled ? { disabled: true } : {}),
    ...(p.required ? { 'aria-required': true } : {}),
    ...(p.autofocus ? { autoFocus: true } : {}),
  };
}
