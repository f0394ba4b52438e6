// rjsf's ObjectFieldTemplate for the form and each repeat instance: lays the questions out in the
// survey's sections (the compiler's `ui:options.layout`; non-repeat sections add no level to the form
// data). A section is drawn by the registry's section widget and hidden while it is not relevant.
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { Fragment, type ReactNode } from 'react';
import type { LayoutNode } from '../../engine/survey/index';
import { useQuestionState, useRelevant, useRuntime } from '../runtime/hooks';
import { domIdOf, instancePath, joinPath } from '../runtime/paths';
import { describe } from '../form/fields';
import type { FormContext, FormValues, FormRegistry, QuestionWidget } from '../types';

type Props = ObjectFieldTemplateProps<FormValues, RJSFSchema, FormContext>;

const noop = (): void => undefined;

export function Layout(props: Props) {
  const layout = (props.uiSchema?.['ui:options'] as { layout?: LayoutNode[] } | undefined)?.layout;
  if (layout === undefined) return <div className="fs-level">{props.properties.map((p) => p.content)}</div>;
  const content = new Map(props.properties.map((p) => [p.name, p.content]));
  const prefix = instancePath(props.fieldPathId.path);
  const render = (nodes: readonly LayoutNode[]): ReactNode[] =>
    nodes.map((node) =>
      node.kind === 'section' ? (
        <SectionFrame key={node.name} node={node} path={joinPath(prefix, node.name)} registry={props.registry} readonly={props.readonly === true}>
          {render(node.children)}
        </SectionFrame>
      ) : (
        <Fragment key={node.name}>{content.get(node.name)}</Fragment>
      ),
    );
  return <div className="fs-level">{render(layout)}</div>;
}

interface FrameProps {
  node: Exclude<LayoutNode, { kind: 'question' }>;
  path: string;
  registry: FormRegistry;
  readonly: boolean;
  children: ReactNode;
}

function SectionFrame({ node, path, registry, readonly, children }: FrameProps) {
  const rt = useRuntime();
  const relevant = useRelevant(path);
  const state = useQuestionState(path);
  if (!relevant) return null;
  const Section = registry.widgets.section as QuestionWidget;
  return (
    <Section
      id={domIdOf(path)}
      name={node.name}
      label={state?.label ?? node.title}
      value={undefined}
      onChange={noop}
      onBlur={noop}
      onFocus={noop}
      options={{ questionType: 0, name: node.name, repeat: false, ...describe(state?.hint ?? node.description) }}
      schema={{}}
      uiSchema={{ 'ui:options': { questionType: 0 } }}
      registry={registry}
      readonly={rt?.readOnly ?? readonly}
    >
      {children}
    </Section>
  );
}
