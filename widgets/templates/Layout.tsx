// The form's and each repeat instance's level (rjsf's ObjectFieldTemplate in shape): lays the questions out in the
// survey's sections (the compiler's `ui:options.layout`; non-repeat sections add no level to the form
// data). A section is drawn by the registry's section widget and hidden while it is not relevant; what an
// answer makes relevant is drawn a screenful at once and the rest right after (./reveal.ts).
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { createContext, Fragment, startTransition, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { LayoutNode } from '../../engine/survey/index';
import { useFrameState, useRuntime } from '../runtime/hooks';
import { domIdOf, instancePath, joinPath } from '../runtime/paths';
import { questionsThrough, sizeOf, topName, whenIdle, type LayoutWindowControl } from '../form/layoutWindow';
import { describe, type FormContext, type FormValues, type FormRegistry, type QuestionWidget } from '../types';
import { BLOCK, Block } from './blocks';
import { useRevealed } from './reveal';

/** What the layout reads of rjsf's ObjectFieldTemplate props: each question's content by name. */
export type LayoutProps = Pick<
  ObjectFieldTemplateProps<FormValues, RJSFSchema, FormContext>,
  'uiSchema' | 'fieldPathId' | 'registry' | 'readonly'
> & {
  properties: readonly { name: string; content: ReactNode }[];
};
type Props = LayoutProps;

const noop = (): void => undefined;

/** How long after the form first shows the background layout starts. */
const BACKGROUND_START_MS = 1500;

/**
 * How much of the form's top level is laid out, in document order; null (the default), all of it. The
 * fill page and the builder's preview lay a long survey out as it is scrolled to (form/layoutWindow.ts):
 * mounting 2,000 questions nobody looks at yet was most of the time both took to open.
 */
export const LayoutWindow = createContext<LayoutWindowControl | null>(null);

export function Layout(props: Props) {
  const control = useContext(LayoutWindow);
  const layout = (props.uiSchema?.['ui:options'] as { layout?: LayoutNode[] } | undefined)?.layout;
  const prefix = instancePath(props.fieldPathId.path);
  // A repeat instance is laid out whole: the window is the form's, not each instance's.
  const windowed = control !== null && layout !== undefined && prefix === '';
  const [limit, setLimit] = useState(() => (windowed ? control.laidOut : Number.POSITIVE_INFINITY));
  const end = useRef<HTMLDivElement>(null);
  const content = new Map(props.properties.map((p) => [p.name, p.content]));
  let budget = windowed ? limit : Number.POSITIVE_INFINITY;
  let partial = false;
  const render = (nodes: readonly LayoutNode[]): ReactNode[] => {
    const out: ReactNode[] = [];
    // Questions in a row go into blocks of BLOCK (blocks.tsx): a block is what skips layout off screen.
    let block: { key: string; items: ReactNode[]; questions: number } | null = null;
    const close = () => {
      if (block !== null)
        out.push(
          <Block key={block.key} questions={block.questions}>
            {block.items}
          </Block>,
        );
      block = null;
    };
    for (const node of nodes) {
      if (budget <= 0) {
        partial = true;
        break;
      }
      if (node.kind === 'section') {
        close();
        out.push(
          <SectionFrame
            key={node.name}
            node={node}
            path={joinPath(prefix, node.name)}
            registry={props.registry}
            readonly={props.readonly === true}
          >
            {render(node.children)}
          </SectionFrame>,
        );
      } else if (node.kind === 'repeat') {
        // A repeat's instances are levels of their own, blocked inside.
        close();
        budget -= sizeOf(node);
        out.push(<Fragment key={node.name}>{content.get(node.name)}</Fragment>);
      } else {
        budget -= 1;
        block ??= { key: `block:${node.name}`, items: [], questions: 0 };
        block.items.push(<Fragment key={node.name}>{content.get(node.name)}</Fragment>);
        if (++block.questions === BLOCK) close();
      }
    }
    close();
    return out;
  };
  const laid = layout === undefined ? null : render(layout);
  useEffect(() => {
    if (!windowed) return;
    control.laidOut = limit;
    const el = end.current;
    if (!partial || !el) return;
    const more = () => startTransition(() => setLimit((n) => n + control.options.step));
    // Observed anew after each step: observe() reports at once whether the end is still near.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    // The first background step waits a moment: the respondent's first keys and taps come before it.
    const cancel = control.options.background ? whenIdle(more, limit === control.options.first ? BACKGROUND_START_MS : 0) : undefined;
    // Printing prints the whole survey.
    const all = () => flushSync(() => setLimit(Number.POSITIVE_INFINITY));
    window.addEventListener('beforeprint', all);
    return () => {
      observer.disconnect();
      cancel?.();
      window.removeEventListener('beforeprint', all);
    };
  }, [windowed, control, limit, partial]);
  useEffect(() => {
    if (!windowed || layout === undefined) return;
    return control.attach((path) => {
      const need = questionsThrough(layout, topName(path));
      flushSync(() => setLimit((n) => Math.max(n, need)));
    });
  }, [windowed, control, layout]);
  if (laid === null) return <div className="fs-level">{props.properties.map((p) => p.content)}</div>;
  return (
    <div className="fs-level">
      {laid}
      {partial ? <div ref={end} className="fs-more" aria-hidden="true" /> : null}
    </div>
  );
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
  const { relevant, question: state } = useFrameState(path);
  // What an answer opens past a screenful follows in a transition (./reveal.ts).
  const shown = useRevealed(relevant, sizeOf(node));
  if (!shown) return null;
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
