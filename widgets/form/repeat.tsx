// A repeat group: drawn by the registry's section widget from the runtime's instance count (instances
// numbered from 1, each with 'Show less' / 'Show more'). The survey form's host draws each instance's
// questions with its own level; an rjsf Form (form/rjsf.tsx) with rjsf's SchemaField, and there, without
// a runtime, the instances come from rjsf's value and onChange (`fallback`).
import { memo, useCallback, useMemo, useState, type ComponentType } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useFrameState, useInstanceCount, useRelevant, useRuntime } from '../runtime/hooks';
import { domIdOf, instancePath } from '../runtime/paths';
import { useText } from '../runtime/text';
import { describe, type FormRegistry, type QuestionWidget } from '../types';

/** rjsf's FieldPathList: ['household', 1, 'age'] (0-based instances). */
export type Steps = readonly (string | number)[];

/** What draws one instance's questions. */
export interface InstanceBodyProps {
  index: number;
  steps: Steps;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  registry: FormRegistry;
  readonly: boolean;
}

interface RepeatOptions {
  name: string;
  addable: boolean;
  removable: boolean;
  repeatCount: string | number | null;
}

export interface RepeatProps {
  steps: Steps;
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema | undefined;
  registry: FormRegistry;
  /** The form's (or the enclosing instance's) read-only. */
  readonly: boolean;
  Body: ComponentType<InstanceBodyProps>;
  /** Without a runtime (a plain rjsf Form): the instances as rjsf holds them, and how they change. */
  fallback?: { count: number; resize: (n: number) => void; remove: (index: number) => void; rawErrors: string[] };
}

const noop = (): void => undefined;

export function Repeat({ steps, name, schema, uiSchema, registry, readonly: formReadonly, Body, fallback }: RepeatProps) {
  const rt = useRuntime();
  const path = instancePath(steps);
  const { relevant, question: state, error: shown } = useFrameState(path);
  const count = useInstanceCount(path, fallback?.count ?? 0);
  const fallbackRemove = fallback?.remove;
  // Stable: adding the 200th instance renders that instance only.
  const remove = useCallback(
    (index: number) => (rt ? rt.remove(`${path}[${index + 1}]`) : fallbackRemove?.(index)),
    [rt, path, fallbackRemove],
  );
  if (!relevant) return null;
  const o = (uiSchema?.['ui:options'] ?? {}) as Partial<RepeatOptions>;
  const readonly = rt?.readOnly ?? formReadonly;
  const title = state?.label ?? schema.title ?? name;
  const resize = (n: number): void => {
    if (!rt) return fallback?.resize(n);
    if (n > count) rt.add(path);
    else if (n < count) rt.remove(`${path}[${count}]`);
  };
  const Section = registry.widgets.section as QuestionWidget;
  const itemSchema = (schema.items ?? {}) as RJSFSchema;
  const itemUi = (uiSchema?.items ?? {}) as UiSchema;
  return (
    <Section
      id={domIdOf(path)}
      name={name}
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
      rawErrors={rt ? (shown ? [shown] : []) : (fallback?.rawErrors ?? [])}
    >
      {Array.from({ length: count }, (_, i) => (
        <RepeatInstance
          key={i}
          index={i}
          parent={steps}
          title={title}
          schema={itemSchema}
          uiSchema={itemUi}
          registry={registry}
          readonly={readonly}
          removable={o.removable === true}
          onRemove={remove}
          Body={Body}
        />
      ))}
    </Section>
  );
}

interface InstanceProps extends Omit<InstanceBodyProps, 'steps'> {
  parent: Steps;
  title: string;
  removable: boolean;
  onRemove: (index: number) => void;
  Body: ComponentType<InstanceBodyProps>;
}

const RepeatInstance = memo(function RepeatInstance({
  index,
  parent,
  title,
  schema,
  uiSchema,
  registry,
  readonly,
  removable,
  onRemove,
  Body,
}: InstanceProps) {
  const t = useText();
  const [open, setOpen] = useState(true);
  const steps = useMemo(() => [...parent, index], [parent, index]);
  // A repeat's relevance holds per instance (position(..) = 1): a hidden instance is not shown at all.
  const relevant = useRelevant(instancePath(steps));
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
        <Body index={index} steps={steps} schema={schema} uiSchema={uiSchema} registry={registry} readonly={readonly} />
      </div>
    </div>
  );
});
