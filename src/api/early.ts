// Calls started before the page that reads them has loaded (the fill page and the Survey Data
// table, which must be interactive soon after their address opens): the entry (src/main.tsx)
// knows the address at once, the page's code and its first render come several chunks later. Each call
// is kept under a key the page builds the same way, taken once; an answer left waiting longer than
// FRESH_MS (the app's query staleTime, src/app/queryClient.ts; long enough for the fill page's code on
// slow 3G) is dropped, so a page first opened later in the visit asks again rather than show old data.
const FRESH_MS = 30_000;

const early = new Map<string, { at: number; data: Promise<unknown>; settled?: { value: unknown } }>();

/** Starts a call now and keeps its answer for takeEarly(key) (or takeSettled(key), once it has arrived). */
export function startEarly(key: string, call: () => Promise<unknown>): void {
  const data = call();
  const entry: { at: number; data: Promise<unknown>; settled?: { value: unknown } } = { at: Date.now(), data };
  // Read by the page, or dropped: a rejection nobody awaits yet must not be reported as unhandled.
  data.then(
    (value) => (entry.settled = { value }),
    () => undefined,
  );
  early.set(key, entry);
}

/**
 * The early answer under this key if it has already arrived, once (as takeEarly); undefined when it has
 * not (it is then left for takeEarly), failed, was taken, or is stale. A page rendering after its data
 * arrived draws it in its first render instead of a render without it and another a task later.
 */
export function takeSettled<T>(key: string): T | undefined {
  const entry = early.get(key);
  if (!entry?.settled) return undefined;
  early.delete(key);
  return Date.now() - entry.at > FRESH_MS ? undefined : (entry.settled.value as T);
}

/** The early answer under this key, once; undefined when there is none, it was taken, or it is stale. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const entry = early.get(key);
  early.delete(key);
  if (!entry || Date.now() - entry.at > FRESH_MS) return undefined;
  return entry.data as Promise<T>;
}

/** Resolves once the call under this key has settled, or after `ms`, whichever comes first; never rejects. */
export function settledWithin(key: string, ms: number): Promise<void> {
  const entry = early.get(key);
  if (!entry || entry.settled) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    entry.data.then(
      () => (clearTimeout(timer), resolve()),
      () => (clearTimeout(timer), resolve()),
    );
  });
}
