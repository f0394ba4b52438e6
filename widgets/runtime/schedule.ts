// When the runtime's and the layout's own work runs: never between a respondent's change and the frame
// that shows it. On a cheap phone a full pass over a 2,000-question form's answers takes tens of
// milliseconds; run in that gap, it is what the respondent waits for.

/** Calls `fn` when the browser is idle (at the latest a second later), not before `afterMs`; returns the cancel. */
export function whenIdle(fn: () => void, afterMs = 0): () => void {
  let cancel = (): void => undefined;
  const idle = (): void => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(fn, { timeout: 1000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(fn, 50);
      cancel = () => clearTimeout(id);
    }
  };
  if (afterMs <= 0) idle();
  else {
    const id = setTimeout(idle, afterMs);
    cancel = () => clearTimeout(id);
  }
  return () => cancel();
}

/**
 * Calls `fn` once the next frame has been painted (a frame callback, then the task after it), not before
 * `afterMs`, then when the browser is idle; returns the cancel. Without frames (tests, a hidden page's
 * paused frames would hold it forever) it falls back to a timer.
 */
export function afterPaint(fn: () => void, afterMs = 0): () => void {
  let cancelled = false;
  let cancelIdle = (): void => undefined;
  const painted = (): void => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') cancelIdle = whenIdle(fn);
    else fn();
  };
  const frame = (): void => {
    if (cancelled) return;
    if (typeof requestAnimationFrame !== 'function' || (typeof document !== 'undefined' && document.visibilityState === 'hidden'))
      return painted();
    requestAnimationFrame(() => setTimeout(painted, 0));
  };
  const timer = setTimeout(frame, afterMs);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    cancelIdle();
  };
}
