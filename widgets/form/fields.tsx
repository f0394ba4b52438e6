// rjsf's fields replaced. ArrayField: every array of a survey is a repeat group, drawn by the
// registry's section widget from the runtime's instance count (instances numbered from 1, each with
// 'Show less' / 'Show more'). ObjectField: matrix and rating answers are objects, which rjsf would lay
// out field by field; an object whose uiSchema names a widget is drawn by that widget.
import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, toFieldPathId, type Field, type FieldPathId, type FieldProps, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { memo, useMemo, useState } from 'react';
import { useInstanceCount, useQuestionState, useRelevant, useRuntime, useShownError } from '../runtime/hooks';
import { domIdOf, instancePath } from '../runtime/paths';
import type { FormContext, FormValues, FormRegistry, QuestionWidget } from '../types';
import { useText } from '../runtime/text';

type Props = FieldProps<FormValues, RJSFSchema, FormContext>;

const noop = (): void => undefined;

/** rjsf's `description` ui option is a string or absent. */
export const describe = (text: string | null | undefined): { description?: string } => (text ? { description: text } : {});

interface RepeatOptions {
  name: string;
  addable: boolean;
  removable: boolean;
  repeatCount: string | number | null;
}

export function RepeatField(props: Props) {
  const { schema, uiSchema, fieldPathId, registry } = props;
  const rt = useRuntime();
  const path = instancePath(fieldPathId.path);
  const relevant = useRelevant(path);
  const state = useQuestionState(path);
  const count = useInstanceCount(path, Array.isArray(props.formData) ? props.formData.length : 0);
  const shown = useShownError(path);
  if (!relevant) return null;
  const o = (uiSchema?.['ui:options'] ?? {}) as Partial<RepeatOptions>;
  const readonly = rt?.readOnly ?? props.readonly === true;
  const title = state?.label ?? schema.title ?? props.name;
  const resize = (n: number): void => {
    if (rt) {
      if (n > count) rt.add(path);
      else if (n < count) rt.remove(`${path}[${count}]`);
      return;
    }
    const list = Array.isArray(props.formData) ? [...(props.formData as unknown[])] : [];
    while (list.length < n) list.push({});
    props.onChange(list.slice(0, n) as never, fieldPathId.path);
  };
  const remove = (index: number): void => {
    if (rt) rt.remove(`${path}[${index + 1}]`);
    else if (Array.isArray(props.formData)) props.onChange((props.formData as unknown[]).filter((_, i) => i !== index) as never, fieldPathId.path);
  };
  const Section = registry.widgets.section as QuestionWidget;
  const itemSchema = (schema.items ?? {}) as RJSFSchema;
  const itemUi = (uiSchema?.items ?? {}) as UiSchema;
  return (
    <Section
      id={domIdOf(path)}
      name={props.name}
      label={title}
      value={count}
      onChange={(n) => resize(Number(n))}
      onBlur={noop}
      onFocus={noop}
      options={{ ...o, questionType: 0, repeat: true, ...describe(state?.hint ?? schema.description) }}
      schema={schema}
      uiSchema={uiSchema ?? {}}
      registry={registry}
      readonly={readonly}
      rawErrors={rt ? (shown ? [shown] : []) : (props.rawErrors ?? [])}
    >
      {Array.from({ length: count }, (_, i) => (
        <RepeatInstance
          key={i}
          index={i}
          parent={fieldPathId}
          title={title}
          schema={itemSchema}
          uiSchema={itemUi}
          registry={registry}
          readonly={readonly}
          removable={o.removable === true}
          onRemove={remove}
          onChange={props.onChange}
          formData={Array.isArray(props.formData) ? (props.formData as unknown[])[i] : undefined}
        />
      ))}
    </Section>
  );
}

interface InstanceProps {
  index: number;
  parent: FieldPathId;
  title: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  registry: FormRegistry;
  readonly: boolean;
  removable: boolean;
  onRemove: (index: number) => void;
  onChange: Props['onChange'];
  formData: unknown;
}

// Memoised: adding the 200th instance renders that instance only.
const RepeatInstance = memo(function RepeatInstance({ index, parent, title, schema, uiSchema, registry, readonly, removable, onRemove, onChange, formData }: InstanceProps) {
  const t = useText();
  const [open, setOpen] = useState(true);
  const fieldPathId = useMemo(() => toFieldPathId(index, registry.globalFormOptions, parent), [index, registry.globalFormOptions, parent]);
  // A repeat's relevance holds per instance (position(..) = 1): a hidden instance is not shown at all.
  const relevant = useRelevant(instancePath(fieldPathId.path));
  const SchemaField = registry.fields.SchemaField as Field<FormValues, RJSFSchema, FormContext>;
  if (!relevant) return null;
  return (
    <div className="fs-instance" data-instance={index + 1} data-testid="repeat-instance">
      <div className="fs-instance-head">
        <h3 className="fs-instance-title">
          {title} {index + 1}
        </h3>
        <div className="fs-row">
          <button type="button" className="fs-btn fs-btn-link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('widgets.section.showLess') : t('widgets.section.showMore')}
          </button>
          {removable && !readonly ? (
            <button type="button" className="fs-btn fs-btn-danger" onClick={() => onRemove(index)}>
              {t('widgets.section.remove')}
            </button>
          ) : null}
        </div>
      </div>
      <div className={open ? 'fs-level' : 'fs-level fs-collapsed'}>
        <SchemaField
          name={String(index)}
          schema={schema}
          uiSchema={uiSchema}
          fieldPathId={fieldPathId}
          {...(formData === undefined ? {} : { formData: formData as FormValues })}
          onChange={onChange}
          onBlur={noop}
          onFocus={noop}
          registry={registry}
          required={false}
          disabled={false}
          readonly={readonly}
        />
      </div>
    </div>
  );
});

const DEFAULT_FIELDS = getDefaultRegistry<FormValues, RJSFSchema, FormContext>().fields;
const DefaultObjectField = DEFAULT_FIELDS.ObjectField as Field<FormValues, RJSFSchema, FormContext>;

/**
 * Numbers go straight to their widget: rjsf's NumberField keeps half-typed text for its own inputs
 * and asks Intl for the decimal separator on every render (a tenth of a second over a thousand
 * questions); our number widgets hand over numbers already (shared/NumberInput.tsx).
 */
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
