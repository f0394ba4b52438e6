// Toasts appear top-right and close after 5 seconds (spec 000 section 8). They follow the page's
// language: in a right-to-left one (the fill page sets <html lang dir>) they are mirrored, top-left,
// their text right to left: the app's LocaleProvider (providers.tsx) follows <html lang dir>. Loaded on demand by ./toaster.tsx, whose notify() every page uses;
// the screens that update a toast (a progress) use the store here.
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useDocumentDir } from './documentLocale';
import type { ToastRequest } from './toaster';
import { TOAST_MAX, TOAST_MS } from './toastRules';

export const toaster = createToaster({ placement: 'top-end', duration: TOAST_MS, pauseOnPageIdle: true, max: TOAST_MAX });

/** onReady: told once the toaster runs, with how to show a toast (the ones asked for before included) and to close them all. */
export function ToastList({ onReady }: { onReady: (create: (t: ToastRequest) => void, dismiss: () => void) => void }) {
  const dir = useDocumentDir();
  // Zag's toast group mirrors 'end' twice in a right-to-left page (it turns top-end into top-left, then
  // places that with inset-inline-start, which right to left is the right-hand side again): asking for
  // 'top-start' there lands on the left, where 'end' is in Arabic. Idempotent, read at render.
  toaster.attrs.placement = dir === 'rtl' ? 'top-start' : 'top-end';
  // After the toaster's own effects have started its machine.
  useEffect(() => {
    const id = setTimeout(
      () =>
        onReady(
          (t) => void toaster.create(t),
          () => toaster.dismiss(),
        ),
      0,
    );
    return () => clearTimeout(id);
  }, [onReady]);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
