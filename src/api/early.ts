// Calls started before the page that reads them has loaded (issues 16 and 22): the entry (src/main.tsx)
// knows the address at once, the page's code and its first render come several chunks later. Each call
// is kept under a key the page builds the same way, taken once; an answer left waiting longer than
// FRESH_MS (the app's query staleTime, src/app/queryClient.ts; long enough for the fill page's code on
// slow 3G) is dropped, so a page first opened later in the visit asks again rather than show old data.
const FRESH_MS = 30_000;

const early = new Map<string, { at: number; data: Promise<unknown> }>();

/** Starts a call now and keeps its answer for takeEarly(key). */
export function startEarly(key: string, call: () => Promise<unknown>): Promise<unknown> {
  const data = call();
  // Read by the page, or dropped: a rejection nobody awaits yet must not be reported as unhandled.
  data.catch(() => undefined);
  early.set(key, { at: Date.now(), data });
  return data;
}

/** The early answer under this key, once; undefined when there is none, it was taken, or it is stale. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const entry = early.get(key);
  early.delete(key);
  if (!entry || Date.now() - entry.at > FRESH_MS) return undefined;
  return entry.data as Promise<T>;
}
