// The page's start, loaded by the entry (src/main.tsx) once that has asked for what the address needs
// first: React and the interface texts, then the app or, at a survey's address, the fill page.
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSignedOutHandler } from '../api/client';
import { initI18n } from '../i18n';
import { DATA_ROUTE } from '../pages/data/route';
import { session } from '../state/session';

const offline = () => import('../offline/runtime');

interface Root {
  Root: ComponentType;
  /** What it renders in: the app's Chakra provider, or the survey link's plain frame. */
  Frame: ComponentType<{ children: ReactNode }>;
  /** What the root needs once the texts are loaded (the app's i18next). */
  ready?: () => Promise<void>;
  /** The offline side, when the root carries it (the fill page). */
  offline?: { startOffline(): void };
}

// A survey's address is what respondents open, often on a slow phone: there the fill page runs on its
// own, without the router and the route table (30 KiB gzip it would not use), and without Chakra
// (../components/plain/README.md: its dialogs bring it when they open). Every other address gets the
// app. Both load alongside the interface texts.
function loadRoot(fill: boolean): Promise<Root> {
  if (!fill) {
    // The Survey Data table's page is asked for beside the app, not once the app has run and its
    // route has rendered: its chunk then arrives and compiles while the app's code runs.
    if (window.location.pathname === DATA_ROUTE.path && session.token) void import('../pages/data/SurveyDataPage');
    return import('./appRoot').then((m) => ({ Root: m.App, Frame: m.Frame, ready: m.ready }));
  }
  setSignedOutHandler(() => window.location.assign('/auth/login'));
  return import('./fillRoot').then((m) => ({ Root: m.FillPage, Frame: m.Frame, offline: { startOffline: m.startOffline } }));
}

export async function start(fill: boolean): Promise<void> {
  performance.mark('fs:start');
  const [, { Root, Frame, ready, offline: early }] = await Promise.all([initI18n(fill), loadRoot(fill)]);
  await ready?.();
  performance.mark('fs:code');
  // The fill page carries the offline side anyway. Started before the page asks for the survey, it hears
  // the service worker say the survey came from its cache (a message nobody listens for is lost).
  early?.startOffline();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Frame>
        <Root />
      </Frame>
    </StrictMode>,
  );

  // Elsewhere the service worker and the outbox sync start after the first render (src/offline/).
  if (!early) void offline().then((m) => m.startOffline());
}
