// Toasts appear top-right and close after 5 seconds (spec 000 section 8). They follow the page's
// language: in a right-to-left one (the fill page sets <html lang dir>) they are mirrored, top-left,
// their text right to left (issue 18).
import { Toaster as ChakraToaster, LocaleProvider, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';

export const TOAST_MS = 5000;
export const toaster = createToaster({ placement: 'top-end', duration: TOAST_MS, pauseOnPageIdle: true, max: 5 });

type Kind = 'success' | 'error' | 'warning' | 'info';
export function notify(type: Kind, title: string, description?: string): void {
  toaster.create({ type, title, ...(description ? { description } : {}), closable: true });
}

function watchLang(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'] });
  return () => observer.disconnect();
}
const documentLang = (): string => document.documentElement.lang || 'en';
const documentDir = (): string => document.documentElement.dir || 'ltr';

export function Toaster() {
  const lang = useSyncExternalStore(watchLang, documentLang, () => 'en');
  const dir = useSyncExternalStore(watchLang, documentDir, () => 'ltr');
  // Zag's toast group mirrors 'end' twice in a right-to-left page (it turns top-end into top-left, then
  // places that with inset-inline-start, which right to left is the right-hand side again): asking for
  // 'top-start' there lands on the left, where 'end' is in Arabic (issue 18). Idempotent, read at render.
  toaster.attrs.placement = dir === 'rtl' ? 'top-start' : 'top-end';
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
