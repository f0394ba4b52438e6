// Toasts appear top-right and close after 5 seconds (spec 000 section 8). They follow the page's
// language: in a right-to-left one (the fill page sets <html lang dir>) they are mirrored, top-left,
// their text right to left (issue 18). Loaded on demand by ./toaster.tsx, whose notify() every page uses;
// the screens that update a toast (a progress) use the store here.
import { Toaster as ChakraToaster, LocaleProvider, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect, useSyncExternalStore } from 'react';
import type { ToastRequest } from './toaster';

export const TOAST_MS = 5000;
export const toaster = createToaster({ placement: 'top-end', duration: TOAST_MS, pauseOnPageIdle: true, max: 5 });


function watchLang(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'] });
  return () => observer.disconnect();
}
const documentLang = (): string => document.documentElement.lang || 'en';

/** onReady: told once the toaster runs, with how to show a toast (the ones asked for before included). */
export function ToastList({ onReady }: { onReady: (create: (t: ToastRequest) => void) => void }) {
  const lang = useSyncExternalStore(watchLang, documentLang, () => 'en');
  // After the toaster's own effects have started its machine.
  useEffect(() => {
    const id = setTimeout(() => onReady((t) => void toaster.create(t)), 0);
    return () => clearTimeout(id);
  }, [onReady]);
  return (
    <Portal>
      <LocaleProvider locale={lang}>
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
      </LocaleProvider>
    </Portal>
  );
}
