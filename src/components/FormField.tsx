// The labelled field the app's hand-written forms and dialogs share: the label (with the required mark),
// the control, a hint, and the error under it; plus a native select in that frame and the Cancel/submit
// pair of a dialog's footer. One place, so every form marks, hints and reports its fields alike.
// (The declared admin forms have their own, rjsf-driven frame: components/admin-screen/form/.)
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  children: ReactNode;
  required?: boolean;
  /** Defaults to whether there is an error to show. */
  invalid?: boolean;
  error?: ReactNode;
  helper?: ReactNode;
  disabled?: boolean;
  readOnly?: boolean;
  errorTestId?: string;
  /** Shown under the hint and the error (a live checklist, say). */
  below?: ReactNode;
}

export function FormField(p: FormFieldProps) {
  return (
    <Field.Root
      required={p.required ?? false}
      invalid={p.invalid ?? !!p.error}
      disabled={p.disabled ?? false}
      readOnly={p.readOnly ?? false}
    >
      <Field.Label>
        {p.label}
        {p.required && <Field.RequiredIndicator />}
      </Field.Label>
      {p.children}
      {p.helper && <Field.HelperText>{p.helper}</Field.HelperText>}
      {p.error && <Field.ErrorText data-testid={p.errorTestId}>{p.error}</Field.ErrorText>}
      {p.below}
    </Field.Root>
  );
}

export interface SelectControlProps {
  value: string;
  onChange: (value: string) => void;
  /** The `<option>`s, a placeholder option first where there is one. */
  children: ReactNode;
  testId?: string;
  name?: string;
  ariaLabel?: string;
  disabled?: boolean;
  size?: NativeSelect.RootProps['size'];
  width?: NativeSelect.RootProps['w'];
}

/** A native select (the phone's own picker on small screens) in the app's style. */
export function SelectControl(p: SelectControlProps) {
  return (
    <NativeSelect.Root disabled={p.disabled ?? false} {...(p.size ? { size: p.size } : {})} {...(p.width ? { w: p.width } : {})}>
      <NativeSelect.Field
        name={p.name}
        aria-label={p.ariaLabel}
        value={p.value}
        onChange={(e) => p.onChange(e.currentTarget.value)}
        data-testid={p.testId}
      >
        {p.children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** `<option>`s from a list, each its value and the text shown. */
export function Options({ items }: { items: readonly { value: string | number; label: string }[] }) {
  return (
    <>
      {items.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

export interface DialogActionsProps {
  onCancel: () => void;
  cancelText: string;
  submitText: string;
  busy: boolean;
  submitTestId: string;
  cancelTestId?: string;
  /** The id of the form the submit button submits; without it, `onSubmit` is called. */
  form?: string;
  onSubmit?: () => void;
  colorPalette?: 'brand' | 'red';
  loadingText?: string;
}

/** A dialog footer's Cancel and submit buttons; the submit one shows it is busy while the request runs. */
export function DialogActions(p: DialogActionsProps) {
  return (
    <>
      <Button variant="outline" onClick={p.onCancel} data-testid={p.cancelTestId}>
        {p.cancelText}
      </Button>
      <Button
        {...(p.form ? { type: 'submit' as const, form: p.form } : { onClick: p.onSubmit })}
        colorPalette={p.colorPalette ?? 'brand'}
        loading={p.busy}
        {...(p.loadingText ? { loadingText: p.loadingText } : {})}
        data-testid={p.submitTestId}
      >
        {p.submitText}
      </Button>
    </>
  );
}
