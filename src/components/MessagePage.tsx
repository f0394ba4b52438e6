// A centred message with an illustration-free layout, used by the error and notice pages and the survey
// link's end screens. Plain (./plain/README.md): those end screens run without Chakra.
import type { ReactNode } from 'react';
import { useInAppShell } from '../app/shell/frame';
import { LogoMark, PRODUCT_NAME } from '../app/shell/LogoMark';
import './plain/plain.css';

export function MessagePage({
  code,
  title,
  body,
  actions,
  testId,
}: {
  code?: string;
  title: string;
  body?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  // Inside the signed-in frame the page is part of its <main>, under its logo.
  const framed = useInAppShell();
  const Outer = framed ? 'section' : 'main';
  return (
    <Outer className={framed ? 'pl-center pl-message pl-message-framed' : 'pl-center pl-message'}>
      <div className="pl-message-body" data-testid={testId}>
        {/* A plain link: the fill page's end screens show this page without the router. */}
        {framed ? null : (
          <a href="/" aria-label={PRODUCT_NAME}>
            <LogoMark />
          </a>
        )}
        {code && <p className="pl-message-code">{code}</p>}
        <h1 className="pl-message-title">{title}</h1>
        {body && <p className="pl-message-text">{body}</p>}
        {actions && <div className="pl-message-actions">{actions}</div>}
      </div>
    </Outer>
  );
}
