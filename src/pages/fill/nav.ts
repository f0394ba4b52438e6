// How the fill page meets the rest of the app. Opened at its own address it runs without the router
// (src/main.tsx): the address is the document's and leaving is a page load, which the browser's own
// prompt covers. Reached by a move inside the app, RoutedFillPage hands it the router's location and
// navigation and the unsaved-changes dialog for the next in-app move.
import { createContext, useContext, type ComponentType } from 'react';

export interface FillNav {
  pathname: string;
  search: string;
  /** Opens another page of the app. */
  go: (to: string) => void;
  /** Asks before an in-app move while there are unsaved answers; none outside the router. */
  LeaveGuard: ComponentType<{ dirty: { current: boolean } }> | null;
}

export const FillNavContext = createContext<FillNav | null>(null);

// Without the router the address changes only with a page load: read it once.
let documentNav: FillNav | null = null;

export function useFillNav(): FillNav {
  const routed = useContext(FillNavContext);
  documentNav ??= {
    pathname: window.location.pathname,
    search: window.location.search,
    go: (to) => window.location.assign(to),
    LeaveGuard: null,
  };
  return routed ?? documentNav;
}
