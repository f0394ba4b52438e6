import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { Providers } from './app/providers';
import { initI18n } from './i18n';

await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);

// The service worker and the outbox sync, in their own chunk after the first render (src/offline/).
void import('./offline/runtime').then((m) => m.startOffline());
