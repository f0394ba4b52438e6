// Toasts (spec 000 section 8) as every page asks for them. On a survey's address they are ./fillToasts.tsx,
// drawn at once and small (nothing to download before a notice can show); elsewhere Chakra's toaster (./toastStore.tsx: zag's toast machines,
// which the screens that update a toast in place use directly), loaded with the page.
// A toast asked for before its list is on screen waits here and shows then (one created in Chakra's store
// before its toaster had started would be lost).
import { lazy, Suspense } from 'react';
import { onSurveyAddress } from './fillInteractive';
import { FillToasts } from './fillToasts';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export interface ToastRequest {
  type: ToastKind;
  title: string;
  description?: string;
  closable: true;
}

const waiting: ToastRequest[] = [];
let create: ((t: ToastRequest) => void) | undefined;
let dismissAll: (() => void) | undefined;

export function notify(type: ToastKind, title: string, description?: string): void {
  const t: ToastRequest = { type, title, ...(description ? { description } : {}), closable: true };
  if (create) return create(t);
  waiting.push(t);
}

/**
 * Closes every toast. A toast keeps the words it was made with, so when someone picks another language (a
 * respondent another survey language, a user another interface language) the ones on screen would go on
 * speaking the old one. Not on every change of language: leaving the fill page gives the interface its
 * language back, and the respondent must still read that the answers were sent.
 */
export function dismissToasts(): void {
  waiting.length = 0;
  dismissAll?.();
}

function ready(c: (t: ToastRequest) => void, dismiss: () => void): void {
  create = c;
  dismissAll = dismiss;
  for (const t of waiting.splice(0)) c(t);
}

const ToastList = lazy(() => import('./toastStore').then((m) => ({ default: m.ToastList })));

export function Toaster() {
  return onSurveyAddress() ? <FillToasts onReady={ready} /> : <ChakraToasts />;
}

function ChakraToasts() {
  return (
    <Suspense fallback={null}>
      <ToastList onReady={ready} />
    </Suspense>
  );
}
