// What waits for the fill page's form to be on screen (issue 22): on a survey's address the form is what a
// respondent on a slow link waits for, so code the form does not need (the offline database, the toasts)
// loads after it. Resolves at once on any other address.
import { FILL_INTERACTIVE_EVENT, isSurveyAddress } from '../offline/sw/contract';

/** Longest wait: a page whose form never shows (a failed load) still gets the rest. */
const FILL_WAIT_MS = 20_000;

let onScreen: Promise<void> | undefined;

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
