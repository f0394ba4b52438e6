// Toasts appear top-right and close after 5 seconds (spec 000 section 8). They follow the page's
// language (the LocaleProvider in providers.tsx): in a right-to-left one (the fill page sets <html lang
// dir>) they are mirrored, top-left, their text right to left (issue 18).
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useDocumentDir } from './documentLocale';

export const TOAST_MS = 5000;
export const toaster = createToaster({ placement: 'top-end', duration: TOAST_MS, pauseOnPageIdle: true, max: 5 });

type Kind = 'success' | 'error' | 'warning' | 'info';
export function notify(type: Kind, title: string, description?: string): void {
  toaster.create({ type, title, ...(description ? { description } : {}), closable: true });
}

export function Toaster() {
  const dir = useDocumentDir();
  // Zag's toast group mirrors 'end' twice in a right-to-left page (it turns top-end into top-left, then
  // places that with inset-inline-start, which right to left is the right-hand side again): asking for
  // 'top-start' there lands on the left, where 'end' is in Arabic (issue 18). Idempotent, read at render.
  toaster.attrs.placement = dir === 'rtl' ? 'top-start' : 'top-end';
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
