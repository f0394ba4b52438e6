// The frame around one question (rjsf's FieldTemplate in shape: the survey form's host draws it, and so
// can an rjsf Form). It gives the widget its instance path, hides the question while it is not
// relevant, shows its live label and hint (label references) and the error a respondent should see
// now. Containers (the form, repeats, their instances) pass through.
import type { FieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { QUESTION_TYPES } from '../../engine/survey/index';
import { PathContext, useFrameState, useRuntime } from '../runtime/hooks';
import { domIdOf, instancePath } from '../runtime/paths';
import { hintId } from '../shared/a11y';
import { templateOf, type FormContext, type FormValues, type QuestionOptions } from '../types';

/** What the frame reads of rjsf's FieldTemplate props. */
export type QuestionFrameProps = Pick<
  FieldTemplateProps<FormValues, RJSFSchema, FormContext>,
  'id' | 'children' | 'registry' | 'schema' | 'uiSchema' | 'rawErrors' | 'readonly' | 'fieldPathId'
>;
type Props = QuestionFrameProps;

export function FieldTemplate(props: Props) {
  const o = props.uiSchema?.['ui:options'] as Partial<QuestionOptions> | undefined;
  if (o?.questionType === undefined || o.questionType === 0) return props.children;
  return <QuestionFrame {...props} o={o as QuestionOptions} path={instancePath(props.fieldPathId.path)} />;
}

function QuestionFrame({
  o,
  path,
  id,
  children,
  registry,
  schema,
  uiSchema: ui,
  rawErrors,
  readonly,
  fieldPathId,
}: Props & { o: QuestionOptions; path: string }) {
  const uiSchema = ui ?? {};
  const rt = useRuntime();
  const { relevant, question: state, error: shown } = useFrameState(path);
  if (!relevant) return null;
  const source = QUESTION_TYPES[o.questionType].source;
  const storedView = rt?.readOnly ?? readonly;
  // Calculate and hidden questions hold a value and show nothing, except in a stored submission.
  if (source === 'computed' && !storedView) return <PathContext.Provider value={path}>{children}</PathContext.Provider>;
  const Title = templateOf('TitleFieldTemplate', registry);
  const Hint = templateOf('DescriptionFieldTemplate', registry);
  const Errors = templateOf('FieldErrorTemplate', registry);
  const error = rt ? shown : rawErrors?.[0];
  const hint = state?.hint ?? o.hint;
  // The asterisk follows the live state: a required condition holds only while its expression does.
  return (
    <PathContext.Provider value={path}>
      <div
        className="fs-q"
        id={domIdOf(path)}
        data-path={path}
        data-type={o.questionType}
        onBlur={rt ? () => rt.touch(path) : undefined}
        {...(error ? { 'data-invalid': 'true' } : {})}
      >
        <Title
          id={id}
          title={state?.label ?? o.label}
          required={(state?.required ?? o.required) && source === 'input'}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
        {hint ? <Hint id={hintId(id)} description={hint} schema={schema} uiSchema={uiSchema} registry={registry} /> : null}
        {children}
        <Errors errors={error ? [error] : []} fieldPathId={fieldPathId} schema={schema} uiSchema={uiSchema} registry={registry} />
      </div>
    </PathContext.Provider>
  );
}
