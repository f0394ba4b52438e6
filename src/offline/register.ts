// Registers the service worker (production builds only; `npm run dev` has none) and turns its messages
// into the offline notices of spec 000 section 8. Every route gets the worker: it caches no API answer
// but the survey's data, so sign-in and the admin screens behave exactly as without it.
import { onWorkerMessages } from './workerMessages';
import { afterFillSettled } from '../app/fillInteractive';
import { writeCodeCache } from './codeCache';
import { isSurveyAddress, isWorkerMessage, type CacheUrlsMessage, type WorkerMessage } from './sw/contract';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export type WorkerNotice = (m: WorkerMessage) => void;

export function registerServiceWorker(onMessage: WorkerNotice): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // Messages that came before this listener (the entry asked for the survey early) first.
  onWorkerMessages((data) => {
    if (isWorkerMessage(data)) onMessage(data);
  });
  // A page that outlived a deploy asks for a chunk that is gone: load the current version instead.
  // The form in progress is autosaved, so nothing typed is lost.
  // Offline the chunk is missing for another reason, and a reload would only fail again (in a loop, since
  // the worker serves the page): then the route's error screen shows instead. Once a minute at most.
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine || recentlyReloaded()) return;
    event.preventDefault();
    window.location.reload();
  });
  const register = (): Promise<void> =>
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).then(
      (reg) => {
        // Phones keep tabs open for days: look for a new version now and then.
        setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
      },
      () => undefined, // no worker (private mode, blocked): the app still works online
    );
  // A page its worker served has run its modules from the worker's cache, and they have their code cache;
  // one from the network (a first visit) has it written now, for the next (codeCache.ts). This module is in
  // the fill page's 'fill' file (vite.config.ts), which imports the rest of the page's code.
  const fromNetwork = navigator.serviceWorker.controller === null;
  whenQuiet(() => {
    void register()
      .then(keepLoadedFiles)
      .then(() => {
        if (fromNetwork && isSurveyAddress(window.location.pathname)) return writeCodeCache(import.meta.url);
      });
  });
}

const RELOAD_KEY = 'fieldsurvey:chunk-reload';

function recentlyReloaded(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 60_000) return true;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // storage refused (private mode): reload anyway, as before
  }
  return false;
}

/**
 * Calls `start` once the page has what it needs: after 'load', and on the fill page once its form is on
 * screen and has settled (../app/fillInteractive.ts), so the worker's downloads never compete with a
 * respondent's first visit on a slow link, nor its start with their first taps on a repeat visit.
 */
function whenQuiet(start: () => void): void {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  if (isSurveyAddress(window.location.pathname)) {
    void Promise.all([loaded, afterFillSettled()]).then(start);
    return;
  }
  void loaded.then(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1000);
  });
}

/**
 * The files this page loaded before the worker controlled it (the screen the user opened first): the
 * worker keeps them, so that screen opens offline next time although it is not in the precache.
 */
async function keepLoadedFiles(): Promise<void> {
  const reg = await navigator.serviceWorker.ready;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${window.location.origin}/assets/`));
  // A survey link's page too, which the worker serves from its cache on the next visit (sw.ts).
  if (isSurveyAddress(window.location.pathname)) urls.push(window.location.href);
  const message: CacheUrlsMessage = { type: 'fieldsurvey:cache-urls', urls };
  reg.active?.postMessage(message);
}
