import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { setSignedOutHandler } from './api/client';
import { Providers } from './app/providers';
import { initI18n } from './i18n';
import { isFillPath } from './pages/fill/route';

// A survey's address is what respondents open, often on a slow phone: there the fill page runs on its
// own, without the router and the route table (30 KiB gzip it would not use). Every other address gets
// the app. Both load alongside the interface texts.
function loadRoot(): Promise<ComponentType> {
  if (!isFillPath(window.location.pathname)) return import('./app/App').then((m) => m.App);
  setSignedOutHandler(() => window.location.assign('/auth/login'));
  return import('./pages/fill/FillPage').then((m) => m.FillPage);
}

const [, Root] = await Promise.all([initI18n(), loadRoot()]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <Root />
    </Providers>
  </StrictMode>,
);

// The service worker and the outbox sync, in their own chunk after the first render (src/offline/).
void import('./offline/runtime').then((m) => m.startOffline());
