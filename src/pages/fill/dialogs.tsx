// The fill page's modals: 'Read more' (the survey's description), 'Survey expired', and the
// unsaved-changes prompt on leaving.
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  footer: ReactNode;
  onClose: () => void;
  testId: string;
  dir?: 'ltr' | 'rtl';
}

function Modal({ open, title, children, footer, onClose, testId, dir }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="center" size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} maxW={{ sm: '713px' }} {...(dir ? { dir } : {})}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function ReadMoreDialog({ open, title, description, dir, onClose }: { open: boolean; title: string; description: string; dir: 'ltr' | 'rtl'; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title} onClose={onClose} testId="fill-read-more" dir={dir} footer={<Button onClick={onClose}>{t('fill.close')}</Button>}>
      <Text whiteSpace="pre-wrap">{description}</Text>
    </Modal>
  );
}

export function ExpiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('fill.expiredTitle')} onClose={onClose} testId="fill-expired" footer={<Button onClick={onClose}>{t('fill.close')}</Button>}>
      <Text>{t('fill.expiredBody')}</Text>
    </Modal>
  );
}

export function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('fill.leaveTitle')}
      onClose={onStay}
      testId="fill-leave"
      footer={
        <>
          <Button variant="outline" onClick={onStay}>
            {t('fill.stay')}
          </Button>
          <Button colorPalette="red" onClick={onLeave}>
            {t('fill.leave')}
          </Button>
        </>
      }
    >
      <Text>{t('fill.leaveBody')}</Text>
    </Modal>
  );
}
