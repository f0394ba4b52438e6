// The fill page reached by a move inside the app (a task list, the builder's preview): the router's
// location and navigation, and the unsaved-changes dialog before the next in-app move.
import { useMemo } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { FillPage } from './FillPage';
import { LeaveDialog } from './dialogs';
import { FillNavContext, type FillNav } from './nav';

function RouterLeaveGuard({ dirty }: { dirty: { current: boolean } }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname);
  return <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

export default function RoutedFillPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const nav = useMemo<FillNav>(
    () => ({ pathname, search, go: (to) => void navigate(to), LeaveGuard: RouterLeaveGuard }),
    [pathname, search, navigate],
  );
  return (
    <FillNavContext.Provider value={nav}>
      <FillPage />
    </FillNavContext.Provider>
  );
}
