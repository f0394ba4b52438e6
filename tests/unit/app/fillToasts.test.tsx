// @vitest-environment jsdom
// The toasts of a survey's address (src/app/fillToasts.tsx): a toast shows as a status with its
// title and description in a polite live region; the close button (named in the page's language) removes it; at most five are kept, the newest first; each
// closes by itself after five seconds, but not while the pointer rests on them; all close on request.
import { act } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FillToasts } from '../../../src/app/fillToasts';
import type { ToastRequest } from '../../../src/app/toaster';
import { mount, type Mounted } from '../widgets/support';

let m: Mounted | undefined;
let create: (t: ToastRequest) => void = () => undefined;
let dismiss: () => void = () => undefined;
const ready = (c: typeof create, d: typeof dismiss) => {
  create = c;
  dismiss = d;
};
const toast = (title: string, type: ToastRequest['type'] = 'success', description?: string): ToastRequest => ({
  type,
  title,
  closable: true,
  ...(description ? { description } : {}),
});
const shown = () => [...document.querySelectorAll<HTMLElement>('[role="status"]')];

beforeEach(() => {
  vi.useFakeTimers();
  // As on a survey's address: no Chakra provider (src/components/plain/README.md).
  m = mount(<FillToasts onReady={ready} />);
});
afterEach(() => {
  m?.unmount();
  vi.useRealTimers();
});

it('shows a toast as a status in a polite live region, with its title, description and a named close button', () => {
  act(() => create(toast('Error', 'error', 'Please provide at least one piece of information before submitting.')));
  const [one] = shown();
  expect(one?.getAttribute('data-testid')).toBe('toast-error');
  expect(one?.closest('[aria-live="polite"]')).not.toBeNull();
  expect(document.getElementById(one!.getAttribute('aria-labelledby')!)?.textContent).toBe('Error');
  expect(document.getElementById(one!.getAttribute('aria-describedby')!)?.textContent).toContain('at least one piece of information');
  const close = one!.querySelector('button')!;
  expect(close.getAttribute('aria-label')).toBe('Close');
  act(() => close.click());
  expect(shown()).toHaveLength(0);
});

it('keeps the five newest, newest first, and closes them after five seconds unless the pointer rests on them', () => {
  act(() => {
    for (let i = 1; i <= 6; i++) create(toast(`Notice ${i}`));
  });
  expect(shown().map((t) => t.textContent)).toEqual(['Notice 6', 'Notice 5', 'Notice 4', 'Notice 3', 'Notice 2']);
  const region = document.querySelector('[aria-live="polite"]')!;
  act(() => void region.dispatchEvent(new PointerEvent('pointerover', { bubbles: true })));
  act(() => void vi.advanceTimersByTime(6000));
  expect(shown()).toHaveLength(5);
  act(() => void region.dispatchEvent(new PointerEvent('pointerout', { bubbles: true })));
  act(() => void vi.advanceTimersByTime(4000));
  expect(shown()).toHaveLength(5);
  act(() => void vi.advanceTimersByTime(1500));
  expect(shown()).toHaveLength(0);
});

it('closes every toast when asked (another language was picked)', () => {
  act(() => {
    create(toast('Data has been downloaded.', 'info'));
    create(toast('We are offline now.', 'warning'));
  });
  expect(shown()).toHaveLength(2);
  act(() => dismiss());
  expect(shown()).toHaveLength(0);
});
