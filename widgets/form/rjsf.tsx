// The survey's widgets inside an @rjsf/core Form: rjsf's fields replaced. The survey form itself does not
// use rjsf (SurveyForm.tsx); this is for a page that embeds the widgets in an rjsf Form, and for the
// contract suite, which renders every widget so too. Not re-exported by widgets/index.ts: importing
// @rjsf/core would bring it into the fill route (widgets/rjsf.ts is its entry).
// ArrayField: every array of a survey is a repeat group (form/repeat.tsx). ObjectField: matrix and rating
// answers are objects, which rjsf would lay out field by field; an object whose uiSchema names a widget is
// drawn by that widget. NumberField: numbers go straight to their widget.
import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, type Field, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { createContext, useContext, useMemo } from 'react';
import type { FormContext, FormValues, QuestionWidget } from '../types';
import { Repeat, type InstanceBodyProps } from './repeat';

type Props = FieldProps<FormValues, RJSFSchema, FormContext>;

const noop = (): void => undefined;

const DEFAULT_FIELDS = getDefaultRegistry<FormValues, RJSFSchema, FormContext>().fields;
const DefaultObjectField = DEFAULT_FIELDS.ObjectField as Field<FormValues, RJSFSchema, FormContext>;

/** A repeat's instances as rjsf holds them, for the instances' SchemaFields. */
const RepeatData = createContext<{ list: unknown[]; onChange: Props['onChange'] }>({ list: [], onChange: noop });

function RjsfInstance({ index, steps, schema, uiSchema, registry, readonly }: InstanceBodyProps) {
  const { list, onChange } = useContext(RepeatData);
  const SchemaField = registry.fields.SchemaField as Field<FormValues, RJSFSchema, FormContext>;
  const formData = list[index];
  return (
    <SchemaField
      name={String(index)}
      schema={schema}
      uiSchema={uiSchema}
      fieldPathId={{ $id: [registry.globalFormOptions.idPrefix, ...steps].join(registry.globalFormOptions.idSeparator), path: [...steps] }}
      {...(formData === undefined ? {} : { formData: formData as FormValues })}
      onChange={onChange}
      onBlur={noop}
      onFocus={noop}
      registry={registry}
      required={false}
      disabled={false}
      readonly={readonly}
    />
  );
}

export function RepeatField(props: Props) {
  const { fieldPathId, onChange } = props;
  const list = useMemo(() => (Array.isArray(props.formData) ? (props.formData as unknown[]) : []), [props.formData]);
  const fallback = {
    count: list.length,
    resize: (n: number) => {
      const next = [...list];
      while (next.length < n) next.push({});
      onChange(next.slice(0, n) as never, fieldPathId.path);
    },
    remove: (index: number) => onChange(list.filter((_, i) => i !== index) as never, fieldPathId.path),
    rawErrors: props.rawErrors ?? [],
  };
  return (
    <RepeatData.Provider value={{ list, onChange }}>
      <Repeat
        steps={fieldPathId.path}
        name={props.name}
        schema={props.schema}
        uiSchema={props.uiSchema}
        registry={props.registry}
        readonly={props.readonly === true}
        Body={RjsfInstance}
        fallback={fallback}
      />
    </RepeatData.Provider>
  );
}

/** rjsf's NumberField keeps half-typed text and asks Intl for the decimal separator on every render; our number widgets hand over numbers. */
export const NumberField = DEFAULT_FIELDS.StringField as Field<FormValues, RJSFSchema, FormContext>;

export function ObjectField(props: Props) {
  const widget = props.uiSchema?.['ui:widget'];
  const Widget = typeof widget === 'string' ? (props.registry.widgets[widget] as QuestionWidget | undefined) : undefined;
  if (Widget === undefined) return <DefaultObjectField {...props} />;
  const { fieldPathId, onChange } = props;
  const { widget: _w, ...options } = getUiOptions(props.uiSchema);
  return (
    <Widget
      id={fieldPathId.$id}
      name={props.name}
      label={props.schema.title ?? props.name}
      value={props.formData}
      onChange={(v) => onChange(v as never, fieldPathId.path)}
      onBlur={props.onBlur}
      onFocus={props.onFocus}
      options={options}
      schema={props.schema}
      uiSchema={props.uiSchema ?? {}}
      registry={props.registry}
      required={props.required === true}
      disabled={props.disabled === true}
      readonly={props.readonly === true}
      rawErrors={props.rawErrors ?? []}
    />
  );
}

/** rjsf's fields replaced, for an @rjsf/core Form of survey widgets (with TEMPLATES and WIDGETS_BY_NAME). */
export const FIELDS = { ArrayField: RepeatField, ObjectField, NumberField };
