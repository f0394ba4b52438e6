// What an answer makes relevant is drawn in two steps. Ticking a survey's consent box can open every
// section after it at once: on the demo survey 28 questions, 236 elements, whose mount and layout held the
// tick itself for about 100 ms of a 4x-slowed phone before the box showed ticked. Now the
// sections it opens are drawn in the answer's own frame up to about a screenful of questions
// (AT_ONCE, in document order: the first section always), and the rest right after, as a transition
// React renders in slices, so the next tap or key is not kept waiting for them. A section whose rule
// turns false goes at once; what is relevant when the form first shows is drawn at once as before.
import { useDeferredValue, useRef } from 'react';
import { BLOCK } from './blocks';

/** Questions drawn in the answer's own frame: a block, about a phone screen and a half. */
export const AT_ONCE = BLOCK;

// The questions drawn at once in this render, and whether a section had to wait: reset once the render's
// task has run its microtasks, so every section one answer opens shares one budget. Once one section
// waits, the sections after it wait too: a later section drawn first would be pushed down by it.
let spent = 0;
let full = false;
let resetQueued = false;

function take(questions: number): boolean {
  if (!resetQueued) {
    resetQueued = true;
    queueMicrotask(() => {
      spent = 0;
      full = false;
      resetQueued = false;
    });
  }
  if (full || (spent > 0 && spent + questions > AT_ONCE)) {
    full = true;
    return false;
  }
  spent += questions;
  return true;
}

/**
 * Whether a section is drawn now: `relevant` as the runtime says, except that a section turning
 * relevant after the form first showed waits for the transition when the answer's frame has drawn its
 * screenful already. `questions` is the section's size.
 */
export function useRevealed(relevant: boolean, questions: number): boolean {
  // On the first render useDeferredValue gives `relevant` itself; later it lags a turn behind a change.
  const settled = useDeferredValue(relevant);
  // Decided once per opening (a render may run again before it commits).
  const now = useRef<boolean | null>(null);
  if (!relevant || settled) now.current = null;
  else now.current ??= take(questions);
  return relevant && (settled || now.current === true);
}
