// The frame the app's dialogs share: centred, a title (and an optional line under it), a body, an
// optional footer, and a close button - Escape and a click outside close it too. An `alert` must be
// answered through its buttons: no close button, and screen readers hear an alert dialog. Chakra is
// imported per component, so the fill route, which uses this frame, carries no more of it than it needs.
import { CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import type { ReactNode } from 'react';

export interface AppDialogProps {
  open: boolean;
  onClose: () => void;
  testId: string;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: Dialog.RootProps['size'];
  /** Long content scrolls inside the dialog instead of the page. */
  scroll?: boolean;
  alert?: boolean;
  /** Replaces the default side margin (mx 3), e.g. a maximum width or a writing direction. */
  contentProps?: Dialog.ContentProps;
}

export function AppDialog(p: AppDialogProps) {
  return (
    <Dialog.Root
      open={p.open}
      onOpenChange={(d) => !d.open && p.onClose()}
      placement="center"
      {...(p.size !== undefined ? { size: p.size } : {})}
      {...(p.scroll ? { scrollBehavior: 'inside' as const } : {})}
      {...(p.alert ? { role: 'alertdialog' as const } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={p.testId} {...(p.contentProps ?? { mx: '3' })}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>{p.title}</Dialog.Title>
              {p.subtitle}
            </Dialog.Header>
            <Dialog.Body>{p.children}</Dialog.Body>
            {p.footer !== undefined && <Dialog.Footer>{p.footer}</Dialog.Footer>}
            {!p.alert && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
