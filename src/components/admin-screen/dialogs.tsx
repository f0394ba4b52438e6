// The confirm dialog of a declared action ('Delete Item': 'No, keep it' / 'Yes, delete it') and the
// dialog a problem opens (plan limits, a workspace that cannot be deleted).
import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ConfirmDialog as ConfirmDecl } from '../../../schemas/screens';

export function ConfirmDialog(props: { confirm: ConfirmDecl | null; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const c = props.confirm;
  return (
    <Dialog.Root role="alertdialog" open={!!c} onOpenChange={(d) => !d.open && props.onCancel()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog" mx="3">
            {c && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t(c.title)}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="2">
                    <Text>{t(c.body)}</Text>
                    {c.warning && (
                      <Text fontSize="sm" color="gray.600">
                        {t(c.warning)}
                      </Text>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={props.onCancel} disabled={props.busy}>
                    {t(c.cancel)}
                  </Button>
                  <Button colorPalette="red" onClick={props.onConfirm} loading={props.busy} data-testid="confirm-yes">
                    {t(c.confirm)}
                  </Button>
                </Dialog.Footer>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function ProblemDialog(props: { problem: { title: string; body: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const p = props.problem;
  return (
    <Dialog.Root open={!!p} onOpenChange={(d) => !d.open && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="problem-dialog" mx="3">
            <Dialog.Header>
              <Dialog.Title>{p?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{p?.body}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={props.onClose}>
                {t('adminScreen.ok')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
