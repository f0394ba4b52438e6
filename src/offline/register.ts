// Registers the service worker (production builds only; `npm run dev` has none) and turns its messages
// into the offline notices of spec 000 section 8. Every route gets the worker: it caches no API answer
// but the survey's data, so sign-in and the admin screens behave exactly as without it.
import { isWorkerMessage, type WorkerMessage } from './sw/contract';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export type WorkerNotice = (m: WorkerMessage) => void;

export function registerServiceWorker(onMessage: WorkerNotice): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<unknown>) => {
    if (isWorkerMessage(e.data)) onMessage(e.data);
  });
  // A page that outlived a deploy asks for a chunk that is gone: load the current version instead.
  // The form in progress is autosaved, so nothing typed is lost.
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    window.location.reload();
  });
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).then(
      (reg) => {
        // Phones keep tabs open for days: look for a new version now and then.
        setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
      },
      () => undefined, // no worker (private mode, blocked): the app still works online
    );
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
