import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { setSignedOutHandler } from './api/client';
import { Providers } from './app/providers';
import { initI18n } from './i18n';
import { prefetchPreview } from './pages/fill/prefetch';
import { isFillPath, parseFillRoute } from './pages/fill/route';

const offline = () => import('./offline/runtime');

// A survey's address is what respondents open, often on a slow phone: there the fill page runs on its
// own, without the router and the route table (30 KiB gzip it would not use). Every other address gets
// the app. Both load alongside the interface texts.
const fill = isFillPath(window.location.pathname);
function loadRoot(): Promise<ComponentType> {
  if (!fill) return import('./app/App').then((m) => m.App);
  setSignedOutHandler(() => window.location.assign('/auth/login'));
  // The survey downloads while the fill page's code does (./pages/fill/prefetch.ts). Not under a service
  // worker: the code then comes from its cache at once, and the worker's word that the survey came from
  // its cache must find the offline runtime listening (below).
  const route = parseFillRoute(window.location.pathname, window.location.search);
  if (route && !navigator.serviceWorker?.controller) prefetchPreview(route);
  return import('./pages/fill/FillPage').then((m) => m.FillPage);
}

const [, Root, early] = await Promise.all([initI18n(fill), loadRoot(), fill ? offline() : null]);
// The fill page carries the offline side anyway. Started before the page asks for the survey, it hears
// the service worker say the survey came from its cache (a message nobody listens for is lost).
early?.startOffline();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <Root />
    </Providers>
  </StrictMode>,
);

// Elsewhere the service worker and the outbox sync start after the first render (src/offline/).
if (!early) void offline().then((m) => m.startOffline());
