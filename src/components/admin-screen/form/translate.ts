// A declared form made ready for rjsf: titles and placeholders translated, fetched choices handed to
// the widgets, and validation messages replaced by the declaration's (the spec's) sentences.
import type { FormValidation, RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import type { FormDeclaration, JsonSchema } from '../../../../schemas/screens';

export interface Choice {
  value: string | number;
  label: string;
}

type Props = Record<string, Record<string, unknown>>;

export function translateSchema(schema: JsonSchema, t: TFunction): JsonSchema {
  const props = (schema.properties ?? {}) as Props;
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(props).map(([k, p]) => [k, typeof p.title === 'string' ? { ...p, title: t(p.title) } : p]),
    ),
  };
}

export function translateUi(
  ui: JsonSchema,
  t: TFunction,
  choices: Record<string, { items: Choice[]; loading: boolean; emptyHint?: string | undefined }>,
): JsonSchema {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(ui)) {
    if (field.startsWith('ui:') || typeof value !== 'object' || value === null) {
      out[field] = value;
      continue;
    }
    const v = { ...(value as Record<string, unknown>) };
    if (typeof v['ui:placeholder'] === 'string') v['ui:placeholder'] = t(v['ui:placeholder']);
    const c = choices[field];
    if (c)
      v['ui:options'] = {
        ...((v['ui:options'] as object) ?? {}),
        choices: c.items,
        loading: c.loading,
        emptyHint: c.emptyHint ? t(c.emptyHint) : undefined,
      };
    out[field] = v;
  }
  return out;
}

/** The field an rjsf error is about: '.name' -> 'name'; a missing required property names itself. */
function fieldOf(e: RJSFValidationError): string {
  if (e.name === 'required') return String((e.params as { missingProperty?: string }).missingProperty ?? '');
  return (e.property ?? '').replace(/^\./, '').split('.')[0] ?? '';
}

export function transformErrors(form: FormDeclaration, t: TFunction) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((e) => {
      const key = form.errorMessages[fieldOf(e)]?.[e.name ?? ''];
      if (key) return { ...e, message: t(key) };
      if (e.name === 'required') return { ...e, message: t('adminScreen.required') };
      return e;
    });
}

export function customValidate(form: FormDeclaration, t: TFunction) {
  return (data: Record<string, unknown> | undefined, errors: FormValidation<Record<string, unknown>>) => {
    for (const rule of form.rules ?? []) {
      const start = data?.[rule.start];
      const end = data?.[rule.end];
      if (typeof start === 'string' && typeof end === 'string' && start && end && end < start) {
        (errors[rule.end] as { addError?: (m: string) => void } | undefined)?.addError?.(t(rule.message));
      }
    }
    return errors;
  };
}

/** Only the declared fields of a loaded entity (an edit form gets name and description, not the id). */
export function pickFields(schema: JsonSchema, data: Record<string, unknown>): Record<string, unknown> {
  const props = Object.keys((schema.properties ?? {}) as object);
  return Object.fromEntries(props.filter((k) => data[k] !== undefined && data[k] !== null).map((k) => [k, data[k]]));
}
