// The router, built from the route table, and the screens' server state (react-query). Each route is
// guarded, framed (app shell, sign-in frame or nothing) and lazily loaded.
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { createBrowserRouter, matchPath, RouterProvider } from 'react-router';
import { setSignedOutHandler } from '../api/client';
import { queryClient } from './queryClient';
import { routeFor, routes } from './routes';
import { preloadRoute, RouteHost, UnknownRoute, verdictFor } from './RouteHost';
import { session } from '../state/session';
import { RouteError } from '../pages/errors/RouteError';

const pages = new Map(routes.map((r) => [r.path, lazy(r.page)]));

// The address's frame and page start loading with this module, while the interface texts load and
// before the router's first render (RouteHost would start them there, later); not for a page the guard
// will send the visitor away from.
const opening = routeFor(window.location.pathname, (pattern, path) => matchPath(pattern, path) !== null);
if (opening && verdictFor(opening, session) === 'show') preloadRoute(opening);

export function App() {
  const router = useMemo(() => {
    const r = createBrowserRouter([
      {
        errorElement: <RouteError />,
        children: [
          ...routes.map((route) => ({ path: route.path, element: <RouteHost route={route} Page={pages.get(route.path)!} /> })),
          { path: '*', element: <UnknownRoute /> },
        ],
      },
    ]);
    setSignedOutHandler(() => void r.navigate('/auth/login', { replace: true }));
    return r;
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
