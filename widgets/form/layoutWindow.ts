// How much of a long survey is laid out: the root Layout (templates/Layout.tsx) lays out the first
// questions, then more each time the end of what is laid out comes within a screen of the view and,
// where asked, in the browser's idle time until the whole survey is there. The runtime holds every
// answer, relevance and calculation from the start: only the questions' DOM waits. Mounting a question
// costs a few tenths of a millisecond of a quiet machine (four times that on a cheap phone); a
// 2,000-question survey mounted whole kept its page from answering for seconds, while the respondent
// sees a dozen questions.
//
// The window's state lives in the root Layout, not in the page: a step re-renders that one template, as
// a transition React renders in slices (typing is never kept waiting for it), and never the page, rjsf's
// Form or the questions already laid out.
import { useState } from 'react';
import type { LayoutNode } from '../../engine/survey/index';

export interface LayoutWindowOptions {
  /** Questions laid out at first. */
  first: number;
  /** Questions added at each step. */
  step: number;
  /** Keep adding in idle time until everything is laid out (find-in-page, a screen reader's reading, Tab reach it all). */
  background?: boolean;
}

/** What a page holds of its form's window: the options, how far it got, and `reveal` for a scroll to a question. */
export class LayoutWindowControl {
  /** Questions laid out: kept when the form is laid out anew (a rebuilt preview keeps its scroll). */
  laidOut: number;
  private revealer: ((path: string) => void) | null = null;

  constructor(readonly options: LayoutWindowOptions) {
    this.laidOut = options.first;
  }

  /** Lays out, now, everything up to the question at an instance path (before scrolling to it). */
  reveal(path: string): void {
    this.revealer?.(path);
  }

  /** The root Layout answers `reveal` while it is mounted. */
  attach(revealer: (path: string) => void): () => void {
    this.revealer = revealer;
    return () => {
      if (this.revealer === revealer) this.revealer = null;
    };
  }
}

/** One control for the page's life (the form inside may be laid out anew). */
export function useLayoutWindow(options: LayoutWindowOptions): LayoutWindowControl {
  return useState(() => new LayoutWindowControl(options))[0];
}

export const sizeOf = (node: LayoutNode): number => (node.kind === 'question' ? 1 : node.children.reduce((n, c) => n + sizeOf(c), 0));

/**
 * Questions of the form's top level laid out up to and including the node that holds `name` (a
 * question, a repeat, or a question inside non-repeat sections); everything when the name is not found.
 */
export function questionsThrough(layout: readonly LayoutNode[], name: string): number {
  let count = 0;
  const walk = (nodes: readonly LayoutNode[]): boolean => {
    for (const node of nodes) {
      if (node.kind === 'section' && node.name !== name) {
        if (walk(node.children)) return true;
        continue;
      }
      count += sizeOf(node);
      if (node.name === name) return true;
    }
    return false;
  };
  return walk(layout) ? count : Number.POSITIVE_INFINITY;
}

/** The first step of an instance path: the top-level question or repeat it is in ('household[2]/age' -> 'household'). */
export const topName = (path: string): string => path.split('/')[0]!.replace(/\[\d+\]$/, '');

export { whenIdle } from '../runtime/schedule';
