// The entry: small on purpose, so that a respondent's survey is asked for early. At a survey's address it asks for the survey at once, as soon
// as this file and the API client have arrived, while the page's code (React, Chakra, the fill page: named
// as modulepreload links in the survey link's HTML, server/fillDocument.ts) is still downloading; with
// those as static imports here the request could only start once all of them had arrived and run, one
// more round trip (2 s on slow 3G) plus the survey's download after the code. Everything else starts in
// ./app/start.tsx.
import { prefetchSurveyData } from './pages/data/prefetch';
import { DATA_ROUTE } from './pages/data/route';
import { prefetchPreview, previewArrived } from './pages/fill/prefetch';
import { isFillPath, parseFillRoute } from './pages/fill/route';
import { holdWorkerMessages } from './offline/workerMessages';
// Marks of the start-up's steps (here, ./app/start.tsx), for a profile: tests/bench/profile-fill.ts lists them.
performance.mark('fs:entry');

/** How long the first render waits for the survey a service worker is answering from its cache. */
const CACHED_SURVEY_WAIT_MS = 1_000;

const fill = isFillPath(window.location.pathname);
// Under a service worker too (the repeat visit): the worker answers from its cache at once, and the
// request runs beside the start's module evaluation rather than after the page has mounted. Its word
// about the survey ('This survey has been updated.') is held until the offline runtime listens.
const route = fill ? parseFillRoute(window.location.pathname, window.location.search) : null;
if (route) {
  if (navigator.serviceWorker?.controller) holdWorkerMessages();
  prefetchPreview(route);
}
// The Survey Data table's calls likewise: its code comes after the app's and the shell's.
if (window.location.pathname === DATA_ROUTE.path) prefetchSurveyData(window.location.search);

const start = import('./app/start');
// From the device's cache the survey takes milliseconds; the bound keeps a worker that went to the
// network (its cache emptied) from holding the page back.
if (route && navigator.serviceWorker?.controller) await previewArrived(route, CACHED_SURVEY_WAIT_MS);
await (await start).start(fill);
