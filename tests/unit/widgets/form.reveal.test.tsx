// @vitest-environment jsdom
// What an answer makes relevant (widgets/templates/reveal.ts): a screenful of questions in the answer's
// own commit, the sections past it in the next, in document order; what the form first shows and what
// an answer hides, at once.
import { act, useLayoutEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { q, section } from '../../../engine/survey/index';
import { AT_ONCE, useRevealed } from '../../../widgets/templates/reveal';
import { createRoot } from 'react-dom/client';
import { click, mountSurvey, type Mounted, type MountedForm } from './support';

let m: Mounted | MountedForm | undefined;
/** A root of its own (no providers around), so that a render again updates the same sections. */
function mountBare(node: ReactNode): Mounted {
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(node));
  return { container, root, unmount: () => act(() => root.unmount()) };
}
const rerender = (node: ReactNode) => act(() => m!.root.render(node));
afterEach(() => {
  m?.unmount();
  m = undefined;
});

/** Each section's drawn state at each of its commits. */
function Sections({ relevant, sizes, log }: { relevant: boolean; sizes: number[]; log: boolean[][] }) {
  return sizes.map((size, i) => <Probe key={i} relevant={relevant} size={size} log={(log[i] ??= [])} />);
}
function Probe({ relevant, size, log }: { relevant: boolean; size: number; log: boolean[] }) {
  const shown = useRevealed(relevant, size);
  useLayoutEffect(() => void log.push(shown));
  return null;
}

describe('sections an answer opens', () => {
  it('draws a screenful in the first commit and the rest, in order, in the next', () => {
    const log: boolean[][] = [];
    // 8 questions fit the first commit; the next 8 would not, and the 2 after them wait behind them.
    m = mountBare(<Sections relevant={false} sizes={[8, 8, 2]} log={log} />);
    expect(AT_ONCE).toBe(10);
    rerender(<Sections relevant sizes={[8, 8, 2]} log={log} />);
    expect(log[0]!.slice(0, 2)).toEqual([false, true]);
    expect(log[1]!.slice(0, 3)).toEqual([false, false, true]);
    expect(log[2]!.slice(0, 3)).toEqual([false, false, true]);
  });

  it('draws a first section larger than a screenful at once, and what the form first shows at once', () => {
    const log: boolean[][] = [];
    m = mountBare(<Sections relevant={false} sizes={[30, 1]} log={log} />);
    rerender(<Sections relevant sizes={[30, 1]} log={log} />);
    expect(log[0]!.slice(0, 2)).toEqual([false, true]);
    expect(log[1]!.slice(0, 3)).toEqual([false, false, true]);
    m.unmount();
    const first: boolean[][] = [];
    m = mountBare(<Sections relevant sizes={[30, 30]} log={first} />);
    expect(first).toEqual([[true], [true]]);
  });

  it('hides at once, and the next answer has a screenful again', () => {
    const log: boolean[][] = [];
    m = mountBare(<Sections relevant sizes={[8, 8]} log={log} />);
    rerender(<Sections relevant={false} sizes={[8, 8]} log={log} />);
    // Both gone in the answer's own commit (and in any after it).
    expect(log.every((l) => l.length > 1 && l.slice(1).every((shown) => !shown))).toBe(true);
    const from = log.map((l) => l.length);
    rerender(<Sections relevant sizes={[8, 8]} log={log} />);
    expect(log[0]!.slice(from[0])[0]).toBe(true);
    expect(log[1]!.slice(from[1])).toEqual([false, true]);
  });

  it('on a form, ticking consent shows every section it opens', () => {
    const part = (name: string) =>
      section(name, ...Array.from({ length: 8 }, (_, i) => q.text(`${name}_${i}`).label(`${name} ${i}`)))
        .label(name)
        .relevant('${consent}');
    m = mountSurvey([q.acknowledge('consent').label('I agree'), part('a'), part('b'), part('c')]);
    const form = m as MountedForm;
    expect(form.container.querySelectorAll('.fs-q')).toHaveLength(1);
    click(form.container.querySelector('[data-path="consent"] input'));
    expect(form.container.querySelectorAll('.fs-q')).toHaveLength(25);
    expect([...form.container.querySelectorAll('[data-section]')].map((s) => s.getAttribute('data-section'))).toEqual(['a', 'b', 'c']);
  });
});
