// Consecutive questions of a level drawn in blocks of a few, and `content-visibility: auto` on the
// block rather than on each question (widgets.css). Chromium implements `content-visibility: auto`
// with an intersection observer over every element that has it: on each question, a 2,000-question
// form made every frame compute 2,000 intersections (12-16 ms of a 4x-slowed phone's frame, 39 ms in
// the frame that showed the 205 questions a driver opens: docs/decisions/0058-fill-page-loading-order.md). A block of ten
// is about two phone screens: few enough boxes to observe, small enough that a block on screen lays
// out little that is not.
import type { ReactNode } from 'react';

/** Questions in a block. */
export const BLOCK = 10;

/** The height a block takes before it was ever laid out: a question's usual height per question. */
const QUESTION_PX = 110;

export function Block({ questions, children }: { questions: number; children: ReactNode }) {
  return (
    <div className="fs-block" style={{ containIntrinsicSize: `auto ${questions * QUESTION_PX}px` }}>
      {children}
    </div>
  );
}
