// After a submission went to the outbox (spec 001 "Submission outcomes"): a dialog counts down 10
// seconds and the form reloads, empty, ready for the next respondent.
import { Box, Button, Dialog, HStack, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import { LuCloudUpload } from './icons';

export const QUEUED_COUNTDOWN_S = 10;

export function QueuedDialog(props: { open: boolean; onReload: () => void; seconds?: number }) {
  const { t } = useTranslation();
  const total = props.seconds ?? QUEUED_COUNTDOWN_S;
  const [left, setLeft] = useState(total);
  const { open, onReload } = props;

  useEffect(() => {
    if (!open) return;
    setLeft(total);
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, total - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        onReload();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [open, total, onReload]);

  return (
    <Dialog.Root open={open} role="alertdialog" placement="center" closeOnInteractOutside={false} closeOnEscape={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid="queued-dialog">
            <Dialog.Header>
              <HStack gap="2">
                <Box color="blue.600" fontSize="xl" aria-hidden>
                  <LuCloudUpload />
                </Box>
                <Dialog.Title>{t('offline.queued.title')}</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{t('offline.queued.body')}</Text>
                <Text fontWeight="semibold" data-testid="queued-countdown" aria-live="polite">
                  {t('offline.queued.countdown', { count: left })}
                </Text>
                <Progress.Root value={((total - left) / total) * 100} size="sm" colorPalette="blue">
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onReload}>
                {t('offline.queued.reloadNow')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
