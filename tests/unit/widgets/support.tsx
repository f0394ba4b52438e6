// Rendering surveys and widgets in jsdom without @testing-library: react-dom's root inside act(),
// i18next with the English texts, and small helpers to find and drive elements.
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { compileSurvey, type ItemBuilder, type SurveyModel, survey } from '../../../engine/survey/index';
import en from '../../../src/i18n/locales/en.json';
import { texts } from '../../../widgets/runtime/texts';
import { SurveyForm, createRuntime, type FormRuntime } from '../../../widgets/index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The fill route's texts (widgets/runtime/texts.ts), which the widgets read, and the app's (global) i18next.
texts.addResourceBundle('en', en);
const i18n = i18next;
void i18n
  .use(initReactI18next)
  .init({ resources: { en: { translation: en } }, lng: 'en', interpolation: { escapeValue: false }, initAsync: false });

export interface Mounted {
  container: HTMLElement;
  root: Root;
  unmount(): void;
}

export function mount(node: ReactNode): Mounted {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

export interface MountedForm extends Mounted {
  runtime: FormRuntime;
  model: SurveyModel;
}

export function mountSurvey(
  items: ItemBuilder[] | SurveyModel,
  opts: { data?: Record<string, unknown>; readOnly?: boolean; languageId?: number } = {},
): MountedForm {
  const model = Array.isArray(items) ? survey(...items) : items;
  const form = compileSurvey(model, opts.languageId);
  const runtime = createRuntime(form, {
    ...(opts.data ? { data: opts.data } : {}),
    ...(opts.readOnly ? { readOnly: true } : {}),
    checkDelayMs: 0,
  });
  return { ...mount(<SurveyForm runtime={runtime} />), runtime, model };
}

/** The frame of a question ('household[2]/age'). */
export function question(container: HTMLElement, path: string): HTMLElement {
  const el = container.querySelector<HTMLElement>(`[data-path="${path}"]`);
  if (el === null) throw new Error(`no question at ${path}`);
  return el;
}

export const click = (el: Element | null): void => {
  if (el === null) throw new Error('nothing to click');
  act(() => (el as HTMLElement).click());
};

/** Types into an input or text area the way React hears it. */
export function type(el: Element | null, text: string): void {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement))
    throw new Error('not an input');
  const proto =
    el instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : el instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')!.set!;
  act(() => {
    setter.call(el, text);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

export function blur(el: Element | null): void {
  act(() => {
    el?.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

/** Lets timers run: long enough for the runtime's check, which waits for a frame (jsdom draws one every 16 ms). */
export async function settle(ms = 40): Promise<void> {
  await act(() => new Promise((r) => setTimeout(r, ms)));
}

/** Lets timers run until `check` holds (a busy machine may need several frames), or the time is up. */
export async function settleUntil(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  do await settle();
  while (!check() && Date.now() < end);
}
