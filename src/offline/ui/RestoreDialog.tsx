// Offered when the page opens on a form whose answers were autosaved but never submitted (a crash, a
// closed tab, a dead battery): restore them, or start over.
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useTranslation } from '../../../widgets/runtime/texts';

export function RestoreDialog(props: { savedAt: number | null; onRestore: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={props.savedAt !== null}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={false}
      onOpenChange={(d) => !d.open && props.onRestore()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid="restore-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('offline.restore.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('offline.restore.body', { date: dayjs(props.savedAt ?? 0).format('DD/MM/YYYY HH:mm') })}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onDiscard} data-testid="restore-discard">
                {t('offline.restore.discard')}
              </Button>
              <Button colorPalette="brand" onClick={props.onRestore} data-testid="restore-accept">
                {t('offline.restore.restore')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
