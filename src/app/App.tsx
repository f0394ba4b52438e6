// The router, built from the route table, and the screens' server state (react-query). Each route is
// guarded, framed (app shell, sign-in frame or nothing) and lazily loaded.
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setSignedOutHandler } from '../api/client';
import { queryClient } from './queryClient';
import { routes } from './routes';
import { RouteHost, UnknownRoute } from './RouteHost';
import { RouteError } from '../pages/errors/RouteError';

const pages = new Map(routes.map((r) => [r.path, lazy(r.page)]));

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
