// A survey author's label or hint on screen: ODK's formatting (engine/survey/markup.ts) as elements,
// everything else as text (its numbers bidi-isolated, shared/bidi.tsx). Never HTML: a label that holds
// <script> shows the characters.
import { Fragment, memo, type ReactNode } from 'react';
import { NO_LABEL } from '../../engine/survey/index';
import { hasMarkup, parseMarkup, type Inline } from '../../engine/survey/markup';
import { isolateText } from '../shared/bidi';
import { useText } from './text';

/** '( No label )' in the current language. */
function NoLabel() {
  return <>{useText()('widgets.noLabel')}</>;
}

function inline(nodes: readonly Inline[], key = ''): ReactNode[] {
  return nodes.map((n, i) => {
    const k = `${key}${i}`;
    switch (n.t) {
      case 'text':
        return <Fragment key={k}>{isolateText(n.v)}</Fragment>;
      case 'br':
        return <br key={k} />;
      case 'em':
        return <em key={k}>{inline(n.c, `${k}.`)}</em>;
      case 'strong':
        return <strong key={k}>{inline(n.c, `${k}.`)}</strong>;
      case 'link':
        return (
          <a key={k} href={n.href} target="_blank" rel="noopener noreferrer">
            {inline(n.c, `${k}.`)}
          </a>
        );
      case 'span':
        return (
          <span key={k} style={{ ...(n.color ? { color: n.color } : {}), ...(n.font ? { fontFamily: n.font } : {}) }}>
            {inline(n.c, `${k}.`)}
          </span>
        );
    }
  });
}

/**
 * Inline only (it sits inside <label>, <h2>, <legend>): a heading line is shown larger and bold, paragraphs
 * are separated by a line break.
 */
export const AuthorText = memo(function AuthorText({ text }: { text: string }) {
  if (text === NO_LABEL) return <NoLabel />;
  if (!hasMarkup(text)) return <>{isolateText(text)}</>;
  const blocks = parseMarkup(text);
  return (
    <>
      {blocks.map((b, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {b.level > 0 ? <strong className={`fs-md-h fs-md-h${b.level}`}>{inline(b.c)}</strong> : inline(b.c)}
        </Fragment>
      ))}
    </>
  );
});
