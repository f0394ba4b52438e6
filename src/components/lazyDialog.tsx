// Dialogs that load when first opened. Chakra's dialog (its focus trap and dismissable layers) and, on the
// survey link's page, Chakra itself (./plain/README.md) are bytes the fill page would otherwise carry for
// modals most respondents never see; each dialog's own code comes with it. Once opened a dialog stays
// mounted, so it closes with its animation.
import { Suspense, lazy, useState, type ComponentType } from 'react';

export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Loaded = lazy(() =>
    Promise.all([load(), import('./dialogChakra')]).then(([Dialog, { DialogChakra }]) => ({
      default: (props: P) => (
        <DialogChakra>
          <Dialog {...props} />
        </DialogChakra>
      ),
    })),
  );
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

export const whenOpen = (p: { open: boolean }): boolean => p.open;
