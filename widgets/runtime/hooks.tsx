// How widgets and templates read the runtime: by the instance path their FieldTemplate provides.
// Without a runtime (a widget rendered on its own, the contract suite) they fall back to rjsf's
// value and onChange, so every widget is an ordinary rjsf widget too.
import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import type { QuestionState } from '../../engine/expression/index';
import type { FormRuntime } from './store';

export const RuntimeContext = createContext<FormRuntime | null>(null);
/** The instance path of the question being rendered ('household[2]/age'). */
export const PathContext = createContext<string | null>(null);

export const useRuntime = (): FormRuntime | null => useContext(RuntimeContext);
export const usePath = (): string | null => useContext(PathContext);

const never = () => () => undefined;

function useRuntimeValue<T>(path: string | null, read: (rt: FormRuntime, path: string) => T, fallback: T): T {
  const rt = useRuntime();
  const subscribe = useCallback((fn: () => void) => (rt && path !== null ? rt.subscribe(path, fn) : () => undefined), [rt, path]);
  const get = () => (rt && path !== null ? read(rt, path) : fallback);
  return useSyncExternalStore(rt && path !== null ? subscribe : never, get, get);
}

/** The widget's answer and its setter: the runtime's when there is one, else rjsf's props. */
export function useAnswer(props: { value: unknown; onChange: (value: unknown) => void }): [unknown, (value: unknown) => void] {
  const rt = useRuntime();
  const path = usePath();
  const value = useRuntimeValue(path, (r, p) => r.value(p), props.value);
  const { onChange } = props;
  const set = useCallback(
    (v: unknown) => {
      if (rt && path !== null) rt.set(path, v);
      else onChange(v);
    },
    [rt, path, onChange],
  );
  return [rt && path !== null ? value : props.value, set];
}

export const useRelevant = (path: string | null): boolean => useRuntimeValue(path, (r, p) => r.relevant(p), true);
export const useChoiceNames = (path: string | null): readonly string[] | 'error' | undefined =>
  useRuntimeValue(path, (r, p) => r.choices(p), undefined);
export const useInstanceCount = (path: string | null, fallback: number): number => useRuntimeValue(path, (r, p) => r.count(p), fallback);

/** What a question's frame shows: whether it is shown, its live label and hint, the error to show. */
export interface FrameState {
  relevant: boolean;
  question: QuestionState | undefined;
  error: string | undefined;
}

const NO_FRAME: FrameState = { relevant: true, question: undefined, error: undefined };

/**
 * The frame's three readings through one subscription: a relevance change that opens 200 questions
 * wakes each frame once, not three times (the listeners run inside the respondent's input event).
 */
export function useFrameState(path: string | null): FrameState {
  const last = useRef<FrameState>(NO_FRAME);
  return useRuntimeValue(
    path,
    (r, p) => {
      const relevant = r.relevant(p);
      const question = r.question(p);
      const error = r.error(p);
      const was = last.current;
      if (was.relevant === relevant && was.question === question && was.error === error) return was;
      return (last.current = { relevant, question, error });
    },
    NO_FRAME,
  );
}
