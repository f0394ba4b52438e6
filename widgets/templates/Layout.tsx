// rjsf's ObjectFieldTemplate for the form and each repeat instance: lays the questions out in the
// survey's sections (the compiler's `ui:options.layout`; non-repeat sections add no level to the form
// data). A section is drawn by the registry's section widget and hidden while it is not relevant.
// A long level is drawn in steps (useProgressive): the first questions at once, the rest in later tasks.
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { Fragment, startTransition, useEffect, useState, type ReactNode } from 'react';
import type { LayoutNode } from '../../engine/survey/index';
import { useQuestionState, useRelevant, useRuntime } from '../runtime/hooks';
import { domIdOf, instancePath, joinPath } from '../runtime/paths';
import { describe } from '../form/fields';
import type { FormContext, FormValues, FormRegistry, QuestionWidget } from '../types';

type Props = ObjectFieldTemplateProps<FormValues, RJSFSchema, FormContext>;

const noop = (): void => undefined;

/** Questions drawn in the first commit: more than a phone's screen holds, few enough for 4x slower CPUs. */
export const FIRST_QUESTIONS = 40;
/** Questions added by each later task. */
const STEP_QUESTIONS = 80;

/**
 * How many of a level's questions to draw now (issue 22). Mounting 2,000 questions took seconds of a slow
 * phone's CPU before the first could be typed into; the respondent reads from the top, so the first
 * ones are drawn at once and the rest follow in transitions, a step per task, which typing interrupts.
 * The runtime holds every answer, rule and calculation from the start: what is not drawn yet is still
 * computed, validated and submitted.
 */
function useProgressive(total: number): number {
  const [limit, setLimit] = useState(() => Math.min(total, FIRST_QUESTIONS));
  useEffect(() => {
    if (limit >= total) return;
    const timer = setTimeout(() => startTransition(() => setLimit((l) => Math.min(total, l + STEP_QUESTIONS))), 0);
    return () => clearTimeout(timer);
  }, [limit, total]);
  return Math.min(limit, total);
}

export function Layout(props: Props) {
  const layout = (props.uiSchema?.['ui:options'] as { layout?: LayoutNode[] } | undefined)?.layout;
  const limit = useProgressive(props.properties.length);
  if (layout === undefined) return <div className="fs-level">{props.properties.slice(0, limit).map((p) => p.content)}</div>;
  const content = new Map(props.properties.map((p) => [p.name, p.content]));
  const prefix = instancePath(props.fieldPathId.path);
  // Questions in the order they are read (a section's before the next one's), up to the limit.
  let left = limit;
  const render = (nodes: readonly LayoutNode[]): ReactNode[] => {
    const out: ReactNode[] = [];
    for (const node of nodes) {
      if (left <= 0) break;
      if (node.kind !== 'section') {
        left--;
        out.push(<Fragment key={node.name}>{content.get(node.name)}</Fragment>);
        continue;
      }
      out.push(
        <SectionFrame key={node.name} node={node} path={joinPath(prefix, node.name)} registry={props.registry} readonly={props.readonly === true}>
          {render(node.children)}
        </SectionFrame>,
      );
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
