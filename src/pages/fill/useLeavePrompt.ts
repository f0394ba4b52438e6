// The unsaved-changes prompt (spec 001 section 2) for closing or reloading the tab: the browser's own
// question. Moves inside the app are asked about by the page's LeaveGuard (nav.ts).
import { useEffect } from 'react';

export function useLeavePrompt(dirty: { current: boolean }): void {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
