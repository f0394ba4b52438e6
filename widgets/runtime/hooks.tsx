// How widgets and templates read the runtime: by the instance path their FieldTemplate provides.
// Without a runtime (a widget rendered on its own, the contract suite) they fall back to rjsf's
// value and onChange, so every widget is an ordinary rjsf widget too.
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
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

export const useQuestionState = (path: string | null): QuestionState | undefined => useRuntimeValue(path, (r, p) => r.question(p), undefined);
export const useRelevant = (path: string | null): boolean => useRuntimeValue(path, (r, p) => r.relevant(p), true);
export const useShownError = (path: string | null): string | undefined => useRuntimeValue(path, (r, p) => r.error(p), undefined);
export const useChoiceNames = (path: string | null): readonly string[] | 'error' | undefined => useRuntimeValue(path, (r, p) => r.choices(p), undefined);
export const useInstanceCount = (path: string | null, fallback: number): number => useRuntimeValue(path, (r, p) => r.count(p), fallback);
