// Stands in for markdown-to-jsx, which @rjsf/core imports for descriptions written in Markdown. No form of
// ours turns Markdown on (ui:enableMarkdownInDescription), and the real parser weighs 24 KiB gzip on the
// fill route, whose budget is 350 KiB. Text passes through as text.
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
