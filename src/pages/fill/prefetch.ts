// The survey's data asked for as soon as the entry runs, in parallel with the fill page's code
// rather than after it: on a slow link that is a round trip (2 s on slow 3G) and the JSON's download
// taken off the critical path. Kept small and free of the fill page's imports: src/main.tsx loads it with
// the entry. The fill page's query takes the answer once (usePreviewData); a failed early call is
// simply asked again there, with the query's retries.
import type { RequestOf } from '../../../schemas/endpoint';
import type { SURVEYS_API } from '../../../schemas/surveys';
import { api } from '../../api/client';
import { settledWithin, startEarly, takeEarly, takeSettled } from '../../api/early';
import type { FillRoute } from './route';

// The entry ships this module and must stay small: the path is written here, without the declaration's
// schemas, and the compiler holds it to the declaration.
export const PREVIEW_PATH = '/Survey/GetPreviewData' satisfies typeof SURVEYS_API.getPreviewData.path;

/** The call's query for the route: what the route does not name is left out. */
export const previewQuery = (route: FillRoute): RequestOf<typeof SURVEYS_API.getPreviewData>['query'] => ({
  surveyId: route.surveyId,
  ...(route.linkUuid !== null ? { uuid: route.linkUuid } : {}),
  ...(route.taskId !== null ? { taskId: route.taskId } : {}),
  ...(route.receiverId !== null ? { messageReceiverId: route.receiverId } : {}),
});

const key = (route: FillRoute): string => `${PREVIEW_PATH} ${JSON.stringify(previewQuery(route))}`;

/** Starts reading the survey the route names. */
export function prefetchPreview(route: FillRoute): void {
  startEarly(key(route), () => api.get<unknown>(PREVIEW_PATH, { query: previewQuery(route) as Record<string, string | number> }));
}

/**
 * The early answer for this route if it has already arrived (and is still fresh), once; else undefined.
 * Under a service worker the survey usually arrives before the page's first render, which then draws the
 * form at once instead of a spinner and, a frame later, the form.
 */
export function takeArrived<T>(route: FillRoute): T | undefined {
  return takeSettled<T>(key(route));
}

/** The early answer for this route, once; undefined when there is none (or it was taken). */
export function takePrefetched<T>(route: FillRoute): Promise<T> | undefined {
  return takeEarly<T>(key(route));
}

/**
 * Waits (at most `ms`) for the early answer. Under a service worker it comes from the device's cache in
 * a few milliseconds, but a busy phone may still be evaluating the page's code when the first render
 * would run: waiting that long lets the first render draw the form rather than a spinner for one frame.
 */
export function previewArrived(route: FillRoute, ms: number): Promise<void> {
  return settledWithin(key(route), ms);
}
