// A survey as a form: our own small host walks the compiled schema and uiSchema (engine/survey's
// compile.ts) once and draws the templates (the question frame, the layout of sections) and the
// registry's widgets with the props rjsf would give them. Values, visibility and errors live in the
// runtime; widgets subscribe to their own answers (README "Why the runtime"). Not @rjsf/core's Form: it
// only laid the form out once, and cost the fill route 41 KiB brotli (rjsf, its utils, json-schema-merge)
// and, on large surveys, its defaults and schema resolution per question (docs/decisions/0057-fill-route-code.md).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { memo, useEffect, useMemo, useRef, type ReactElement } from 'react';
import { useTranslation } from '../runtime/texts';
import { WIDGETS_BY_NAME } from '../registry';
import { RuntimeContext } from '../runtime/hooks';
import { TextContext } from '../runtime/text';
import type { FormRuntime } from '../runtime/store';
import { TEMPLATES } from '../templates/index';
import { FieldTemplate } from '../templates/QuestionFrame';
import { Layout } from '../templates/Layout';
import type { FormContext, FormRegistry, QuestionOptions, QuestionWidget, QuestionWidgetProps } from '../types';
import { MediaUrlContext } from '../shared/ChoiceImage';
import { warmInputs } from '../shared/warmInputs';
import { afterPaint } from '../runtime/schedule';
import { Repeat, type Steps } from './repeat';
import '../widgets.css';

export interface SurveyFormProps {
  runtime: FormRuntime;
  /** What the page lends the widgets: toasts, links of stored files. */
  context?: FormContext;
}

const noop = (): void => undefined;
const ROOT: Steps = [];
const NO_ERRORS: string[] = [];
/** rjsf's ids (its idPrefix and the form's idSeparator): 'root:household:0:age'. */
const idOf = (steps: Steps): string => ['root', ...steps].join(':');

export function SurveyForm({ runtime, context }: SurveyFormProps) {
  const form = runtime.compiled;
  const formContext = useMemo(() => context ?? {}, [context]);
  // What the widgets and templates read of rjsf's registry: the widgets, the label, hint and error
  // templates, the page's context.
  const registry = useMemo(
    () => ({ widgets: WIDGETS_BY_NAME, templates: TEMPLATES, formContext }) as unknown as FormRegistry,
    [formContext],
  );
  const { t } = useTranslation();
  // The date and time questions the first screen does not show yet: the browser's first build of such
  // an input is paid once the form is painted, not by the answer that reveals them (../shared/warmInputs.ts).
  const host = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      afterPaint(() => {
        if (host.current) warmInputs(form, host.current);
      }),
    [form],
  );
  return (
    <TextContext.Provider value={t}>
      <RuntimeContext.Provider value={runtime}>
        <MediaUrlContext.Provider value={formContext.mediaUrl}>
          <div ref={host} className="fs-form" dir={form.language.dir} lang={form.language.code} data-testid="survey-form">
            <Level
              steps={ROOT}
              schema={form.schema as RJSFSchema}
              uiSchema={form.uiSchema as UiSchema}
              registry={registry}
              readonly={runtime.readOnly}
            />
          </div>
        </MediaUrlContext.Provider>
      </RuntimeContext.Provider>
    </TextContext.Provider>
  );
}

interface LevelProps {
  steps: Steps;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  registry: FormRegistry;
  readonly: boolean;
}

/** The form's top level or one repeat instance: its questions and repeats, laid out in sections by Layout. */
const Level = memo(function Level({ steps, schema, uiSchema, registry, readonly }: LevelProps) {
  // Built once per level: the layout window's steps re-render Layout, never the questions laid out.
  const properties = useMemo(
    () =>
      Object.entries(schema.properties ?? {}).map(([name, s]) => ({
        name,
        content: nodeOf(name, s as RJSFSchema, uiSchema[name] as UiSchema, [...steps, name], registry, readonly),
      })),
    [steps, schema, uiSchema, registry, readonly],
  );
  const fieldPathId = useMemo(() => ({ $id: idOf(steps), path: [...steps] }), [steps]);
  return <Layout properties={properties} uiSchema={uiSchema} fieldPathId={fieldPathId} registry={registry} readonly={readonly} />;
});

/** A repeat, or a question in its frame with its widget (the compiler names it in `ui:widget`). */
function nodeOf(
  name: string,
  schema: RJSFSchema,
  uiSchema: UiSchema,
  steps: Steps,
  registry: FormRegistry,
  formReadonly: boolean,
): ReactElement {
  if (schema.type === 'array')
    return (
      <Repeat steps={steps} name={name} schema={schema} uiSchema={uiSchema} registry={registry} readonly={formReadonly} Body={Level} />
    );
  // rjsf's widget options: the question's `ui:options` as the compiler wrote them.
  const options = uiSchema['ui:options'] as QuestionWidgetProps['options'];
  const o = options as unknown as QuestionOptions & { readonly?: boolean };
  const Widget = registry.widgets[uiSchema['ui:widget'] as string] as QuestionWidget;
  // As rjsf: the question's own read-only (a calculation, a read-only question) over the form's.
  const readonly = o.readonly ?? formReadonly;
  const id = idOf(steps);
  return (
    <FieldTemplate
      id={id}
      fieldPathId={{ $id: id, path: [...steps] }}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
      readonly={readonly}
    >
      <Widget
        id={id}
        name={name}
        label={schema.title ?? name}
        value={undefined}
        onChange={noop}
        onBlur={noop}
        onFocus={noop}
        options={options}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
        required={o.required}
        disabled={false}
        readonly={readonly}
        autofocus={false}
        rawErrors={NO_ERRORS}
      />
    </FieldTemplate>
  );
}
