// rjsf's ObjectFieldTemplate for the form and each repeat instance: lays the questions out in the
// survey's sections (the compiler's `ui:options.layout`; non-repeat sections add no level to the form
// data). A section is drawn by the registry's section widget and hidden while it is not relevant.
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { createContext, Fragment, useContext, type ReactNode } from 'react';
import type { LayoutNode } from '../../engine/survey/index';
import { useQuestionState, useRelevant, useRuntime } from '../runtime/hooks';
import { domIdOf, instancePath, joinPath } from '../runtime/paths';
import { describe } from '../form/fields';
import type { FormContext, FormValues, FormRegistry, QuestionWidget } from '../types';

type Props = ObjectFieldTemplateProps<FormValues, RJSFSchema, FormContext>;

const noop = (): void => undefined;

/**
 * How many questions of the form's top level are laid out, in document order. The fill page lays out
 * every one; the builder's preview lays a long survey out as it is scrolled to (builder/Preview.tsx):
 * mounting 2,000 questions nobody looks at was most of the time the builder took to open.
 */
export const LayoutWindow = createContext(Number.POSITIVE_INFINITY);

/** The questions a layout node lays out (a repeat: those of one instance). */
const sizeOf = (node: LayoutNode): number => (node.kind === 'question' ? 1 : node.children.reduce((n, c) => n + sizeOf(c), 0));

export function Layout(props: Props) {
  const limit = useContext(LayoutWindow);
  const layout = (props.uiSchema?.['ui:options'] as { layout?: LayoutNode[] } | undefined)?.layout;
  if (layout === undefined) return <div className="fs-level">{props.properties.map((p) => p.content)}</div>;
  const content = new Map(props.properties.map((p) => [p.name, p.content]));
  const prefix = instancePath(props.fieldPathId.path);
  // A repeat instance is laid out whole: the window is the form's, not each instance's.
  let budget = prefix === '' ? limit : Number.POSITIVE_INFINITY;
  const render = (nodes: readonly LayoutNode[]): ReactNode[] => {
    const out: ReactNode[] = [];
    for (const node of nodes) {
      if (budget <= 0) break;
      if (node.kind === 'section') {
        out.push(
          <SectionFrame key={node.name} node={node} path={joinPath(prefix, node.name)} registry={props.registry} readonly={props.readonly === true}>
            {render(node.children)}
          </SectionFrame>,
        );
      } else {
        budget -= sizeOf(node);
        out.push(<Fragment key={node.name}>{content.get(node.name)}</Fragment>);
      }
    }
    return out;
  };
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
