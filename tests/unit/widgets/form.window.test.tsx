// @vitest-environment jsdom
// A long survey laid out as it is reached (widgets/form/layoutWindow.ts): the first questions at once,
// more as the end comes near the view or the browser is idle, everything up to a question when a submit
// scrolls to it, everything before printing; the runtime holds the whole survey's answers throughout.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileSurvey, q, section, survey } from '../../../engine/survey/index';
import { LayoutWindow, LayoutWindowControl, SurveyForm, createRuntime } from '../../../widgets/index';
import { mount, type Mounted } from './support';

let m: Mounted | undefined;
let near: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
beforeEach(() => {
  // jsdom has no layout: the test says when the end of the form comes near the view.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(fn: (entries: { isIntersecting: boolean }[]) => void) {
        near = fn;
      }
      observe(): void {}
      disconnect(): void {}
    },
  );
});
afterEach(() => {
  m?.unmount();
  m = undefined;
  vi.unstubAllGlobals();
});

// 150 questions in three sections of 50; the last one's answer computed from the first.
const long = () =>
  survey(
    ...[0, 1, 2].map((s) =>
      section(
        `s${s}`,
        ...Array.from({ length: 50 }, (_, k) =>
          s === 2 && k === 49 ? q.calculate('q149').calculation('${q0} * 2') : q.integer(`q${s * 50 + k}`).label(`Question ${s * 50 + k}`),
        ),
      ).label(`Part ${s + 1}`),
    ),
  );

function mountWindowed(options = { first: 40, step: 50 }) {
  const runtime = createRuntime(compileSurvey(long()), { checkDelayMs: 0 });
  const control = new LayoutWindowControl(options);
  m = mount(
    <LayoutWindow.Provider value={control}>
      <SurveyForm runtime={runtime} />
    </LayoutWindow.Provider>,
  );
  return {
    runtime,
    control,
    shown: () => m!.container.querySelectorAll('.fs-q').length,
    has: (path: string) => m!.container.querySelector(`[data-path="${path}"]`) !== null,
  };
}

describe('a long survey laid out as it is reached', () => {
  it('lays out the first questions, then more each time the end comes near, until all are there', async () => {
    const w = mountWindowed();
    expect(w.shown()).toBe(40);
    expect(w.has('q39')).toBe(true);
    expect(w.has('q40')).toBe(false);
    // The section the window ends in shows its title; the sections after it are not there yet.
    expect(m!.container.querySelector('[data-section="s2"]')).toBeNull();
    await act(async () => near!([{ isIntersecting: true }]));
    expect(w.shown()).toBe(90);
    await act(async () => near!([{ isIntersecting: true }]));
    await act(async () => near!([{ isIntersecting: true }]));
    // 149 questions show (the calculation shows nothing), and the end marker is gone.
    expect(w.shown()).toBe(149);
    expect(m!.container.querySelector('.fs-more')).toBeNull();
  });

  it('draws the questions in blocks of ten that skip layout off screen, never split as the window grows', async () => {
    const w = mountWindowed();
    const first = m!.container.querySelector('[data-path="q0"]');
    const blocks = () => [...m!.container.querySelectorAll('.fs-block')];
    expect(blocks().map((b) => b.querySelectorAll('.fs-q').length)).toEqual([10, 10, 10, 10]);
    await act(async () => near!([{ isIntersecting: true }]));
    await act(async () => near!([{ isIntersecting: true }]));
    await act(async () => near!([{ isIntersecting: true }]));
    // Every question is in a block, a block holds one section's questions (50 = 5 blocks each), and
    // the questions drawn first are the same elements (nothing was drawn again as the window grew).
    expect(m!.container.querySelectorAll('.fs-q').length).toBe(149);
    expect(m!.container.querySelectorAll('.fs-block .fs-q').length).toBe(149);
    expect(blocks()).toHaveLength(15);
    expect(m!.container.querySelector('[data-section="s1"] .fs-block [data-path="q50"]')).not.toBeNull();
    expect(m!.container.querySelector('[data-path="q0"]')).toBe(first);
    expect(w.shown()).toBe(149);
  });

  it('keeps the whole survey running: a question not laid out yet is computed and checked', () => {
    const w = mountWindowed();
    act(() => w.runtime.set('q0', 4));
    expect(w.runtime.value('q149')).toBe(8);
    const result = w.runtime.validate()!;
    expect(result.data.q0).toBe(4);
    expect(String(result.data.q149)).toBe('8');
  });

  it('lays out at once as far as the question a submit scrolls to', () => {
    const w = mountWindowed();
    act(() => w.control.reveal('q120'));
    expect(w.has('q120')).toBe(true);
    expect(w.has('q99')).toBe(true);
    expect(w.has('q148')).toBe(false);
  });

  it('lays out everything before printing', () => {
    const w = mountWindowed();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(w.shown()).toBe(149);
  });

  it('lays out everything without a window', () => {
    const runtime = createRuntime(compileSurvey(long()), { checkDelayMs: 0 });
    m = mount(<SurveyForm runtime={runtime} />);
    expect(m.container.querySelectorAll('.fs-q').length).toBe(149);
  });
});
