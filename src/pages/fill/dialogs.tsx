// The fill page's modals: 'Read more' (the survey's description), 'Survey expired', and the
// unsaved-changes prompt on leaving.
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from '../../../widgets/runtime/texts';
import { AppDialog, type AppDialogProps } from '../../components/AppDialog';

/** Full screen on a phone, at most 713 px wide elsewhere (the original's modal width). */
function Modal({ dir, ...p }: Omit<AppDialogProps, 'size' | 'contentProps'> & { dir?: 'ltr' | 'rtl' }) {
  return <AppDialog {...p} size={{ base: 'full', sm: 'md' }} contentProps={{ maxW: { sm: '713px' }, ...(dir ? { dir } : {}) }} />;
}

export function ReadMoreDialog({
  open,
  title,
  description,
  dir,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  dir: 'ltr' | 'rtl';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      testId="fill-read-more"
      dir={dir}
      footer={<Button onClick={onClose}>{t('fill.close')}</Button>}
    >
      <Text whiteSpace="pre-wrap">{description}</Text>
    </Modal>
  );
}

export function ExpiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('fill.expiredTitle')}
      onClose={onClose}
      testId="fill-expired"
      footer={<Button onClick={onClose}>{t('fill.close')}</Button>}
    >
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
