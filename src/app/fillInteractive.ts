// What waits for the fill page's form to be on screen: on a survey's address the form is what a
// respondent on a slow link waits for, so code the form does not need (the offline database, the toasts)
// loads after it. Resolves at once on any other address.
import { FILL_INTERACTIVE_EVENT, isSurveyAddress } from '../offline/sw/contract';
import { whenIdle } from '../../widgets/runtime/schedule';

/** Longest wait: a page whose form never shows (a failed load) still gets the rest. */
const FILL_WAIT_MS = 20_000;
/**
 * How long after the form shows the chores that can wait stay waiting: a respondent's first tap and
 * keystrokes come in the first second or two, and on a slow phone each chore (old drafts purged, the
 * outbox counted, the survey kept for offline use) is tens of milliseconds the tap would wait behind.
 */
const SETTLE_MS = 1500;

let onScreen: Promise<void> | undefined;
let settled: Promise<void> | undefined;
let settle: (() => void) | undefined;

/** A survey's address: what respondents open, where the fill page runs on its own (./start.tsx). */
export function onSurveyAddress(): boolean {
  return typeof window !== 'undefined' && isSurveyAddress(window.location.pathname);
}

export function afterFillInteractive(): Promise<void> {
  if (!onSurveyAddress()) return Promise.resolve();
  onScreen ??= new Promise((resolve) => {
    window.addEventListener(FILL_INTERACTIVE_EVENT, () => setTimeout(resolve, 0), { once: true });
    setTimeout(resolve, FILL_WAIT_MS);
  });
  return onScreen;
}

/**
 * For what no respondent waits on (housekeeping, counts behind a button, the survey kept offline): a
 * quiet moment 1.5 s after the form is on screen. What the respondent must see before typing (the
 * question whether to restore unsent answers) uses afterFillInteractive instead.
 */
export function afterFillSettled(): Promise<void> {
  if (!onSurveyAddress()) return Promise.resolve();
  settled ??= new Promise<void>((resolve) => {
    settle = resolve;
    // The next idle moment after that, at the latest a second later: a respondent typing without pause still gets them.
    void afterFillInteractive().then(() => whenIdle(resolve, SETTLE_MS));
  });
  return settled;
}

/** The respondent asked for what the chores feed (their drafts, the outbox): it starts now. */
export function settleNow(): void {
  settle?.();
}
