// Toasts (spec 000 section 8) as every page asks for them. Chakra's toaster (zag's toast machines, the
// recipe: about 8 KiB compressed) is not on the fill route's critical path (issue 22): ./toastStore.tsx
// loads after the fill page's form is on screen, at once elsewhere, or when a toast is asked for first.
// A toast asked for before it is on screen waits here and shows then (one created in Chakra's store before
// its toaster had started would be lost).
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFillInteractive } from './fillInteractive';

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
let wanted: (() => void) | undefined;

export function notify(type: ToastKind, title: string, description?: string): void {
  const t: ToastRequest = { type, title, ...(description ? { description } : {}), closable: true };
  if (create) return create(t);
  waiting.push(t);
  wanted?.();
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
  const [load, setLoad] = useState(false);
  useEffect(() => {
    let live = true;
    wanted = () => setLoad(true);
    if (waiting.length > 0) setLoad(true);
    void afterFillInteractive().then(() => live && setLoad(true));
    return () => {
      live = false;
      wanted = undefined;
    };
  }, []);
  return load ? (
    <Suspense fallback={null}>
      <ToastList onReady={ready} />
    </Suspense>
  ) : null;
}
