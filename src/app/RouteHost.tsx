// The guard and the frame of one route. A signed-out visitor of a protected page goes to the login
// page; a signed-in user without an allowed role goes to /unauthorized (spec 000 section 2).
import { Suspense, lazy, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';
import { allows, type RouteDecl } from './routes';
import NotFoundPage from '../pages/errors/NotFoundPage';
import { PageSpinner } from '../components/PageSpinner';

// The frames are chunks of their own: the public fill page (shell 'bare') carries neither the app
// shell's menus and tabs nor the sign-in frame.
const loadAppShell = () => import('./shell/AppShell').then((m) => ({ default: m.AppShell }));
const loadAuthFrame = () => import('./shell/AuthFrame').then((m) => ({ default: m.AuthFrame }));
const AppShell = lazy(loadAppShell);
const AuthFrame = lazy(loadAuthFrame);

const started = new WeakSet<RouteDecl>();

/**
 * Starts loading a route's frame and page together. Rendered, the page is inside the frame, so React
 * would only ask for the page's chunk once the frame's had arrived and rendered: a chain that held the
 * Survey Data table's first page back. The browser loads each module once, so the lazy
 * components' own imports then find them started or done.
 */
export function preloadRoute(route: RouteDecl): void {
  if (started.has(route)) return;
  started.add(route);
  if (route.shell === 'app') void loadAppShell();
  else if (route.shell === 'auth') void loadAuthFrame();
  void route.page();
}

type Verdict = { go: string } | 'show';

export function verdictFor(
  route: RouteDecl,
  s: { token: string | null; organizationId: string | null; roles: readonly string[] },
): Verdict {
  const signedIn = !!s.token;
  switch (route.access) {
    case 'public':
      return 'show';
    case 'signed-out':
      return signedIn ? { go: '/' } : 'show';
    case 'signed-in':
      return signedIn ? 'show' : { go: '/auth/login' };
    default:
      if (!signedIn) return { go: '/auth/login' };
      if (!s.organizationId) return { go: '/organizations' };
      return allows(route, s.roles) ? 'show' : { go: '/unauthorized' };
  }
}

export function RouteHost({ route, Page }: { route: RouteDecl; Page: ComponentType }) {
  const snap = useSnapshot(session);
  const location = useLocation();
  const verdict = verdictFor(route, snap);
  if (verdict === 'show') preloadRoute(route);
  if (verdict !== 'show') {
    const state = verdict.go === '/auth/login' ? { from: location.pathname + location.search } : undefined;
    return <Navigate to={verdict.go} replace state={state} />;
  }
  const page = (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
  if (route.shell === 'app') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AppShell route={route}>{page}</AppShell>
      </Suspense>
    );
  }
  if (route.shell === 'auth') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AuthFrame>{page}</AuthFrame>
      </Suspense>
    );
  }
  return page;
}

/**
 * Paths in no route: signed-out visitors see the login screen (spec 000 section 2); signed-in users
 * see the 404 page. The original showed its 500 page here, which told users the server had failed
 * when they had only followed a bad link.
 */
export function UnknownRoute() {
  const snap = useSnapshot(session);
  if (!snap.token) return <Navigate to="/auth/login" replace />;
  return <NotFoundPage />;
}
