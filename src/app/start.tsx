// The page's start, loaded by the entry (src/main.tsx) once that has asked for what the address needs
// first: React, Chakra and the interface texts, then the app or, at a survey's address, the fill page.
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { setSignedOutHandler } from '../api/client';
import { initI18n } from '../i18n';
import { Providers } from './providers';

const offline = () => import('../offline/runtime');

// A survey's address is what respondents open, often on a slow phone: there the fill page runs on its
// own, without the router and the route table (30 KiB gzip it would not use). Every other address gets
// the app. Both load alongside the interface texts.
/** The Chakra system: a survey's address needs the recipes of few components (./fillTheme.ts). */
const loadSystem = (fill: boolean) => (fill ? import('./fillTheme').then((m) => m.fillSystem) : import('./theme').then((m) => m.system));

function loadRoot(fill: boolean): Promise<ComponentType> {
  if (!fill) return import('./App').then((m) => m.App);
  setSignedOutHandler(() => window.location.assign('/auth/login'));
  return import('../pages/fill/FillPage').then((m) => m.FillPage);
}

export async function start(fill: boolean): Promise<void> {
  const [, Root, system, early] = await Promise.all([initI18n(fill), loadRoot(fill), loadSystem(fill), fill ? offline() : null]);
  // The fill page carries the offline side anyway. Started before the page asks for the survey, it hears
  // the service worker say the survey came from its cache (a message nobody listens for is lost).
  early?.startOffline();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers system={system}>
        <Root />
      </Providers>
    </StrictMode>,
  );

  // Elsewhere the service worker and the outbox sync start after the first render (src/offline/).
  if (!early) void offline().then((m) => m.startOffline());
}
