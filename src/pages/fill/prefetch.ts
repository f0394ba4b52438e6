// The survey's data asked for as soon as the entry runs (issue 22), in parallel with the fill page's code
// rather than after it: on a slow link that is a round trip (2 s on slow 3G) and the JSON's download
// taken off the critical path. Kept small and free of the fill page's imports: src/main.tsx loads it with
// the entry. The fill page's query takes the answer once (usePreviewData); a failed early call is
// simply asked again there, with the query's retries.
import { api } from '../../api/client';
import { startEarly, takeEarly } from '../../api/early';
import type { FillRoute } from './route';

export const PREVIEW_PATH = '/Survey/GetPreviewData';

export const previewQuery = (route: FillRoute) => ({ surveyId: route.surveyId, uuid: route.linkUuid, taskId: route.taskId, messageReceiverId: route.receiverId });

const key = (route: FillRoute): string => `${PREVIEW_PATH} ${JSON.stringify(previewQuery(route))}`;

// Early answers already here, by key: under a service worker the survey usually arrives before the page's
// first render, which then draws the form at once instead of a spinner and, a frame later, the form.
const arrived = new Map<string, unknown>();

/** Starts reading the survey the route names. */
export function prefetchPreview(route: FillRoute): void {
  const k = key(route);
  startEarly(k, () => api.get<unknown>(PREVIEW_PATH, { query: previewQuery(route) })).then(
    (data) => arrived.set(k, data),
    () => undefined,
  );
}

/** The early answer for this route if it has already arrived (and is still fresh), taken with it; else undefined. */
export function takeArrived<T>(route: FillRoute): { data: T; promise: Promise<T> } | undefined {
  const k = key(route);
  if (!arrived.has(k)) return undefined;
  const data = arrived.get(k) as T;
  arrived.delete(k);
  const promise = takeEarly<T>(k);
  return promise ? { data, promise } : undefined;
}

/** The early answer for this route, once; undefined when there is none (or it was taken). */
export function takePrefetched<T>(route: FillRoute): Promise<T> | undefined {
  arrived.delete(key(route));
  return takeEarly<T>(key(route));
}
