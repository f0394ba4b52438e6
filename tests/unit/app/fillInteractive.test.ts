// @vitest-environment jsdom
// What waits on a survey's address (src/app/fillInteractive.ts): the offline database's first
// use waits for the form to be on screen; the chores no respondent waits on (old drafts purged, the outbox
// counted, the drafts list, the survey kept offline) wait 1.5 s more, unless the respondent asks for what
// they feed (the drafts list, the outbox); on any other address nothing waits.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FILL_INTERACTIVE_EVENT } from '../../../src/offline/sw/contract';

async function fresh(path: string) {
  history.replaceState(null, '', path);
  vi.resetModules();
  return import('../../../src/app/fillInteractive');
}
/** Whether the promise has resolved, read after the timers have run. */
function watch(p: Promise<void>): () => boolean {
  let done = false;
  void p.then(() => (done = true));
  return () => done;
}
const formOnScreen = () => window.dispatchEvent(new Event(FILL_INTERACTIVE_EVENT));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  history.replaceState(null, '', '/');
});

it('waits for nothing on an address other than a survey link', async () => {
  const m = await fresh('/surveys');
  const interactive = watch(m.afterFillInteractive());
  const settled = watch(m.afterFillSettled());
  await vi.advanceTimersByTimeAsync(0);
  expect(interactive()).toBe(true);
  expect(settled()).toBe(true);
});

it('on a survey link, starts the chores 1.5 s after the form is on screen, not before', async () => {
  const m = await fresh('/public-survey/abc');
  const interactive = watch(m.afterFillInteractive());
  const settled = watch(m.afterFillSettled());
  await vi.advanceTimersByTimeAsync(5_000);
  expect(interactive()).toBe(false);
  expect(settled()).toBe(false);
  formOnScreen();
  await vi.advanceTimersByTimeAsync(1);
  expect(interactive()).toBe(true);
  await vi.advanceTimersByTimeAsync(1_400);
  expect(settled()).toBe(false);
  await vi.advanceTimersByTimeAsync(200);
  expect(settled()).toBe(true);
});

it('starts them at once when the respondent opens the drafts or the outbox', async () => {
  const m = await fresh('/public-survey/abc');
  const settled = watch(m.afterFillSettled());
  formOnScreen();
  await vi.advanceTimersByTimeAsync(100);
  expect(settled()).toBe(false);
  m.settleNow();
  await vi.advanceTimersByTimeAsync(0);
  expect(settled()).toBe(true);
});

it('starts them anyway when the form never shows (a failed load)', async () => {
  const m = await fresh('/public-survey/abc');
  const settled = watch(m.afterFillSettled());
  await vi.advanceTimersByTimeAsync(20_000);
  expect(settled()).toBe(false);
  await vi.advanceTimersByTimeAsync(1_600);
  expect(settled()).toBe(true);
});
