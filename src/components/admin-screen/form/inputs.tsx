// The text, date and long-text inputs of the declared forms. @rjsf/chakra-ui's own give the input rjsf's
// id (root_name) while Chakra's Field labels the id it generated itself, so the label pointed at nothing
// and screen readers announced the fields unnamed (axe: label, label-title-only). Here the Field is told
// the control's id (its `id`, from which Ark derives the label's `for`), so the visible label names the input.
import { Field, Input, Textarea } from '@chakra-ui/react';
import { ariaDescribedByIds, getInputProps, labelValue, type BaseInputTemplateProps, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent, ReactNode } from 'react';

function Labelled(p: {
  id: string;
  label: ReactNode;
  required: boolean;
  disabled: boolean;
  readonly: boolean;
  invalid: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root id={p.id} mb="1" disabled={p.disabled || p.readonly} required={p.required} readOnly={p.readonly} invalid={p.invalid}>
      {p.label ? (
        <Field.Label>
          {p.label}
          <Field.RequiredIndicator />
        </Field.Label>
      ) : null}
      {p.children}
    </Field.Root>
  );
}

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    type,
    value,
    label,
    hideLabel,
    schema,
    onChange,
    onChangeOverride,
    onBlur,
    onFocus,
    options,
    required,
    readonly,
    rawErrors,
    autofocus,
    placeholder,
    disabled,
  } = props;
  const change = (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? options.emptyValue : e.target.value);
  return (
    <Labelled
      id={id}
      label={labelValue(label, hideLabel || !label)}
      required={!!required}
      disabled={!!disabled}
      readonly={!!readonly}
      invalid={(rawErrors?.length ?? 0) > 0}
    >
      <Input
        id={id}
        name={htmlName || id}
        value={value || value === 0 ? (value as string | number) : ''}
        onChange={onChangeOverride ?? change}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
        autoFocus={autofocus}
        placeholder={placeholder}
        {...getInputProps(schema, type, options)}
        aria-describedby={ariaDescribedByIds(id)}
      />
    </Labelled>
  );
}

export function TextareaWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    label,
    hideLabel,
    onChange,
    onBlur,
    onFocus,
    options,
    required,
    readonly,
    rawErrors,
    autofocus,
    placeholder,
    disabled,
  } = props;
  return (
    <Labelled
      id={id}
      label={labelValue(label, hideLabel || !label)}
      required={!!required}
      disabled={!!disabled}
      readonly={!!readonly}
      invalid={(rawErrors?.length ?? 0) > 0}
    >
      <Textarea
        id={id}
        name={htmlName || id}
        value={(value as string | undefined) ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
        autoFocus={autofocus}
        placeholder={placeholder}
        rows={options.rows}
        aria-describedby={ariaDescribedByIds(id)}
      />
    </Labelled>
  );
}
